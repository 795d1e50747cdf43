import { useParams } from 'react-router';
import { ProfilePathGate } from '../features/profile/ProfilePathGate';
import { parseProfilePath, PROFILE_SUB_PATHS } from '../features/profile/profilePaths';
import { lazyNamed } from '../lib/lazyNamed';
import { ProfileRoute } from './ProfileRoute';

// Boards and sections are their own chunk; a profile (and its tabs) is in the first download.
const BoardRoute = lazyNamed(() => import('./BoardRoute'), 'BoardRoute');
const SectionRoute = lazyNamed(() => import('./BoardRoute'), 'SectionRoute');

export function ProfilePage() {
  const { username = '' } = useParams();
  return (
    <ProfilePathGate>
      <ProfileRoute key={username.toLowerCase()} />
    </ProfilePathGate>
  );
}

/** /{username}/{board}/, or one of the profile's own sub-paths (docs/product/profiles-and-boards.md §2). */
export function BoardPage() {
  const { username = '', slug = '' } = useParams();
  return (
    <ProfilePathGate>
      {PROFILE_SUB_PATHS.has(slug) ? <ProfileRoute key={username.toLowerCase()} /> : <BoardRoute key={`${username}/${slug}`} />}
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
