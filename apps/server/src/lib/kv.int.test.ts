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

describe('memory store bounds', () => {
  it('keeps cached values under its byte cap, dropping the least recently used first', async () => {
    const store = new MemoryStore({ maxBytes: 10_000 });
    const big = 'x'.repeat(3_000);
    await store.set('s1', big, 60);
    await store.set('s2', big, 60);
    await store.set('s3', big, 60);
    expect(await store.get('s1')).toBe(big); // read: now the most recently used
    await store.set('s4', big, 60);
    expect(await store.getMany(['s1', 's2', 's3', 's4'])).toEqual([big, null, big, big]);
    expect(store.valueBytes).toBeLessThanOrEqual(10_000);
    await store.set('huge', 'y'.repeat(20_000), 60);
    expect(await store.get('huge')).toBeNull();
    expect(await store.get('s4')).toBe(big);
  });

  it('counters are never pushed out by large values', async () => {
    const store = new MemoryStore({ maxBytes: 5_000 });
    expect(await store.reserve('login-fail:ip:1', 3, 60)).toBe(true);
    await store.incr('hits', 60);
    for (let i = 0; i < 20; i++) await store.set(`search-${i}`, 'z'.repeat(2_000), 60);
    expect(await store.get('login-fail:ip:1')).toBe('1');
    expect(await store.get('hits')).toBe('1');
    expect(store.valueBytes).toBeLessThanOrEqual(5_000);
  });

  it('keeps at most maxCounters counters, dropping the least recently used first', async () => {
    const store = new MemoryStore({ maxCounters: 3 });
    for (const key of ['a', 'b', 'c']) await store.incr(key, 60);
    await store.incr('a', 60); // now the most recently used
    await store.incr('d', 60);
    expect(await store.getMany(['a', 'b', 'c', 'd'])).toEqual(['2', null, '1', '1']);
  });

  it('counts values by their UTF-8 size and key', async () => {
    const store = new MemoryStore();
    await store.set('k', 'ñ'.repeat(10), 60);
    expect(store.valueBytes).toBe(21);
  });
});
