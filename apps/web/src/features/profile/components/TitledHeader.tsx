import { Link } from 'react-router';
import { Avatar } from '../../../components/Avatar/Avatar';
import type { ProfileDetails } from '../profile.api';
import { profileName } from './ProfileHeader';
import styles from './ProfileSections.module.css';

/** A small header for a profile's titled pages: the person, a link back, and the page's title. */
export function TitledHeader({ profile, title }: { profile: ProfileDetails; title: string }) {
  const name = profileName(profile);
  return (
    <header className={styles.titled}>
      <Link to={`/${profile.username}/`} className={styles.titledBack}>
        <Avatar name={name} imageUrl={profile.image_medium_url} colorIndex={profile.avatar_color_index} size={32} />
        <span>{name}</span>
      </Link>
      <h1 className={styles.titledTitle}>{title}</h1>
    </header>
  );
}
