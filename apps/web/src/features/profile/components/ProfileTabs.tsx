import { useEffect } from 'react';
import { Link } from 'react-router';
import { MESSAGES } from '../../../lib/messages';
import { TEXTS } from '../../../lib/texts';
import { useNewCallout } from '../newCallout';
import { tabPath, type ProfileTab } from '../profilePaths';
import styles from './ProfileSections.module.css';

const LABELS: Record<ProfileTab, string> = {
  created: TEXTS.profilePage.created,
  saved: TEXTS.profilePage.saved,
  tried: TEXTS.profilePage.tried,
  collages: TEXTS.collages.tab,
  story_pins: TEXTS.profilePage.storyPinsTab,
  video_pins: TEXTS.profilePage.videoPinsTab,
};

/** The tab bar: only on the main profile paths, and only with more than one tab. */
export function ProfileTabs({
  username,
  tabs,
  active,
  pathOf = (tab) => tabPath(username, tab),
  ownerId = null,
}: {
  username: string;
  tabs: readonly ProfileTab[];
  active: ProfileTab;
  /** Where a tab links to (the public preview keeps its own paths). */
  pathOf?: (tab: ProfileTab) => string;
  /** The owner's id, when the owner looks: the Collages tab then carries the 'New!' callout until opened. */
  ownerId?: string | null;
}) {
  const { shown: calloutShown, dismiss: dismissCallout } = useNewCallout(ownerId && tabs.includes('collages') ? ownerId : null, 'collages');
  const openedCollages = calloutShown && active === 'collages';
  useEffect(() => {
    if (openedCollages) dismissCallout();
  }, [openedCollages, dismissCallout]);
  if (tabs.length < 2) return null;
  return (
    <nav className={styles.tabs} aria-label={TEXTS.profilePage.tabs}>
      {tabs.map((tab) => (
        <Link key={tab} to={pathOf(tab)} className={styles.tab} aria-current={tab === active ? 'page' : undefined} replace>
          {LABELS[tab]}
          {tab === 'collages' && calloutShown && !openedCollages && <span className={styles.newCallout}>{MESSAGES.profile.newCallout}</span>}
        </Link>
      ))}
    </nav>
  );
}
