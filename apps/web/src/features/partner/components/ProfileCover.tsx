import { Link } from 'react-router';
import { TEXTS } from '../../../lib/texts';
import type { ProfileCover as Cover } from '../partner.api';
import styles from './Partner.module.css';

export interface ProfileCoverProps {
  cover: Cover;
  name: string;
  /** The owner of a partner profile without a cover gets a way to add one. */
  isOwner: boolean;
  /** Crawlers get the smaller (736x) image, like phones (docs/product/profiles-and-boards.md §6, §9). */
  isBot: boolean;
}

/** A partner profile's cover: 736x on phones and for crawlers, 1200x otherwise. */
export function ProfileCover({ cover, name, isOwner, isBot }: ProfileCoverProps) {
  if (cover.source !== 'image') {
    if (!isOwner) return null;
    return (
      <div className={`${styles.cover} ${styles.coverEmpty}`}>
        <Link to="/settings/account-settings/#business" className={styles.addCover}>
          {TEXTS.partner.addCover}
        </Link>
      </div>
    );
  }
  const small = cover.images['736x'] ?? cover.images['1200x'] ?? cover.images.orig;
  const large = isBot ? small : (cover.images['1200x'] ?? small);
  if (!small || !large) return null;
  return (
    <div className={styles.cover} style={{ backgroundColor: cover.dominant_color ?? undefined }}>
      <picture>
        <source media="(max-width: 767px)" srcSet={small.url} />
        <img src={large.url} alt={TEXTS.partner.cover({ name })} className={styles.coverImage} />
      </picture>
    </div>
  );
}
