import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileKeys } from '../profile/profile.queries';
import type { Viewer } from '../session/session.api';
import { sessionKeys } from '../session/session.queries';
import { userKeys } from '../users/users.queries';
import { updateProfile, type ProfileUpdate } from './settings.api';

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ProfileUpdate) => updateProfile(update),
    onSuccess: async (profile, update) => {
      queryClient.setQueryData(profileKeys.details(profile.username, null), profile);
      // The Viewer carries the account settings (messaging, country): show the saved values at once.
      queryClient.setQueryData<Viewer>(sessionKeys.viewer, (viewer) =>
        viewer?.isAuth
          ? {
              ...viewer,
              ...(update.allow_messages !== undefined ? { allow_messages: update.allow_messages } : {}),
              ...(profile.country ? { country: profile.country } : {}),
            }
          : viewer,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionKeys.viewer }),
        queryClient.invalidateQueries({ queryKey: userKeys.all, predicate: (query) => query.queryKey[1] !== profile.username.toLowerCase() }),
      ]);
    },
  });
}
