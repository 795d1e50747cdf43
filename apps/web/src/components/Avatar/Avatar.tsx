import type { Ref } from 'react';
import { avatarOrNull } from '@pinboard/shared/text/avatar';
import styles from './Avatar.module.css';

/** Background colours for avatars without an image, picked by avatar_color_index. */
const AVATAR_COLORS = ['#0076d3', '#0a7c42', '#b8860b', '#7b2cbf', '#c2185b', '#00796b', '#5d4037', '#e60023'] as const;

export interface AvatarProps {
  name: string;
  imageUrl?: string | null;
  colorIndex?: number;
  size?: number;
  /** Alt text for the image; decorative (empty) by default because a name is usually beside it. */
  alt?: string;
  ref?: Ref<HTMLSpanElement>;
}

function colorFor(name: string, colorIndex: number | undefined): string {
  const index = colorIndex ?? [...name].reduce((sum, ch) => sum + (ch.codePointAt(0) ?? 0), 0);
  return AVATAR_COLORS[Math.abs(index) % AVATAR_COLORS.length] ?? AVATAR_COLORS[0];
}

export function Avatar({ name, imageUrl, colorIndex, size = 32, alt = '', ref }: AvatarProps) {
  const image = avatarOrNull(imageUrl);
  const initial = [...name.trim()][0] ?? '?';
  return (
    <span
      ref={ref}
      className={styles.avatar}
      style={{ width: size, height: size, fontSize: Math.round(size * 0.45), background: image ? 'var(--color-grey)' : colorFor(name, colorIndex) }}
      {...(alt && !image ? { role: 'img', 'aria-label': alt } : {})}
    >
      {image ? <img src={image} alt={alt} width={size} height={size} /> : <span aria-hidden="true">{initial}</span>}
    </span>
  );
}
