import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { takeEmbeddedViewer } from './embeddedViewer';
import { fetchViewer, logIn, logOut, register, type LoginInput, type RegisterInput, type SignedInViewer, type Viewer } from './session.api';

export const sessionKeys = {
  all: ['session'] as const,
  viewer: ['session', 'viewer'] as const,
};

export function useViewer() {
  return useQuery({
    queryKey: sessionKeys.viewer,
    queryFn: ({ signal }) => fetchViewer(signal),
    // A signed-in page's first HTML carries the Viewer: the first render lays out for that person.
    initialData: takeEmbeddedViewer,
    staleTime: 5 * 60_000,
  });
}

/** The signed-in viewer, or null while loading or when signed out. */
export function useSignedInViewer(): SignedInViewer | null {
  const { data } = useViewer();
  return data?.isAuth ? data : null;
}

/** After the identity changes, every cached answer may be wrong: start afresh. */
export function useResetForNewViewer() {
  const queryClient = useQueryClient();
  return async (viewer: Viewer) => {
    await queryClient.cancelQueries();
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'session' });
    queryClient.setQueryData(sessionKeys.viewer, viewer);
  };
}

export function useLogIn() {
  const reset = useResetForNewViewer();
  return useMutation({
    mutationFn: (input: LoginInput) => logIn(input),
    onSuccess: (viewer) => reset(viewer),
  });
}

export function useRegister() {
  const reset = useResetForNewViewer();
  return useMutation({
    mutationFn: async (input: RegisterInput) => {
      await register(input);
      return fetchViewer();
    },
    onSuccess: (viewer) => reset(viewer),
  });
}

export function useLogOut() {
  const reset = useResetForNewViewer();
  return useMutation({
    mutationFn: () => logOut(),
    onSuccess: () => reset({ isAuth: false }),
  });
}
