import { describe, expect, it } from 'vitest';
import { readableLogs } from './logger.js';

describe('readableLogs', () => {
  it('prints readable lines in a terminal and JSON when piped or in production, unless LOG_FORMAT says otherwise', () => {
    expect(readableLogs('auto', true, undefined)).toBe(true);
    expect(readableLogs('auto', false, undefined)).toBe(false);
    expect(readableLogs('auto', undefined, 'development')).toBe(false);
    expect(readableLogs('auto', true, 'production')).toBe(false);
    expect(readableLogs('pretty', false, 'production')).toBe(true);
    expect(readableLogs('json', true, undefined)).toBe(false);
  });
});
