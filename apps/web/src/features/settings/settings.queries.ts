import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileKeys } from '../profile/profile.queries';
import type { Viewer } from '../session/session.api';
import { sessionKeys, useResetForNewViewer } from '../session/session.queries';
import { userKeys } from '../users/users.queries';
import { changePassword, logOutEverywhere, updateProfile, updateUserSettings, type PasswordChange, type ProfileUpdate } from './settings.api';

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

export function useChangePassword() {
  return useMutation({ mutationFn: (change: PasswordChange) => changePassword(change) });
}

/** Ends every session of the account; afterwards the app is signed out, as after a log-out. */
export function useLogOutEverywhere() {
  const reset = useResetForNewViewer();
  return useMutation({
    mutationFn: () => logOutEverywhere(),
    onSuccess: () => reset({ isAuth: false }),
  });
}

/** Comments on new Pins on or off by default; the Viewer's `shouldDefaultCommentsOff` shows the saved value at once. */
export function useUpdateCommentsDefault() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (off: boolean) => updateUserSettings({ comments_default_off: off }),
    onSuccess: async (settings) => {
      queryClient.setQueryData<Viewer>(sessionKeys.viewer, (viewer) =>
        viewer?.isAuth ? { ...viewer, shouldDefaultCommentsOff: settings.comments_default_off } : viewer,
      );
      await queryClient.invalidateQueries({ queryKey: sessionKeys.viewer });
    },
  });
}
