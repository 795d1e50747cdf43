import type { Ref } from 'react';
import { avatarColor } from '@pinboard/shared/constants/avatarColors';
import { avatarOrNull } from '@pinboard/shared/text/avatar';
import styles from './Avatar.module.css';

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
  return avatarColor(index);
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
