import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import esES from 'antd/locale/es_ES';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import { RouterProvider } from 'react-router';
import { SessionProvider } from '../shared/session/session-provider';
import { BASE_THEME } from '../shared/theme/base-theme';
import { router } from './router';
import { AgencyBranding } from './theme/agency-branding';

dayjs.locale('es');

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

export function App() {
  return (
    <ConfigProvider locale={esES} theme={BASE_THEME}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <SessionProvider>
            <AgencyBranding>
              <RouterProvider router={router} />
            </AgencyBranding>
          </SessionProvider>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
