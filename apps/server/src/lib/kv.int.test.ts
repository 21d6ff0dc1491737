import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { type KeyValueStore, MemoryStore, RedisStore } from './kv.js';

/** The same behaviour from both stores; Redis when REDIS_URL is set (CI sets it). */
const stores: Array<[string, KeyValueStore]> = [['memory', new MemoryStore()]];
if (process.env.REDIS_URL) stores.push(['redis', new RedisStore(process.env.REDIS_URL, `travesia-test:${randomUUID()}:`)]);
afterAll(() => Promise.all(stores.map(([, s]) => s.close())));

describe.each(stores)('%s store', (_name, store) => {
  it('counts within a window and forgets after it', async () => {
    expect(await store.incr('k', 1)).toBe(1);
    expect(await store.incr('k', 1)).toBe(2);
    expect(await store.get('k')).toBe('2');
    await new Promise((r) => setTimeout(r, 1100));
    expect(await store.get('k')).toBeNull();
    expect(await store.incr('k', 1)).toBe(1);
  });

  it('sets, gets and deletes values with a time to live', async () => {
    await store.set('v', 'hola', 60);
    expect(await store.get('v')).toBe('hola');
    await store.del('v');
    expect(await store.get('v')).toBeNull();
  });

  it('reads several values at once, null where missing, in the keys order', async () => {
    await store.set('a', '1', 60);
    await store.set('c', '3', 60);
    expect(await store.getMany(['c', 'b', 'a'])).toEqual(['3', null, '1']);
    expect(await store.getMany([])).toEqual([]);
  });

  it('reserve hands out exactly `limit` slots to parallel callers, and release gives one back', async () => {
    const key = `r-${randomUUID()}`;
    const results = await Promise.all(Array.from({ length: 40 }, () => store.reserve(key, 5, 60)));
    expect(results.filter(Boolean)).toHaveLength(5);
    expect(await store.get(key)).toBe('5');
    await store.release(key);
    expect(await store.get(key)).toBe('4');
    expect(await store.reserve(key, 5, 60)).toBe(true);
    expect(await store.reserve(key, 5, 60)).toBe(false);
    await store.release(`missing-${randomUUID()}`);
    expect(await store.get(`missing-${randomUUID()}`)).toBeNull();
  });

  it('reserve keeps the window of the first slot and forgets after it', async () => {
    const key = `w-${randomUUID()}`;
    expect(await store.reserve(key, 1, 1)).toBe(true);
    expect(await store.reserve(key, 1, 1)).toBe(false);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await store.reserve(key, 1, 1)).toBe(true);
  });
});
