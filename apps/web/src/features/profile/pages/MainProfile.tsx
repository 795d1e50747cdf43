import { Suspense, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { MESSAGES } from '../../../lib/messages';
import { interpolate } from '@pinboard/shared/text/interpolate';
import { ButtonLink } from '../../../components/Button/Button';
import { EmptyState } from '../../../components/EmptyState/EmptyState';
import { Icon } from '../../../components/Icon/Icon';
import { showToast } from '../../../components/Toast/toasts';
import { boardKeys } from '../../boards/boardKeys';
import { BoardActionsMenu } from '../../boards/components/BoardActionsMenu';
import { collagesEnabled } from '../../collages/collagesAccess';
import { PinFeed } from '../../feeds/components/PinFeed';
import { feedKeys } from '../../feeds/feeds.queries';
import { PrivateProfileNotice } from '../components/PrivateProfileNotice';
import { ProfileActionBar } from '../components/ProfileActionBar';
import { ProfileBoards } from '../components/ProfileBoards';
import { ProfileHeader, profileName } from '../components/ProfileHeader';
import { ProfilePins } from '../components/ProfilePins';
import styles from '../components/ProfileSections.module.css';
import { ProfileTabs } from '../components/ProfileTabs';
import { activeTab, defaultTab, visibleTabs, withCollagesTab, type ProfileTab, type ProfileView } from '../profilePaths';
import type { UpsellKind } from '../../social/components/PostFollowUpsell';
import { CommentsOffEducationModal, PostFollowUpsell } from '../../../overlays';
import { userKeys } from '../../users/users.queries';
import { isApiError } from '../../../lib/api';
import { lazyNamed } from '../../../lib/lazyNamed';
import { TEXTS } from '../../../lib/texts';
import { hiddenFrom, type PageContext } from './pageContext';
import { searchTileLabel } from '../profileRules';
import { EmailVerificationBanner } from '../../email-verification/EmailVerificationBanner';
import { isBotClient } from '../../../lib/upsell';

const CollagesTab = lazyNamed(() => import('../../collages/components/CollagesTab'), 'CollagesTab');
// The Idea Pins and Videos tabs' grids: loaded when one is opened (the first paint of a profile stays small).
const MediaPinsTab = lazyNamed(() => import('./MediaPinsTab'), 'MediaPinsTab');
const OwnerSections = lazyNamed(() => import('./OwnerSections'), 'OwnerSections');

/** After following a private profile, its content is read again after this long (docs/product/profiles-and-boards.md §9). */
const FOLLOW_REFETCH_MS = 1000;

/** The main profile: header, action bar, then the private notice or the tabs and their content (or every board). */
export function MainProfile(context: PageContext & { view: Extract<ProfileView, { kind: 'main' | 'boards' }>; tabPathOf?: (tab: ProfileTab) => string }) {
  const { profile, viewer, isOwner, country, locale, inviteCode, view, tabPathOf } = context;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [upsell, setUpsell] = useState<UpsellKind | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // The server tells crawlers and link-preview fetchers so in the first HTML (decision 041).
  const isBot = isBotClient();
  const media = profile.content_visible
    ? { storyPins: profile.story_pin_count, videoPins: profile.video_pin_count, asked: view.kind === 'main' ? view.tab : null }
    : {};
  const tabs = withCollagesTab(visibleTabs(profile.eligible_profile_tabs, { isBot, media }), isOwner && collagesEnabled(viewer));
  const fallback = defaultTab(profile.eligible_profile_tabs, { isBot, hasVisibleStoryPins: (profile.story_pin_count ?? 0) > 0 && profile.content_visible });
  const hidden = hiddenFrom(context);

  const onInviteFollowed = (result: { explicitly_following_me?: boolean | undefined }) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.profile(profile.username) }),
        queryClient.invalidateQueries({ queryKey: boardKeys.userLists(profile.username) }),
        queryClient.invalidateQueries({ queryKey: feedKeys.all }),
      ]);
      setUpsell((result.explicitly_following_me ?? profile.explicitly_following_me) ? 'message' : 'share');
    }, FOLLOW_REFETCH_MS);
  };
  const onInviteFailed = (error: unknown) => {
    showToast(isApiError(error) && error.message ? error.fullMessage : TEXTS.social.followFailed, { tone: 'error' });
    void navigate('/', { replace: true });
  };

  return (
    <>
      {isOwner && <OwnerBar locale={locale} />}
      {isOwner && <EmailVerificationBanner />}
      <ProfileHeader
        profile={profile}
        signedIn={!!viewer}
        isOwner={isOwner}
        locale={locale}
        actions={<ProfileActionBar profile={profile} signedIn={!!viewer} isOwner={isOwner} country={country} />}
      />
      {hidden ? (
        <PrivateProfileNotice profile={profile} inviteCode={inviteCode} onFollowed={onInviteFollowed} onFailed={onInviteFailed} />
      ) : view.kind === 'boards' ? (
        <ProfileBoards profile={profile} isOwner={isOwner} signedIn={!!viewer} mode="all" />
      ) : (
        <TabContent {...context} tabs={tabs} tab={activeTab(view, tabs, fallback)} tabPathOf={tabPathOf} />
      )}
      <PostFollowUpsell kind={upsell} onClose={() => setUpsell(null)} profile={{ id: profile.id, username: profile.username, name: profileName(profile) }} />
    </>
  );
}

