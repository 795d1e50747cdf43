import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { MESSAGES } from '../../../lib/messages';
import { interpolate } from '@pinboard/shared/text/interpolate';
import { isExternalLinkSafe } from '@pinboard/shared/text/links';
import { EmptyState } from '../../../components/EmptyState/EmptyState';
import { PrivateProfileNotice } from '../components/PrivateProfileNotice';
import { followersText, followingText, profileName } from '../components/ProfileHeader';
import { ProfilePins } from '../components/ProfilePins';
import { TitledHeader } from '../components/TitledHeader';
import styles from '../components/ProfileSections.module.css';
import { withoutFollowSegment } from '../profilePaths';
import { displayedFollowing } from '../profileRules';
import { FollowList } from '../../social/components/FollowList';
import { ReportProfileForm } from '../../social/components/ReportProfileForm';
import { TEXTS } from '../../../lib/allTexts';
import { getLocale } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useMediaQuery } from '../../../lib/useMediaQuery';
import { FollowListModal, LoginPrompt } from '../../../overlays';
import { MainProfile } from './MainProfile';
import { hiddenFrom, type PageContext } from './pageContext';
import { recordUnauthEvent } from '../../../lib/upsell';

/*
 * A profile's pages other than the profile itself (all Pins, followers and
 * following, about, report): a chunk of their own, loaded when one is opened.
 */

export function AllPinsPage(context: PageContext) {
  const { profile, viewer, isOwner } = context;
  const name = profileName(profile);
  return (
    <>
      <TitledHeader profile={profile} title={MESSAGES.profile.allPins} />
      {hiddenFrom(context) ? (
        <PrivateProfileNotice profile={profile} inviteCode={null} onFollowed={() => undefined} onFailed={() => undefined} />
      ) : (
        <ProfilePins
          username={profile.username}
          isOwner={isOwner}
          signedIn={!!viewer}
          heading={null}
          empty={<EmptyState>{isOwner ? MESSAGES.emptyState.youHaveNoSavedPins : interpolate(MESSAGES.emptyState.userHasNoSavedPins, { name })}</EmptyState>}
        />
      )}
    </>
  );
}

/**
 * /{username}/_followers and _following: the list in a modal over the profile
 * (desktop, signed in; closing drops the segment), a titled page on phones,
 * and the login prompt for visitors.
 */
export function FollowPage(context: PageContext & { direction: 'followers' | 'following' }) {
  const { profile, viewer, isOwner, direction } = context;
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const desktop = useMediaQuery('(min-width: 768px)');
  const count = direction === 'followers' ? profile.follower_count : displayedFollowing(profile);
  const title = direction === 'followers' ? followersText(count) : followingText(count);
  useEffect(() => {
    if (!viewer) recordUnauthEvent(direction === 'followers' ? 'followers_click' : 'following_click');
  }, [viewer, direction]);
  const close = () => void navigate(withoutFollowSegment(pathname), { replace: true });
  const list = hiddenFrom(context) ? (
    <EmptyState illustration={false}>{MESSAGES.profile.privateBody}</EmptyState>
  ) : (
    <FollowList username={profile.username} direction={direction} name={profileName(profile)} isOwner={isOwner} ownerHasBoards={profile.board_count > 0} />
  );

  if (!viewer || desktop) {
    return (
      <>
        <MainProfile {...context} view={{ kind: 'main', tab: null }} />
        {viewer ? (
          <FollowListModal
            isOpen
            onClose={close}
            title={title}
            username={profile.username}
            direction={direction}
            name={profileName(profile)}
            isOwner={isOwner}
            ownerHasBoards={profile.board_count > 0}
          />
        ) : (
          <LoginPrompt isOpen onOpenChange={(open) => !open && close()} title={MESSAGES.loginPrompt.continue} />
        )}
      </>
    );
  }
  return (
    <div className={styles.narrowPage}>
      <TitledHeader profile={profile} title={title} />
      {list}
    </div>
  );
}

export function AboutPage({ profile }: PageContext) {
  const name = profileName(profile);
  const website = profile.website_url && isExternalLinkSafe(profile.website_url) ? profile.website_url : null;
  return (
    <>
      <TitledHeader profile={profile} title={TEXTS.profilePage.aboutHeading({ name })} />
      <p className={styles.aboutText}>{profile.about.trim() || TEXTS.profilePage.noAbout({ name })}</p>
      {website && (
        <p className={styles.quiet}>
          <a href={website} target="_blank" rel="nofollow noopener noreferrer">
            {website}
          </a>
        </p>
      )}
    </>
  );
}

export function ReportPage({ profile, viewer, isOwner }: PageContext) {
  const name = profileName(profile);
  useDocumentTitle(TEXTS.social.reportHeading({ name }));
  if (!viewer) {
    return (
      <EmptyState
        headingLevel={1}
        heading={TEXTS.social.reportHeading({ name })}
        link={{ to: `/login/?next=${encodeURIComponent(`/${profile.username}/report/`)}`, label: TEXTS.nav.logIn }}
      >
        {TEXTS.social.reportLogin}
      </EmptyState>
    );
  }
  if (isOwner)
    return <MainProfile profile={profile} viewer={viewer} isOwner country={null} locale={getLocale()} inviteCode={null} view={{ kind: 'main', tab: null }} />;
  return <ReportProfileForm target={{ id: profile.id, username: profile.username, name }} />;
}
