import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { MESSAGES } from '@pinboard/shared/constants/messages';
import { interpolate } from '@pinboard/shared/text/interpolate';
import { isExternalLinkSafe } from '@pinboard/shared/text/links';
import { Avatar } from '../components/Avatar/Avatar';
import { ButtonLink } from '../components/Button/Button';
import { EmptyState } from '../components/EmptyState/EmptyState';
import { Icon } from '../components/Icon/Icon';
import { LoginPrompt } from '../components/LoginPrompt/LoginPrompt';
import { Spinner } from '../components/Spinner/Spinner';
import { showToast } from '../components/Toast/toasts';
import { boardKeys } from '../features/boards/boards.queries';
import { feedKeys } from '../features/feeds/feeds.queries';
import { PrivateProfileNotice } from '../features/profile/components/PrivateProfileNotice';
import { ProfileActionBar } from '../features/profile/components/ProfileActionBar';
import { BoardActionsMenu } from '../features/boards/components/BoardActionsMenu';
import { DeletedBoards } from '../features/boards/components/DeletedBoards';
import { ProfileBoards } from '../features/profile/components/ProfileBoards';
import { ProfileHeader, followersText, followingText, profileName } from '../features/profile/components/ProfileHeader';
import { ProfilePins } from '../features/profile/components/ProfilePins';
import styles from '../features/profile/components/ProfileSections.module.css';
import { ProfileTabs } from '../features/profile/components/ProfileTabs';
import { UnorganizedPins } from '../features/profile/components/UnorganizedPins';
import type { ProfileDetails } from '../features/profile/profile.api';
import { useProfileDetails } from '../features/profile/profile.queries';
import {
  activeTab,
  canonicalProfilePath,
  defaultTab,
  isBotUserAgent,
  parseProfilePath,
  visibleTabs,
  withoutFollowSegment,
  type ProfileTab,
  type ProfileView,
} from '../features/profile/profilePaths';
import { displayedFollowing, viewerCountry } from '../features/profile/profileRules';
import type { SignedInViewer } from '../features/session/session.api';
import { useViewer } from '../features/session/session.queries';
import { FollowList, FollowListModal } from '../features/social/components/FollowList';
import { PostFollowUpsell, type UpsellKind } from '../features/social/components/PostFollowUpsell';
import { ReportProfileForm } from '../features/social/components/ReportProfileForm';
import { userKeys } from '../features/users/users.queries';
import { isApiError } from '../lib/api';
import { TEXTS } from '../lib/texts';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { useMediaQuery } from '../lib/useMediaQuery';

/** After following a private profile, its content is read again after this long (profiles-and-boards §9). */
const FOLLOW_REFETCH_MS = 1000;

interface PageContext {
  profile: ProfileDetails;
  viewer: SignedInViewer | null;
  isOwner: boolean;
  country: string | null;
  locale: string;
  inviteCode: string | null;
}

/** /{username}/ and every profile sub-path (profiles-and-boards §2). */
export function ProfileRoute() {
  const { username = '' } = useParams();
  const { pathname, search } = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const inviteCode = params.get('invite_code');
  const view: ProfileView = parseProfilePath(pathname.split('/').filter(Boolean).slice(1)) ?? { kind: 'main', tab: null };
  const profile = useProfileDetails(username, inviteCode);
  const { data: viewerData, isPending: viewerPending } = useViewer();
  const viewer = viewerData?.isAuth ? viewerData : null;
  const data = profile.data;
  const missing = profile.isError && isApiError(profile.error) && (profile.error.isNotFound || profile.error.httpStatus === 400);
  const canonical = data ? canonicalProfilePath(pathname, username, data.username) : null;
  const isOwner = !!data && viewer?.id === data.id;
  const adsOnlySite = data && !isOwner && data.is_ads_only_profile && data.ads_only_profile_site && isExternalLinkSafe(data.ads_only_profile_site) ? data.ads_only_profile_site : null;

  useDocumentTitle(data ? `${profileName(data)} (@${data.username})` : null);

  useEffect(() => {
    if (missing) void navigate('/?show_error=true', { replace: true });
  }, [missing, navigate]);
  useEffect(() => {
    if (canonical) void navigate(`${canonical}${search}`, { replace: true });
  }, [canonical, search, navigate]);
  useEffect(() => {
    if (adsOnlySite) window.location.assign(adsOnlySite);
  }, [adsOnlySite]);

  if (profile.isError && !missing) throw profile.error;
  if (!data || viewerPending || missing || adsOnlySite) return <Spinner label={MESSAGES.profile.loading} />;

  const context: PageContext = {
    profile: data,
    viewer,
    isOwner,
    country: viewerCountry(viewer?.country, typeof navigator === 'undefined' ? null : navigator.language),
    locale: viewer?.locale ?? (typeof navigator === 'undefined' ? 'en-US' : navigator.language),
    inviteCode,
  };

  switch (view.kind) {
    case 'about':
      return <AboutPage {...context} />;
    case 'report':
      return <ReportPage {...context} />;
    case 'pins':
      return <AllPinsPage {...context} />;
    case 'followers':
    case 'following':
      return <FollowPage {...context} direction={view.kind} />;
    case 'boards':
      return <MainProfile {...context} view={view} />;
    case 'main':
      return <MainProfile {...context} view={view} />;
  }
}

function hiddenFrom(context: PageContext): boolean {
  return !context.isOwner && !context.profile.content_visible;
}

