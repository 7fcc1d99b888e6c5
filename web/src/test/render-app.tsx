import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type InitialEntry } from 'react-router-dom';
import { routes } from '../app/router';
import { createQueryClient } from '../lib/query-client';
import { ToastProvider } from '../lib/toast';

/** Renders the whole app (real routes, layout and guard) at a path. */
export function renderApp(at: InitialEntry = '/') {
  const router = createMemoryRouter(routes, { initialEntries: [at] });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { router, ...view };
}
