import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { startHotelSearchOfPage } from '../../features/storefront-home/api/search-hotels';
import { storefrontRouter } from './storefront-router';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
});
// The hotel results page's search does not wait for the first render (decision 0730).
startHotelSearchOfPage(queryClient, window.location);

/** The storefront entry's app: TanStack Query and the storefront router, nothing of the back office. */
export function StorefrontApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={storefrontRouter} />
    </QueryClientProvider>
  );
}
