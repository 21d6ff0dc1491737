import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefersReducedMotion } from './reduced-motion';

const withMedia = (reduce: boolean) =>
  vi.stubGlobal('window', { matchMedia: (query: string) => ({ matches: reduce && query === '(prefers-reduced-motion: reduce)' }) });

describe('prefersReducedMotion', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('follows the system setting', () => {
    withMedia(true);
    expect(prefersReducedMotion()).toBe(true);
    withMedia(false);
    expect(prefersReducedMotion()).toBe(false);
  });

  it('is off where there is no window (server rendering, tests)', () => {
    expect(prefersReducedMotion()).toBe(false);
  });

  it('turns antd motion off in the base theme every other theme spreads', async () => {
    withMedia(true);
    const { BASE_THEME } = await import('./base-theme');
    expect(BASE_THEME.token?.motion).toBe(false);
    vi.resetModules();
    withMedia(false);
    const again = await import('./base-theme');
    expect(again.BASE_THEME.token?.motion).toBe(true);
  });
});
