import { Redis } from 'ioredis';

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
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
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

export class MemoryStore implements KeyValueStore {
  private readonly map = new Map<string, { value: string; expiresAt: number }>();
  private live(key: string) {
    const e = this.map.get(key);
    if (e && e.expiresAt <= Date.now()) {
      this.map.delete(key);
      return undefined;
    }
    return e;
  }
  async incr(key: string, ttlSeconds: number) {
    const e = this.live(key);
    const count = (e ? Number(e.value) : 0) + 1;
    this.map.set(key, { value: String(count), expiresAt: e?.expiresAt ?? Date.now() + ttlSeconds * 1000 });
    return count;
  }
  // No await inside: each method runs to completion on the event loop, so check-and-increment is atomic.
  async reserve(key: string, limit: number, ttlSeconds: number) {
    const e = this.live(key);
    const count = e ? Number(e.value) : 0;
    if (count >= limit) return false;
    this.map.set(key, { value: String(count + 1), expiresAt: e?.expiresAt ?? Date.now() + ttlSeconds * 1000 });
    return true;
  }
  async release(key: string) {
    const e = this.live(key);
    if (e && Number(e.value) > 0) e.value = String(Number(e.value) - 1);
  }
  async get(key: string) {
    return this.live(key)?.value ?? null;
  }
  async getMany(keys: string[]) {
    return keys.map((k) => this.live(k)?.value ?? null);
  }
  async set(key: string, value: string, ttlSeconds: number) {
    this.map.set(key, { value, expiresAt: Date.now() + ttlSeconds * 1000 });
  }
  async del(key: string) {
    this.map.delete(key);
  }
  async close() {
    this.map.clear();
  }
}

export function createStore(redisUrl?: string): KeyValueStore {
  return redisUrl ? new RedisStore(redisUrl) : new MemoryStore();
}
