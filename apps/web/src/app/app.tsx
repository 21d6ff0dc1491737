import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, type ThemeConfig } from 'antd';
import esES from 'antd/locale/es_ES';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import { RouterProvider } from 'react-router';
import { SessionProvider } from '../shared/session/session-provider';
import { router } from './router';

dayjs.locale('es');

const PRIMARY = '#0b6e4f';
const THEME: ThemeConfig = {
  token: { colorPrimary: PRIMARY, colorLink: PRIMARY, borderRadius: 6 },
  components: {
    Menu: { itemSelectedBg: '#e3f2ec', itemSelectedColor: PRIMARY, itemBorderRadius: 6 },
    Layout: { headerHeight: 64, bodyBg: '#f5f6f8' },
  },
};

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

export function App() {
  return (
    <ConfigProvider locale={esES} theme={THEME}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <SessionProvider>
            <RouterProvider router={router} />
          </SessionProvider>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
