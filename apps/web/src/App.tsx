import { createQueryClient, EngineProvider } from '@mes/engine-web/entity';
import type { Registry } from '@mes/model';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { buildRoutes } from './routes';

/**
 * The registry is given by tests; the app's is loaded with the signed-in pages (ModulesProvider).
 * antd's theme and language come with every page but the sign-in page (layout/AntdScope, routes.tsx).
 */
export function Providers({ registry, children }: { registry?: Registry; children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <EngineProvider registry={registry}>{children}</EngineProvider>
    </QueryClientProvider>
  );
}

export function App({ registry }: { registry?: Registry }) {
  // A data router, so that the form page can hold navigation while it has unsaved changes.
  const router = useMemo(() => createBrowserRouter(buildRoutes()), []);
  return (
    <Providers registry={registry}>
      <RouterProvider router={router} />
    </Providers>
  );
}