/** The main profile: header, action bar, then the private notice or the tabs and their content (or every board). */
function MainProfile(context: PageContext & { view: Extract<ProfileView, { kind: 'main' | 'boards' }> }) {
  const { profile, viewer, isOwner, country, locale, inviteCode, view } = context;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [upsell, setUpsell] = useState<UpsellKind | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const isBot = typeof navigator !== 'undefined' && isBotUserAgent(navigator.userAgent);
  const tabs = visibleTabs(profile.eligible_profile_tabs, { isBot });
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
      setUpsell(result.explicitly_following_me ?? profile.explicitly_following_me ? 'message' : 'share');
    }, FOLLOW_REFETCH_MS);
  };
  const onInviteFailed = (error: unknown) => {
    showToast(isApiError(error) && error.message ? error.fullMessage : TEXTS.social.followFailed, { tone: 'error' });
    void navigate('/', { replace: true });
  };

  return (
    <>
      {isOwner && <OwnerBar />}
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
        <TabContent {...context} tabs={tabs} tab={activeTab(view, tabs, fallback)} />
      )}
      <PostFollowUpsell kind={upsell} onClose={() => setUpsell(null)} profile={{ id: profile.id, username: profile.username, name: profileName(profile) }} />
    </>
  );
}

/** The owner's search and settings shortcuts. */
function OwnerBar() {
  return (
    <div className={styles.ownerBar}>
      <BoardActionsMenu surface="profile" size="compact" />
      <Link to="/search/me/" className={styles.ownerLink}>
        <Icon name="search" size={16} />
        {MESSAGES.profile.searchYourPins}
      </Link>
      <Link to="/settings/" className={styles.ownerIcon} aria-label={TEXTS.profilePage.settings}>
        <Icon name="settings" size={22} />
      </Link>
    </div>
  );
}

function TabContent({ profile, viewer, isOwner, tabs, tab }: PageContext & { tabs: ProfileTab[]; tab: ProfileTab }) {
  const name = profileName(profile);
  const createPin = (
    <ButtonLink to="/pin-creation-tool/" variant="primary" size="large">
      {TEXTS.profilePage.createPin}
    </ButtonLink>
  );
  return (
    <>
      <ProfileTabs username={profile.username} tabs={tabs} active={tab} />
      {tab === 'saved' && (
        <>
          <ProfileBoards profile={profile} isOwner={isOwner} signedIn={!!viewer} mode="overview" />
          {isOwner && <UnorganizedPins profile={profile} />}
          {isOwner && <DeletedBoards />}
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
          empty={<EmptyState action={isOwner ? createPin : undefined}>{isOwner ? TEXTS.profilePage.createdEmptyOwn : TEXTS.profilePage.createdEmptyOther(name)}</EmptyState>}
        />
      )}
      {tab === 'tried' && <EmptyState>{TEXTS.profilePage.triedEmpty}</EmptyState>}
    </>
  );
}

/** A small header for the titled pages: the person, a link back, and the page's title. */
function TitledHeader({ profile, title }: { profile: ProfileDetails; title: string }) {
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

function AllPinsPage(context: PageContext) {
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
function FollowPage(context: PageContext & { direction: 'followers' | 'following' }) {
  const { profile, viewer, isOwner, direction } = context;
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const desktop = useMediaQuery('(min-width: 768px)');
  const count = direction === 'followers' ? profile.follower_count : displayedFollowing(profile);
  const title = direction === 'followers' ? followersText(count) : followingText(count);
  const close = () => void navigate(withoutFollowSegment(pathname), { replace: true });
  const list = hiddenFrom(context) ? (
    <EmptyState illustration={false}>{MESSAGES.profile.privateBody}</EmptyState>
  ) : (
    <FollowList username={profile.username} direction={direction} name={profileName(profile)} isOwner={isOwner} />
  );

  if (!viewer || desktop) {
    return (
      <>
        <MainProfile {...context} view={{ kind: 'main', tab: null }} />
        {viewer ? (
          <FollowListModal isOpen onClose={close} title={title} username={profile.username} direction={direction} name={profileName(profile)} isOwner={isOwner} />
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

function AboutPage({ profile }: PageContext) {
  const name = profileName(profile);
  const website = profile.website_url && isExternalLinkSafe(profile.website_url) ? profile.website_url : null;
  return (
    <>
      <TitledHeader profile={profile} title={TEXTS.profilePage.aboutHeading(name)} />
      <p className={styles.aboutText}>{profile.about.trim() || TEXTS.profilePage.noAbout(name)}</p>
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

function ReportPage({ profile, viewer, isOwner }: PageContext) {
  const name = profileName(profile);
  useDocumentTitle(TEXTS.social.reportHeading(name));
  if (!viewer) {
    return (
      <EmptyState
        headingLevel={1}
        heading={TEXTS.social.reportHeading(name)}
        action={
          <ButtonLink to={`/login/?next=${encodeURIComponent(`/${profile.username}/report/`)}`} variant="primary" size="large">
            {TEXTS.nav.logIn}
          </ButtonLink>
        }
      >
        {TEXTS.social.reportLogin}
      </EmptyState>
    );
  }
  if (isOwner) return <MainProfile profile={profile} viewer={viewer} isOwner country={null} locale="en-US" inviteCode={null} view={{ kind: 'main', tab: null }} />;
  return <ReportProfileForm target={{ id: profile.id, username: profile.username, name }} />;
}
