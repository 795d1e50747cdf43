import { useQuery } from '@tanstack/react-query';
import type { ButtonSize } from '../../../components/Button/Button';
import { useSignedInViewer } from '../../session/session.queries';
import { fetchProfile } from '../../users/users.api';
import { profileDetailsKeys } from '../../users/profileCache';
import { FollowButton } from './FollowButton';

/**
 * A Follow button for a person named beside their content (a Pin's pinner on its closeup, a board's owner on its
 * page; decision 089): their follow state is read as their profile reads it (UserResource, the profile's cached
 * details), so following here and on the profile agree. Not shown for oneself, nor for someone the viewer blocked
 * or cannot see; signed out it offers the login prompt.
 */
export function PersonFollowButton({ person, size = 'medium' }: { person: { id: string; username: string; name: string }; size?: ButtonSize }) {
  const viewer = useSignedInViewer();
  const mine = viewer?.id === person.id;
  const profile = useQuery({
    queryKey: profileDetailsKeys.details(person.username, null),
    queryFn: ({ signal }) => fetchProfile(person.username, signal),
    enabled: !!viewer && !mine,
  });
  if (mine) return null;
  if (!viewer) return <FollowButton target={person} followed={false} size={size} />;
  // A private profile is followed only with its invite link, on the profile itself.
  if (!profile.data || profile.data.blocked_by_me || (profile.data.is_private_profile && !profile.data.explicitly_followed_by_me)) return null;
  return <FollowButton target={person} followed={profile.data.explicitly_followed_by_me} size={size} />;
}
