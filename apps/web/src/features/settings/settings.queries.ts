import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileKeys } from '../profile/profile.queries';
import { sessionKeys } from '../session/session.queries';
import { userKeys } from '../users/users.queries';
import { updateProfile, type ProfileUpdate } from './settings.api';

export const settingsKeys = {
  /** The messaging switch as last saved in this session (the API does not read it back yet). */
  allowMessages: ['settings', 'allow-messages'] as const,
};

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ProfileUpdate) => updateProfile(update),
    onSuccess: async (profile, update) => {
      queryClient.setQueryData(profileKeys.details(profile.username, null), profile);
      if (update.allow_messages !== undefined) queryClient.setQueryData(settingsKeys.allowMessages, update.allow_messages);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionKeys.viewer }),
        queryClient.invalidateQueries({ queryKey: userKeys.all, predicate: (query) => query.queryKey[1] !== profile.username.toLowerCase() }),
      ]);
    },
  });
}
