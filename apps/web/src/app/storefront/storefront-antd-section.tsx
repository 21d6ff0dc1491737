import { App as AntApp, ConfigProvider } from 'antd';
import esES from 'antd/locale/es_ES';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import { Outlet } from 'react-router';
import { useStorefront } from '../../shared/storefront/site-context';
import { storefrontTheme } from '../../shared/storefront/storefront-theme';
import '../global.css';

dayjs.locale('es');

/**
 * The storefront pages that stay in antd (results, checkout, order, legal), in the white label's antd theme.
 * Loaded on demand by the storefront entry's router: the home never downloads antd (decision 0460).
 */
export function StorefrontAntdSection() {
  const site = useStorefront();
  return (
    <ConfigProvider locale={esES} theme={storefrontTheme(site.branding.primaryColor)}>
      <AntApp>
        <Outlet />
      </AntApp>
    </ConfigProvider>
  );
}
