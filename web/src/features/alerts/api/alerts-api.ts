import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlertListResponse, AlertRecord } from '../../../../../shared/schemas/alerts';
import { api } from '../../../lib/api-client';

export const alertsKey = ['alerts'] as const;

/** The signed-in user's alert rules. */
export function useAlerts() {
  return useQuery({
    queryKey: alertsKey,
    queryFn: ({ signal }) => api<AlertListResponse>('getAlerts', {}, { signal }),
  });
}

/** What the dialog sends: one of the three kinds of rule (shared/schemas/alerts.ts). */
export type NewAlert =
  | { kind: 'intrinsic'; valuation_id: string; direction: 'above' | 'below' }
  | { kind: 'margin'; valuation_id: string; margin_pct: string }
  | {
      kind: 'price';
      stock_symbol: string;
      direction: 'above' | 'below';
      price: string;
      valuation_id?: string;
    };

export function useAddAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: NewAlert) =>
      api<{ message: string; data: AlertRecord }>('addAlert', input as Record<string, unknown>),
    onSettled: () => client.invalidateQueries({ queryKey: alertsKey }),
  });
}

export function useDeleteAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (alertId: string) => api('deleteAlert', { alert_id: alertId }),
    onSettled: () => client.invalidateQueries({ queryKey: alertsKey }),
  });
}

/** The email's link: no sign-in, the token alone. */
export function unsubscribeAlert(token: string) {
  return api<{ message: string; data: { removed: boolean; stock_symbol: string | null } }>(
    'unsubscribeAlert',
    { token },
  );
}
