import { useEffect } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { MESSAGES } from '../../../lib/messages';
import { isExternalLinkSafe } from '@pinboard/shared/text/links';
import { Spinner } from '../../../components/Spinner/Spinner';
import { profileName } from '../components/ProfileHeader';
import { useProfileDetails } from '../profile.queries';
import { canonicalProfilePath, hubTabOf, parseProfilePath, type ProfileView } from '../profilePaths';
import { viewerCountry } from '../profileRules';
import { splitProfileEnabled } from '../splitProfile';
import { useOwnerMessageToast } from '../useOwnerMessageToast';
import { useViewer } from '../../session/session.queries';
import { isApiError } from '../../../lib/api';
import { getLocale } from '../../../lib/i18n';
import { lazyNamed } from '../../../lib/lazyNamed';
import { TEXTS } from '../../../lib/texts';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { MainProfile } from './MainProfile';
import type { PageContext } from './pageContext';

// The profile's own pages other than the profile itself are chunks of their own.
const subPages = () => import('./ProfileSubPages');
const AllPinsPage = lazyNamed(subPages, 'AllPinsPage');
const FollowPage = lazyNamed(subPages, 'FollowPage');
const AboutPage = lazyNamed(subPages, 'AboutPage');
const ReportPage = lazyNamed(subPages, 'ReportPage');
const ProfileTopicsPage = lazyNamed(() => import('./ProfileTopicsPage'), 'ProfileTopicsPage');
const PublicPreviewPage = lazyNamed(() => import('./PublicPreviewPage'), 'PublicPreviewPage');
// The owner's saved-ideas hub (the split-profile experiment).
const SavedIdeasHub = lazyNamed(() => import('./SavedIdeasHub'), 'SavedIdeasHub');

/** /{username}/ and every profile sub-path (docs/product/profiles-and-boards.md §2). */
export function UserProfilePage({ username }: { username: string }) {
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
  const adsOnlySite =
    data && !isOwner && data.is_ads_only_profile && data.ads_only_profile_site && isExternalLinkSafe(data.ads_only_profile_site)
      ? data.ads_only_profile_site
      : null;

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

  // The page's language (lib/i18n): pronouns and the search tile follow it.
  const locale = getLocale();
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
    case 'topics':
      return <ProfileTopicsPage {...context} />;
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
