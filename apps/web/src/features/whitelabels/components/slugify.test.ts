import { describe, expect, it } from 'vitest';
import { slugify } from './slugify';

describe('slugify', () => {
  it('drops accents, spaces and symbols', () => {
    expect(slugify('  Viajes Andinos Ñandú & Cía. ')).toBe('viajes-andinos-nandu-cia');
  });
  it('keeps at most 63 characters and never ends with a hyphen', () => {
    const s = slugify(`${'a'.repeat(62)} b`);
    expect(s.length).toBeLessThanOrEqual(63);
    expect(s.endsWith('-')).toBe(false);
  });
});
