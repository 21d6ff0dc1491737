import { describe, expect, it } from 'vitest';
import { formatPercent } from './percent.js';

describe('formatPercent', () => {
  it('writes every percentage in one style: es-CO digits, a space before the sign', () => {
    expect(formatPercent('12')).toBe('12 %');
    expect(formatPercent(2468.83)).toBe('2.468,83 %');
    expect(formatPercent('10.50')).toBe('10,5 %');
    expect(formatPercent(-3.5)).toBe('-3,5 %');
    expect(formatPercent('1.005')).toBe('1,01 %');
  });

  it('is empty for nothing or garbage', () => {
    expect(formatPercent(null)).toBe('');
    expect(formatPercent('abc')).toBe('');
  });
});
