import type { AgencyBranding, AgencyTheme } from '@travesia/contracts';
import { type ThemeConfig, theme } from 'antd';
import { BASE_THEME, PLATFORM_PRIMARY } from './base-theme';

/** Each preset's colour and whether it draws the shell dark; the agency's own colour replaces the preset's. */
export const THEME_PRESETS: Record<AgencyTheme, { primary: string; dark: boolean }> = {
  default: { primary: PLATFORM_PRIMARY, dark: false },
  dark: { primary: '#3fb68b', dark: true },
  ocean: { primary: '#1a6fb0', dark: false },
  sunset: { primary: '#c2410c', dark: false },
};

export type BrandingLook = Pick<AgencyBranding, 'theme' | 'primaryColor'>;

const presetOf = (name: string) => THEME_PRESETS[name as AgencyTheme] ?? THEME_PRESETS.default;

/** The colour and mode an agency's shell is drawn in. */
export function lookOf(branding: BrandingLook | null | undefined): { primary: string; dark: boolean } {
  const preset = presetOf(branding?.theme ?? 'default');
  return { primary: branding?.primaryColor ?? preset.primary, dark: preset.dark };
}

/** A light tint of a #rrggbb colour (selected menu item background). */
export function tint(hex: string, amount = 0.88): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const mix = (c: number) => Math.round(c + (255 - c) * amount);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map(mix);
  return `#${((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1)}`;
}

/**
 * The antd theme of an agency's shell (issue 16): the base theme with the agency's colour, and antd's
 * dark algorithm for the dark preset (whose text colours are antd's own, not the light ones).
 */
export function agencyThemeConfig(branding: BrandingLook | null | undefined): ThemeConfig {
  const { primary, dark } = lookOf(branding);
  if (dark) {
    return {
      algorithm: theme.darkAlgorithm,
      token: { colorPrimary: primary, colorLink: primary, borderRadius: 6, fontSizeHeading1: 24 },
      components: { Menu: { itemBorderRadius: 6 }, Layout: { headerHeight: 64 } },
    };
  }
  return {
    ...BASE_THEME,
    token: { ...BASE_THEME.token, colorPrimary: primary, colorLink: primary },
    components: {
      ...BASE_THEME.components,
      Menu: { ...BASE_THEME.components?.Menu, itemSelectedBg: tint(primary), itemSelectedColor: primary },
    },
  };
}
