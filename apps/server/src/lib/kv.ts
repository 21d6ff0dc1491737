import { Redis } from 'ioredis';

/**
 * Small shared store for counters and cached values: Redis when REDIS_URL is set so several API
 * processes share it, an in-process map otherwise.
 */
export interface KeyValueStore {
  /** Increments `key`, starting its expiry window on the first hit; answers the new count. */
  incr(key: string, ttlSeconds: number): Promise<number>;
  get(key: string): Promise<string | null>;
  /** Several values in one round trip (null where missing), in the keys' order. */
  getMany(keys: string[]): Promise<(string | null)[]>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  del(key: string): Promise<void>;
  close(): Promise<void>;
}

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
