import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx answer will not change on retry; network and 5xx may.
        retry: (failureCount, error) => {
          if (isApiError(error) && error.httpStatus >= 400 && error.httpStatus < 500) return false;
          return failureCount < 2;
        },
      },
      mutations: { retry: false },
    },
  });
}
