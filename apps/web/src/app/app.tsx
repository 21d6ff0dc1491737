import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import esES from 'antd/locale/es_ES';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import { Suspense } from 'react';
import { RouterProvider } from 'react-router';
import { FullPageSpin } from '../shared/components/full-page-spin';
import { SessionProvider } from '../shared/session/session-provider';
import { BASE_THEME } from '../shared/theme/base-theme';
import type { createAppRouter } from './router';
import { AgencyBranding } from './theme/agency-branding';

dayjs.locale('es');

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

/** The signed-in app (and the pages it shares with the sign-in entry), mounted by mount-app.tsx. */
export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return (
    <ConfigProvider locale={esES} theme={BASE_THEME}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <SessionProvider>
            <AgencyBranding>
              {/* The admin shell loads on demand (router.tsx): a spinner until its chunk arrives. */}
              <Suspense fallback={<FullPageSpin />}>
                <RouterProvider router={router} />
              </Suspense>
            </AgencyBranding>
          </SessionProvider>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
