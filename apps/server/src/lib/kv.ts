import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

/**
 * Small shared store for counters and cached values: Redis when REDIS_URL is set so several API
 * processes share it, an in-process map otherwise.
 */
export interface KeyValueStore {
  /** Increments `key`, starting its expiry window on the first hit; answers the new count. */
  incr(key: string, ttlSeconds: number): Promise<number>;
  /**
   * Takes one of `limit` slots of `key` atomically (check and increment are one step, so parallel
   * callers can never take more than `limit`), starting its expiry window on the first slot.
   * Answers false, taking nothing, when all slots are taken.
   */
  reserve(key: string, limit: number, ttlSeconds: number): Promise<boolean>;
  /** Gives back one slot taken by `reserve` (never below zero; keeps the window). */
  release(key: string): Promise<void>;
  get(key: string): Promise<string | null>;
  /** Several values in one round trip (null where missing), in the keys' order. */
  getMany(keys: string[]): Promise<(string | null)[]>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  del(key: string): Promise<void>;
  close(): Promise<void>;
}

/** One script runs atomically in Redis: read, compare and increment can't interleave with another caller. */
const RESERVE_LUA = `
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n >= tonumber(ARGV[1]) then return 0 end
n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('EXPIRE', KEYS[1], tonumber(ARGV[2])) end
return 1`;
const RELEASE_LUA = `
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

export class RedisStore implements KeyValueStore {
  private readonly redis: Redis;
  constructor(
    url: string,
    private readonly prefix = 'travesia:',
  ) {
    // Loaded (CommonJS, synchronously) only when REDIS_URL is set: an embedded start does not pay for it (decision 0550).
    const { Redis: Client } = createRequire(import.meta.url)('ioredis') as typeof import('ioredis');
    this.redis = new Client(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  }
  async incr(key: string, ttlSeconds: number) {
    const k = this.prefix + key;
    const [[, count]] = (await this.redis.multi().incr(k).expire(k, ttlSeconds, 'NX').exec()) as [[null, number]];
    return count;
  }
  async reserve(key: string, limit: number, ttlSeconds: number) {
    const taken = await this.redis.eval(RESERVE_LUA, 1, this.prefix + key, String(limit), String(ttlSeconds));
    return taken === 1;
  }
  async release(key: string) {
    await this.redis.eval(RELEASE_LUA, 1, this.prefix + key);
  }
  get(key: string) {
    return this.redis.get(this.prefix + key);
  }
  async getMany(keys: string[]) {
    return keys.length ? this.redis.mget(keys.map((k) => this.prefix + k)) : [];
  }
  async set(key: string, value: string, ttlSeconds: number) {
    await this.redis.set(this.prefix + key, value, 'EX', ttlSeconds);
  }
  async del(key: string) {
    await this.redis.del(this.prefix + key);
  }
  async close() {
    await this.redis.quit();
  }
}

/** Default byte cap of the in-process store's cached values (docs/PERFORMANCE.md, memory). */
export const MEMORY_STORE_DEFAULT_MAX_BYTES = 32 * 1024 * 1024;

/**
 * The store of a single process without Redis. Counters (`incr`, `reserve`, `release`: throttles and
 * rate limits) and cached values (`set`: search results, quotes, content) are kept apart:
 *
 * - values live in an LRU bounded by `maxBytes` (their UTF-8 size plus the key's): a busy server keeps
 *   the most recently used searches and drops the oldest ones instead of growing without end
 *   (issue 21: ~0.8 MB per hotel search, 1.39 GB after 1,000 searches). Expired values are dropped
 *   when read and whenever the cap needs room. A value larger than the whole cap is not kept.
 * - counters are small and must not be pushed out by a large search, so they are bounded by count
 *   (`maxCounters`) in an LRU of their own, expired ones dropped as in Redis.
 */
export class MemoryStore implements KeyValueStore {
  private readonly values: LRUCache<string, string>;
  private readonly counters: LRUCache<string, number>;

  constructor(opts: { maxBytes?: number; maxCounters?: number } = {}) {
    this.values = new LRUCache<string, string>({
      maxSize: opts.maxBytes ?? MEMORY_STORE_DEFAULT_MAX_BYTES,
      sizeCalculation: (value, key) => Buffer.byteLength(value) + key.length,
    });
    // `noUpdateTTL`: a counter's window starts at its first hit and is not moved by the next ones. Bounded
    // as a size of one per counter rather than by `max`, which allocates arrays for every slot up front
    // (~30 ms of each start, ~50 ms more at the first counter with a TTL; decision 0550).
    this.counters = new LRUCache<string, number>({
      maxSize: opts.maxCounters ?? 100_000,
      sizeCalculation: () => 1,
      ttlAutopurge: false,
      noUpdateTTL: true,
    });
  }

  /** Bytes the cached values take by the store's own measure (for the memory bench and tests). */
  get valueBytes(): number {
    return this.values.calculatedSize;
  }

  // No await inside any method: each runs to completion on the event loop, so check-and-increment is atomic.
  async incr(key: string, ttlSeconds: number) {
    const count = (this.counters.get(key) ?? 0) + 1;
    this.counters.set(key, count, { ttl: ttlSeconds * 1000 });
    return count;
  }
  async reserve(key: string, limit: number, ttlSeconds: number) {
    const count = this.counters.get(key) ?? 0;
    if (count >= limit) return false;
    this.counters.set(key, count + 1, { ttl: ttlSeconds * 1000 });
    return true;
  }
  async release(key: string) {
    const count = this.counters.get(key);
    if (count !== undefined && count > 0) this.counters.set(key, count - 1);
  }
  async get(key: string) {
    const value = this.values.get(key);
    if (value !== undefined) return value;
    const count = this.counters.get(key);
    return count === undefined ? null : String(count);
  }
  async getMany(keys: string[]) {
    return Promise.all(keys.map((k) => this.get(k)));
  }
  async set(key: string, value: string, ttlSeconds: number) {
    this.counters.delete(key);
    this.values.set(key, value, { ttl: ttlSeconds * 1000 });
  }
  async del(key: string) {
    this.values.delete(key);
    this.counters.delete(key);
  }
  async close() {
    this.values.clear();
    this.counters.clear();
  }
}

export function createStore(redisUrl?: string, memory: { maxBytes?: number } = {}): KeyValueStore {
  return redisUrl ? new RedisStore(redisUrl) : new MemoryStore(memory);
}
