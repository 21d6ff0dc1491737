import { describe, expect, it } from 'vitest';
import { pgliteSharedBuffers } from './client.js';

describe('pgliteSharedBuffers (decision 0490)', () => {
  it('is 32 MB unless PGLITE_SHARED_BUFFERS says otherwise', () => {
    expect(pgliteSharedBuffers({})).toBe('32MB');
    expect(pgliteSharedBuffers({ PGLITE_SHARED_BUFFERS: '64MB' })).toBe('64MB');
    expect(pgliteSharedBuffers({ PGLITE_SHARED_BUFFERS: ' 512 kB ' })).toBe('512 kB');
  });

  it('takes only PostgreSQL size syntax: anything else (a setting smuggled in) falls back', () => {
    for (const bad of ['', '64', 'lots', '32MB\nfsync = off', "32MB' ; drop", '1TB', '9999999MB'])
      expect(pgliteSharedBuffers({ PGLITE_SHARED_BUFFERS: bad })).toBe('32MB');
  });
});
