import type { ThemeConfig } from 'antd';
import { prefersReducedMotion } from './reduced-motion';

/** The platform's own green: the shell's colour before sign-in and of agencies that chose nothing. */
export const PLATFORM_PRIMARY = '#0b6e4f';

/** The light theme every page starts from (decision 0172 contrast fixes included). */
export const BASE_THEME: ThemeConfig = {
  token: {
    colorPrimary: PLATFORM_PRIMARY,
    colorLink: PLATFORM_PRIMARY,
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
    // No animations for a reader whose system asks for reduced motion (every theme spreads this token).
    motion: !prefersReducedMotion(),
  },
  components: {
    Menu: { itemSelectedBg: '#e3f2ec', itemSelectedColor: PLATFORM_PRIMARY, itemBorderRadius: 6 },
    Layout: { headerHeight: 64, bodyBg: '#f5f6f8' },
    // An unchecked switch's "No" in white on a grey dark enough to read (antd: 25 % black).
    Switch: { colorTextQuaternary: 'rgba(0, 0, 0, 0.55)', colorTextTertiary: 'rgba(0, 0, 0, 0.65)' },
    // Empty-table text ("Aún no hay…") readable, not disabled-grey.
    Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.6)' },
  },
};
