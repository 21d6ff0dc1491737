import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeStorage } from '../test/fake-storage';
import { STORAGE_PREFIX, storage } from './storage';

describe('storage', () => {
  let local: FakeStorage;
  beforeEach(() => {
    local = new FakeStorage();
    vi.stubGlobal('localStorage', local);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('stores JSON under the adm-kd- prefix and reads it back', () => {
    storage.set('search-hotels-all', { a: 1 });
    expect(local.getItem(`${STORAGE_PREFIX}search-hotels-all`)).toBe('{"a":1}');
    expect(storage.get('search-hotels-all', null)).toEqual({ a: 1 });
  });

  it('answers the fallback for a missing key or unreadable JSON', () => {
    expect(storage.get('missing', 'fallback')).toBe('fallback');
    local.setItem(`${STORAGE_PREFIX}broken`, '{oops');
    expect(storage.get('broken', 42)).toBe(42);
  });

  it('clears only the search state at sign-in', () => {
    storage.set('search-hotels-all', 1);
    storage.set('search-hotels-checkout', 2);
    storage.set('theme', 'dark');
    local.setItem('other-app', 'x');
    storage.clearSearchState();
    expect(Object.keys(local).sort()).toEqual([`${STORAGE_PREFIX}theme`, 'other-app']);
  });

  it('keeps working when storage is disabled', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    });
    expect(() => storage.set('k', 1)).not.toThrow();
    expect(storage.get('k', 'fallback')).toBe('fallback');
    expect(() => storage.remove('k')).not.toThrow();
  });
});
