/**
 * One cold process of the hotel-paging bench (bench/hotel-paging.ts): bundled by esbuild and run with plain `node`,
 * as `npm start` runs the server (decision 0550), it times its very first page of the search `argv[2]` read from
 * Redis, then 20 more, prints them as JSON and exits.
 */
import { performance } from 'node:perf_hooks';
import { RedisStore } from '../../apps/server/src/lib/kv.js';
import { cacheKey, type SearchIndex } from '../../apps/server/src/modules/booking/hotel/cache.js';
import { parseIndex } from '../../apps/server/src/modules/booking/hotel/index-format.js';
import { present } from '../../apps/server/src/modules/booking/hotel/page.js';
import { filterOf, PREFIX, REDIS_URL, sorts } from './paging-cases.js';

// A server opens its Redis connection at boot: connect first, then time the first request.
const store = new RedisStore(REDIS_URL, PREFIX);
await store.get('ping');
const t0 = performance.now();
const c0 = process.cpuUsage();
const times: number[] = [];
const parts: number[] = [];
let cpu = 0;
for (let i = 0; i < 21; i++) {
  const t = i === 0 ? t0 : performance.now();
  const raw = (await store.get(cacheKey(process.argv[2]))) as string;
  const t1 = performance.now();
  const c = parseIndex(raw) as SearchIndex;
  const t2 = performance.now();
  await present(store, c, 'agency', { page: 1 + (i % 10), limit: 20, sort: sorts[i % 4] }, filterOf(i));
  times.push(performance.now() - t);
  if (i === 0) {
    parts.push(t1 - t, t2 - t1, performance.now() - t2);
    const used = process.cpuUsage(c0);
    cpu = (used.user + used.system) / 1000;
  }
}
console.log(JSON.stringify({ times, parts, cpu }));
await store.close();
process.exit(0);
