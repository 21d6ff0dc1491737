import type { ThemeConfig } from 'antd';
import { BASE_THEME, PLATFORM_PRIMARY } from '../theme/base-theme';

const channel = (c: number) => {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};
const luminance = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
};
/** WCAG contrast ratio between two #rrggbb colours. */
export const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

const darken = (hex: string, amount: number) => {
  const n = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => Math.round(c * (1 - amount)));
  return `#${((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1)}`;
};

/**
 * The white label's colour, darkened just enough for white text on it (buttons, the hero) to reach
 * WCAG AA 4.5:1, so any colour an admin picks keeps the storefront readable.
 */
export function readablePrimary(hex: string | null | undefined): string {
  let c = hex && /^#[0-9a-f]{6}$/i.test(hex) ? hex.toLowerCase() : PLATFORM_PRIMARY;
  for (let i = 0; i < 20 && contrast(c, '#ffffff') < 4.5; i++) c = darken(c, 0.08);
  return c;
}

/** The antd theme of a storefront: the base theme in the white label's colour. */
export function storefrontTheme(primaryColor: string | null | undefined): ThemeConfig {
  const primary = readablePrimary(primaryColor);
  return {
    ...BASE_THEME,
    token: { ...BASE_THEME.token, colorPrimary: primary, colorLink: primary, fontSizeHeading1: 30 },
    components: { ...BASE_THEME.components, Layout: { headerHeight: 64, bodyBg: '#ffffff', headerBg: '#ffffff', footerBg: '#f5f6f8' } },
  };
}
