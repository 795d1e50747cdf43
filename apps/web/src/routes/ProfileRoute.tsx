import { useEffect } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { MESSAGES } from '@pinboard/shared/constants/messages';
import { interpolate } from '@pinboard/shared/text/interpolate';
import { isExternalLinkSafe } from '@pinboard/shared/text/links';
import { Avatar } from '../components/Avatar/Avatar';
import { ButtonLink } from '../components/Button/Button';
import { EmptyState } from '../components/EmptyState/EmptyState';
import { LoginPrompt } from '../components/LoginPrompt/LoginPrompt';
import { Spinner } from '../components/Spinner/Spinner';
import { PrivateProfileNotice } from '../features/profile/components/PrivateProfileNotice';
import { followersText, followingText, profileName } from '../features/profile/components/ProfileHeader';
import { ProfilePins } from '../features/profile/components/ProfilePins';
import styles from '../features/profile/components/ProfileSections.module.css';
import type { ProfileDetails } from '../features/profile/profile.api';
import { useProfileDetails } from '../features/profile/profile.queries';
import { canonicalProfilePath, hubTabOf, parseProfilePath, withoutFollowSegment, type ProfileView } from '../features/profile/profilePaths';
import { displayedFollowing, viewerCountry } from '../features/profile/profileRules';
import { splitProfileEnabled } from '../features/profile/splitProfile';
import { useOwnerMessageToast } from '../features/profile/useOwnerMessageToast';
import { useViewer } from '../features/session/session.queries';
import { FollowList, FollowListModal } from '../features/social/components/FollowList';
import { ReportProfileForm } from '../features/social/components/ReportProfileForm';
import { isApiError } from '../lib/api';
import { TEXTS } from '../lib/texts';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { useMediaQuery } from '../lib/useMediaQuery';
import { MainProfile } from './profile/MainProfile';
import { hiddenFrom, type PageContext } from './profile/pageContext';
import { PublicPreviewPage } from './profile/PublicPreviewPage';
import { SavedIdeasHub } from './profile/SavedIdeasHub';

/** /{username}/ and every profile sub-path (profiles-and-boards §2). */
export function ProfileRoute() {
  const { username = '' } = useParams();
  const { pathname, search } = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const inviteCode = params.get('invite_code');
  const view: ProfileView = parseProfilePath(pathname.split('/').filter(Boolean).slice(1)) ?? { kind: 'main', tab: null };
  const { data: viewerData, isPending: viewerPending } = useViewer();
  const viewer = viewerData?.isAuth ? viewerData : null;
  // The public preview reads the profile itself, as a visitor (PublicPreviewPage).
  const previewing = view.kind === 'preview';
  const profile = useProfileDetails(username, inviteCode, { enabled: !previewing });
  const data = profile.data;
  const missing = profile.isError && isApiError(profile.error) && (profile.error.isNotFound || profile.error.httpStatus === 400);
  const canonical = data ? canonicalProfilePath(pathname, username, data.username) : null;
  const isOwner = !!data && viewer?.id === data.id;
  const adsOnlySite = data && !isOwner && data.is_ads_only_profile && data.ads_only_profile_site && isExternalLinkSafe(data.ads_only_profile_site) ? data.ads_only_profile_site : null;

  useDocumentTitle(data ? `${profileName(data)} (@${data.username})` : null);
  useOwnerMessageToast(data && isOwner ? { username: data.username, name: profileName(data) } : null);

  useEffect(() => {
    if (missing) void navigate('/?show_error=true', { replace: true });
  }, [missing, navigate]);
  useEffect(() => {
    if (canonical) void navigate(`${canonical}${search}`, { replace: true });
  }, [canonical, search, navigate]);
  useEffect(() => {
    if (adsOnlySite) window.location.assign(adsOnlySite);
  }, [adsOnlySite]);

  const locale = viewer?.locale ?? (typeof navigator === 'undefined' ? 'en-US' : navigator.language);
  if (view.kind === 'preview') {
    if (viewerPending) return <Spinner label={MESSAGES.profile.loading} />;
    // Only the owner previews; everyone else already sees the profile as it is for them.
    if (!viewer || viewer.username.toLowerCase() !== username.toLowerCase()) return <Navigate to={`/${username}/`} replace />;
    const back = splitProfileEnabled(viewer) ? TEXTS.profilePage.previewBack : TEXTS.profilePage.previewBackProfile;
    return <PublicPreviewPage username={viewer.username} tab={view.tab} backTo={`/${viewer.username}/`} backLabel={back} locale={locale} />;
  }
  if (profile.isError && !missing) throw profile.error;
  if (!data || viewerPending || missing || adsOnlySite) return <Spinner label={MESSAGES.profile.loading} />;

  const context: PageContext = {
    profile: data,
    viewer,
    isOwner,
    country: viewerCountry(viewer?.country, typeof navigator === 'undefined' ? null : navigator.language),
    locale,
    inviteCode,
  };

  // Under the split-profile experiment the owner's own profile is the retrieval hub.
  const hubTab = isOwner && splitProfileEnabled(viewer) ? hubTabOf(view) : null;
  if (hubTab) return <SavedIdeasHub {...context} tab={hubTab} />;

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
    case 'hub':
      // The hub is the owner's, under the experiment; anywhere else it is the profile.
      return <Navigate to={`/${data.username}/`} replace />;
  }
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
    <FollowList username={profile.username} direction={direction} name={profileName(profile)} isOwner={isOwner} ownerHasBoards={profile.board_count > 0} />
  );

  if (!viewer || desktop) {
    return (
      <>
        <MainProfile {...context} view={{ kind: 'main', tab: null }} />
        {viewer ? (
          <FollowListModal isOpen onClose={close} title={title} username={profile.username} direction={direction} name={profileName(profile)} isOwner={isOwner} ownerHasBoards={profile.board_count > 0} />
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
