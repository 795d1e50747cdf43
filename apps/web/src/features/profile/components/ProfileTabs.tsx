import { Link } from 'react-router';
import { TEXTS } from '../../../lib/texts';
import { tabPath, type ProfileTab } from '../profilePaths';
import styles from './ProfileSections.module.css';

const LABELS: Record<ProfileTab, string> = {
  created: TEXTS.profilePage.created,
  saved: TEXTS.profilePage.saved,
  tried: TEXTS.profilePage.tried,
};

/** The tab bar: only on the main profile paths, and only with more than one tab. */
export function ProfileTabs({ username, tabs, active }: { username: string; tabs: readonly ProfileTab[]; active: ProfileTab }) {
  if (tabs.length < 2) return null;
  return (
    <nav className={styles.tabs} aria-label={TEXTS.profilePage.tabs}>
      {tabs.map((tab) => (
        <Link key={tab} to={tabPath(username, tab)} className={styles.tab} aria-current={tab === active ? 'page' : undefined} replace>
          {LABELS[tab]}
        </Link>
      ))}
    </nav>
  );
}
