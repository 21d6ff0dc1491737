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
  token: {
    colorPrimary: PRIMARY,
    colorLink: PRIMARY,
    borderRadius: 6,
    // WCAG AA contrast (4.5:1) for secondary text, descriptions and placeholders, also on the grey page
    // background (decision 0172); antd's defaults (45 % and 25 % black) fall below it.
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
    // Red text (danger buttons, errors) at 5.9:1 on white instead of antd's #ff4d4f (3.3:1).
    colorError: '#cf1322',
    // Green text ("+12 %" on the dashboard) at 5.9:1 instead of antd's #52c41a (2.3:1).
    colorSuccess: '#237804',
    // Every page's title is its h1, drawn at the size the old h3 titles had.
    fontSizeHeading1: 24,
  },
  components: {
    Menu: { itemSelectedBg: '#e3f2ec', itemSelectedColor: PRIMARY, itemBorderRadius: 6 },
    Layout: { headerHeight: 64, bodyBg: '#f5f6f8' },
    // An unchecked switch's "No" in white on a grey dark enough to read (antd: 25 % black).
    Switch: { colorTextQuaternary: 'rgba(0, 0, 0, 0.55)', colorTextTertiary: 'rgba(0, 0, 0, 0.65)' },
    // Empty-table text ("Aún no hay…") readable, not disabled-grey.
    Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.6)' },
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
