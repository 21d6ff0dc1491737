import { describe, expect, it } from 'vitest';
import { trimRate } from './trim-rate';

describe('trimRate', () => {
  it('drops the trailing zeros of a stored rate', () => {
    expect(trimRate('1.0000000000')).toBe('1');
    expect(trimRate('0.2500000000')).toBe('0.25');
    expect(trimRate('4100')).toBe('4100');
    expect(trimRate('3950.1234567890')).toBe('3950.123456789');
  });
});
