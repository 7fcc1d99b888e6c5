import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserResponse } from '../../../shared/schemas/account';
import { api } from './api-client';

/** Keyed by the user id, so another account never sees a cached profile. */
export const accountUserQuery = (userId: string) =>
  queryOptions({
    queryKey: ['account', 'user', userId],
    queryFn: ({ signal }) => api<UserResponse>('user', {}, { signal }),
  });

/** The signed-in user's name, email and photo URL (disabled for guests). */
export function useAccountUser(userId: string | undefined) {
  return useQuery({ ...accountUserQuery(userId ?? ''), enabled: Boolean(userId) });
}
