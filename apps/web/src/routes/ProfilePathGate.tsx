import type { ReactNode } from 'react';
import { useLocation, useParams } from 'react-router';
import { isProfilePath } from '@pinboard/shared/constants/reservedPaths';
import { NotFoundView } from '../components/NotFoundView/NotFoundView';
import { parseProfilePath, PROFILE_SUB_PATHS } from '../features/profile/profilePaths';
import { lazyNamed } from '../lib/lazyNamed';
import { ProfileRoute } from '../features/profile/pages/ProfilePage';

// Boards and sections are their own chunk; a profile (and its tabs) is in the first download.
const BoardRoute = lazyNamed(() => import('../features/boards/BoardPathPages'), 'BoardRoute');
const SectionRoute = lazyNamed(() => import('../features/boards/BoardPathPages'), 'SectionRoute');

/** Sub-paths of a profile that show the profile itself (profiles-and-boards §2), not a board. */
const PROFILE_TABS = PROFILE_SUB_PATHS;

/** Renders its children only for profile paths (first segment not reserved); anything else is a 404. */
function ProfilePathGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return isProfilePath(pathname) ? <>{children}</> : <NotFoundView />;
}

export function ProfilePage() {
  const { username = '' } = useParams();
  return (
    <ProfilePathGate>
      <ProfileRoute key={username.toLowerCase()} />
    </ProfilePathGate>
  );
}

export function BoardPage() {
  const { username = '', slug = '' } = useParams();
  return (
    <ProfilePathGate>
      {PROFILE_TABS.has(slug) ? <ProfileRoute key={username.toLowerCase()} /> : <BoardRoute key={`${username}/${slug}`} />}
    </ProfilePathGate>
  );
}

/** /{username}/{board}/{section}/; also the profile's two-level sub-paths (/{username}/_profile/_saved, /_preview/created, /_hub/boards). */
export function SectionPage() {
  const { username = '', slug = '', section = '' } = useParams();
  return (
    <ProfilePathGate>
      {parseProfilePath([slug, section]) !== null ? <ProfileRoute key={username.toLowerCase()} /> : <SectionRoute key={`${username}/${slug}/${section}`} />}
    </ProfilePathGate>
  );
}
