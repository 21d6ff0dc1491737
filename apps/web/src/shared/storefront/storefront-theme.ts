import { readablePrimary } from '@travesia/contracts/storefront-page';
import type { ThemeConfig } from 'antd';
import { BASE_THEME } from '../theme/base-theme';

// Shared with the server's pre-rendered storefront page (decision 0460).
export { contrast, readablePrimary } from '@travesia/contracts/storefront-page';

/** The antd theme of a storefront: the base theme in the white label's colour. */
export function storefrontTheme(primaryColor: string | null | undefined): ThemeConfig {
  const primary = readablePrimary(primaryColor);
  return {
    ...BASE_THEME,
    token: { ...BASE_THEME.token, colorPrimary: primary, colorLink: primary, fontSizeHeading1: 30 },
    components: { ...BASE_THEME.components, Layout: { headerHeight: 64, bodyBg: '#ffffff', headerBg: '#ffffff', footerBg: '#f5f6f8' } },
  };
}
