import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { storefrontRouter } from './storefront-router';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

/** The storefront entry's app: TanStack Query and the storefront router, nothing of the back office. */
export function StorefrontApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={storefrontRouter} />
    </QueryClientProvider>
  );
}
