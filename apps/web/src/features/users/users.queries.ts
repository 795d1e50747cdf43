import { useQuery } from '@tanstack/react-query';
import { fetchProfile } from './users.api';

export const userKeys = {
  all: ['users'] as const,
  profile: (username: string) => ['users', username.toLowerCase()] as const,
};

export function useProfile(username: string) {
  return useQuery({
    queryKey: userKeys.profile(username),
    queryFn: ({ signal }) => fetchProfile(username, signal),
  });
}