/** The owner's search and settings shortcuts. */
export function OwnerBar({ locale }: { locale: string }) {
  return (
    <div className={styles.ownerBar}>
      <BoardActionsMenu surface="profile" size="compact" />
      <Link to="/search/me/" className={styles.ownerLink}>
        <Icon name="search" size={16} />
        {searchTileLabel(locale)}
      </Link>
      <Link to="/settings/" className={styles.ownerIcon} aria-label={TEXTS.profilePage.settings}>
        <Icon name="settings" size={22} />
      </Link>
    </div>
  );
}

function TabContent({
  profile,
  viewer,
  isOwner,
  tabs,
  tab,
  tabPathOf,
}: PageContext & { tabs: ProfileTab[]; tab: ProfileTab; tabPathOf?: ((tab: ProfileTab) => string) | undefined }) {
  const name = profileName(profile);
  const createPin = (
    <ButtonLink to="/pin-creation-tool/" variant="primary" size="large">
      {TEXTS.profilePage.createPin}
    </ButtonLink>
  );
  return (
    <>
      <ProfileTabs username={profile.username} tabs={tabs} active={tab} ownerId={isOwner ? profile.id : null} {...(tabPathOf ? { pathOf: tabPathOf } : {})} />
      {tab === 'saved' && (
        <>
          <ProfileBoards profile={profile} isOwner={isOwner} signedIn={!!viewer} mode="overview" />
          {isOwner && (
            <Suspense fallback={null}>
              <OwnerSections profile={profile} />
            </Suspense>
          )}
          <ProfilePins
            username={profile.username}
            isOwner={isOwner}
            signedIn={!!viewer}
            empty={
              <EmptyState action={isOwner ? createPin : undefined}>
                {isOwner ? MESSAGES.emptyState.youHaveNoSavedPins : interpolate(MESSAGES.emptyState.userHasNoSavedPins, { name })}
              </EmptyState>
            }
          />
        </>
      )}
      {tab === 'created' && (
        <ProfilePins
          username={profile.username}
          isOwner={isOwner}
          signedIn={!!viewer}
          createdOnly
          heading={null}
          empty={
            <EmptyState action={isOwner ? createPin : undefined}>
              {isOwner ? TEXTS.profilePage.createdEmptyOwn : TEXTS.profilePage.createdEmptyOther({ name })}
            </EmptyState>
          }
        />
      )}
      {tab === 'tried' && (
        <PinFeed
          source={{ kind: 'tried', username: profile.username }}
          label={TEXTS.profilePage.tried}
          empty={<EmptyState>{isOwner ? TEXTS.partner.triedEmptyOwn : TEXTS.partner.triedEmptyOther({ name })}</EmptyState>}
        />
      )}
      {tab === 'collages' && <CollagesTab />}
      {(tab === 'story_pins' || tab === 'video_pins') && (
        <Suspense fallback={null}>
          <MediaPinsTab profile={profile} only={tab === 'story_pins' ? 'stories' : 'videos'} />
        </Suspense>
      )}
      {viewer && (
        <CommentsOffEducationModal
          eligible={isOwner && (tab === 'saved' || tab === 'created') && !!viewer.hasPublishedPins && !!viewer.shouldDefaultCommentsOff}
          userId={viewer.id}
        />
      )}
    </>
  );
}
