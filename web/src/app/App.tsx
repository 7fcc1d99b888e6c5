import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { createQueryClient } from '../lib/query-client';
import { ToastProvider } from '../lib/toast';
import { createAppRouter } from './router';

/** The whole app; `router` when the caller created it already (web/src/main.tsx). */
export function App({ router: given }: { router?: ReturnType<typeof createAppRouter> }) {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => given ?? createAppRouter());
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>
  );
}
