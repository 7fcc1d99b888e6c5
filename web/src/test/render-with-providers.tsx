import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createQueryClient } from '../lib/query-client';
import { ToastProvider } from '../lib/toast';

/**
 * Renders a piece of the app (with its own router) inside a fresh query client that does not
 * retry and the toast provider; toasts stay `toastDuration` ms when given.
 */
export function renderWithProviders(ui: ReactNode, options: { toastDuration?: number } = {}) {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  const view = render(
    <QueryClientProvider client={client}>
      <ToastProvider duration={options.toastDuration}>{ui}</ToastProvider>
    </QueryClientProvider>,
  );
  return { client, ...view };
}
