import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { agencyThemeConfig, lookOf, tint } from './agency-theme';
import { PLATFORM_PRIMARY } from './base-theme';

describe('agency theme', () => {
  it('uses the platform colour without branding and the preset colour without an own colour', () => {
    expect(lookOf(null)).toEqual({ primary: PLATFORM_PRIMARY, dark: false });
    expect(lookOf({ theme: 'ocean', primaryColor: null })).toEqual({ primary: '#1a6fb0', dark: false });
    expect(lookOf({ theme: 'unknown-preset', primaryColor: null }).primary).toBe(PLATFORM_PRIMARY);
  });

  it("puts the agency's colour on buttons, links and the selected menu item", () => {
    const cfg = agencyThemeConfig({ theme: 'default', primaryColor: '#ff0000' });
    expect(cfg.token).toMatchObject({ colorPrimary: '#ff0000', colorLink: '#ff0000', colorError: '#cf1322' });
    expect(cfg.components?.Menu).toMatchObject({ itemSelectedColor: '#ff0000', itemSelectedBg: tint('#ff0000') });
    expect(cfg.algorithm).toBeUndefined();
  });

  it('draws the dark preset with the dark algorithm and no light-only text colours', () => {
    const cfg = agencyThemeConfig({ theme: 'dark', primaryColor: '#123456' });
    expect(cfg.algorithm).toBe(theme.darkAlgorithm);
    expect(cfg.token?.colorPrimary).toBe('#123456');
    expect(cfg.token?.colorTextSecondary).toBeUndefined();
  });

  it('tints towards white', () => {
    expect(tint('#000000', 0.5)).toBe('#808080');
    expect(tint('#ffffff')).toBe('#ffffff');
  });
});
