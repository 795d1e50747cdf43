import { Suspense } from 'react';
import { Link } from 'react-router';
import { MESSAGES } from '../../../lib/messages';
import { Avatar } from '../../../components/Avatar/Avatar';
import { ButtonLink } from '../../../components/Button/Button';
import { EmptyState } from '../../../components/EmptyState/EmptyState';
import { collagesEnabled } from '../../collages/collagesAccess';
import { ProfileBoards } from '../components/ProfileBoards';
import { ProfileCounts, profileName } from '../components/ProfileHeader';
import { ProfilePins } from '../components/ProfilePins';
import sections from '../components/ProfileSections.module.css';
import { hubTabPath, previewPath, type HubTab } from '../profilePaths';
import { lazyNamed } from '../../../lib/lazyNamed';
import { TEXTS } from '../../../lib/texts';
import { OwnerBar } from './MainProfile';
import type { PageContext } from './pageContext';
import styles from './SavedIdeasHub.module.css';

const CollagesTab = lazyNamed(() => import('../../collages/components/CollagesTab'), 'CollagesTab');
const UnorganizedPins = lazyNamed(() => import('./OwnerSections'), 'UnorganizedPins');

const LABELS: Record<HubTab, string> = {
  pins: TEXTS.profilePage.hubPins,
  boards: TEXTS.profilePage.hubBoards,
  collages: TEXTS.profilePage.hubCollages,
};

/**
 * The owner's own profile under the split-profile experiment
 * (docs/product/profiles-and-boards.md §2): 'Your saved ideas' with avatar, name, about, the counts and View
 * profile (the public preview), then the retrieval hub's tabs: Pins, Boards
 * and, under the collages experiment, Collages.
 */
export function SavedIdeasHub({ profile, viewer, locale, tab }: PageContext & { tab: HubTab }) {
  const name = profileName(profile);
  const tabs: HubTab[] = collagesEnabled(viewer) ? ['pins', 'boards', 'collages'] : ['pins', 'boards'];
  const active = tabs.includes(tab) ? tab : 'pins';
  return (
    <>
      <OwnerBar locale={locale} />
      <header className={styles.header}>
        <Avatar name={name} imageUrl={profile.image_medium_url} colorIndex={profile.avatar_color_index} size={96} alt={TEXTS.profile.avatarAlt({ name })} />
        <h1 className={styles.title}>{MESSAGES.profile.savedIdeas}</h1>
        <p className={styles.name}>{name}</p>
        {profile.about.trim() && <p className={styles.about}>{profile.about.trim()}</p>}
        <ProfileCounts profile={profile} signedIn />
        <ButtonLink to={previewPath(profile.username)} variant="secondary" className={styles.viewProfile}>
          {MESSAGES.profile.viewProfile}
        </ButtonLink>
      </header>
      <nav className={sections.tabs} aria-label={TEXTS.profilePage.hubTabs}>
        {tabs.map((item) => (
          <Link key={item} to={hubTabPath(profile.username, item)} className={sections.tab} aria-current={item === active ? 'page' : undefined} replace>
            {LABELS[item]}
          </Link>
        ))}
      </nav>
      {active === 'pins' && (
        <ProfilePins username={profile.username} isOwner signedIn heading={null} empty={<EmptyState>{MESSAGES.emptyState.youHaveNoSavedPins}</EmptyState>} />
      )}
      {active === 'boards' && (
        <>
          <Suspense fallback={null}>
            <UnorganizedPins profile={profile} />
          </Suspense>
          <ProfileBoards profile={profile} isOwner signedIn mode="all" />
        </>
      )}
      {active === 'collages' && <CollagesTab />}
    </>
  );
}
