import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MySharesResponse,
  PublicPitchResponse,
  PublicRecordResponse,
  SharePitchResponse,
} from '../../../../../shared/sharing/schemas';
import { api } from '../../../lib/api-client';

export const mySharesKey = ['myShares'] as const;

/** The signed-in user's shared pitches and public record setting. */
export function useMyShares(enabled = true) {
  return useQuery({
    queryKey: mySharesKey,
    queryFn: ({ signal }) => api<MySharesResponse>('myShares', {}, { signal }),
    enabled,
  });
}

export function useSharePitch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (valuationId: string) =>
      api<SharePitchResponse>('sharePitch', { valuation_id: valuationId }),
    onSettled: () => client.invalidateQueries({ queryKey: mySharesKey }),
  });
}

export function useStopSharing() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (valuationId: string) =>
      api<{ message: string }>('stopSharingPitch', { valuation_id: valuationId }),
    onSettled: () => client.invalidateQueries({ queryKey: mySharesKey }),
  });
}

/** Hides an earlier version of a shared pitch from its public page (decision 143). */
export function useHideVersion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { valuationId: string; version: number }) =>
      api<{ message: string }>('hideSharedVersion', {
        valuation_id: input.valuationId,
        version: input.version,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: mySharesKey }),
  });
}

export function useSetPublicRecord() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { enabled: true; display_name: string } | { enabled: false }) =>
      api<{ message: string }>('setPublicRecord', input),
    onSettled: () => client.invalidateQueries({ queryKey: mySharesKey }),
  });
}

/** A shared pitch, signed out: the server's versions and record. */
export function usePublicPitch(slug: string) {
  return useQuery({
    queryKey: ['publicPitch', slug],
    queryFn: ({ signal }) => api<PublicPitchResponse>('publicPitch', { slug }, { signal }),
    retry: false,
  });
}

export function usePublicRecord(slug: string) {
  return useQuery({
    queryKey: ['publicRecord', slug],
    queryFn: ({ signal }) => api<PublicRecordResponse>('publicRecord', { slug }, { signal }),
    retry: false,
  });
}
