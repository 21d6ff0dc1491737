/**
 * Paging a cached hotel search (issue 6): a search of 2,000 hotels × 3 options stored as the service
 * stores it (a compact index + one blob per hotel, decision 0095) in the KeyValueStore (in-process
 * here; Redis adds round trips), read, parsed, filtered, sorted and paged as
 * `GET /api/hotel/search/:cacheId` does. `npm run bench:hotel-paging`. Reports p50/p95 ms.
 */
import { performance } from 'node:perf_hooks';
import type { PriceBreakdown } from '@travesia/contracts';
import { MemoryStore } from '../apps/server/src/lib/kv.js';
import {
  type CachedOffer,
  cacheKey,
  facetsOf,
  type HotelSort,
  present,
  type SearchIndex,
  writeHotels,
} from '../apps/server/src/modules/hotel-booking/cache.js';
import type { HotelOffer } from '../apps/server/src/suppliers/index.js';

const HOTELS = Number(process.env.BENCH_HOTELS ?? 2000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
let seed = 42;
const rand = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
const boards = ['RO', 'BB', 'HB', 'FB', 'AI'] as const;

const offers: CachedOffer[] = [];
for (let h = 0; h < HOTELS; h++) {
  for (let o = 0; o < 3; o++) {
    const cost = (50 + rand() * 500).toFixed(2);
    const price = (Number(cost) * 1.2).toFixed(2);
    const offer: HotelOffer = {
      supplier: 'hotelbeds',
      accountId: 'acc',
      hotel: { code: String(100_000 + h), name: `Hotel ${h}`, category: `${1 + (h % 5)}EST`, zone: 'Bocagrande' },
      checkIn: '2030-01-01',
      checkOut: '2030-01-03',
      rooms: [{ code: 'DBL.ST', name: 'Doble estándar', occupancy: { adults: 2, childrenAges: [] } }],
      board: { code: boards[(h + o) % 5], label: 'Régimen', supplierCode: boards[(h + o) % 5] },
      total: { amount: cost, currency: 'USD' },
      availability: 'available',
      requiresQuote: true,
      cancellation: { refundable: o !== 2, rules: [{ from: '2029-12-30T00:00:00Z', amount: cost, currency: 'USD' }] },
      token: { kind: 'rateKey', value: `20300101|20300103|W|1|${h}|DBL.ST|${o}|BB||1~2~0||N@0${'x'.repeat(80)}`, expiresAt: null },
      supplierData: { rateClass: 'NOR', rateType: 'RECHECK' },
      payAtHotel: false,
    };
    const breakdown: PriceBreakdown = {
      cost,
      costCurrency: 'USD',
      rate: '1',
      convertedCost: cost,
      steps: [
        {
          ruleId: 'r1',
          scope: 'platform',
          kind: 'percentage',
          value: '20',
          valueCurrency: null,
          basis: null,
          amount: (Number(price) - Number(cost)).toFixed(2),
        },
      ],
      agencyCost: price,
      netPrice: price,
      price,
      currency: 'USD',
      commission: null,
      usdEquivalent: price,
      usdRate: '1',
      belowCost: false,
    };
    offers.push({ optionId: String(offers.length), offer, breakdown });
  }
}
const store = new MemoryStore();
const cacheId = 'benchbenchbenchbench';
const hotels = await writeHotels(store, cacheId, offers, 600);
const cached: SearchIndex = {
  v: 2,
  cacheId,
  kind: 'supplier',
  agencyId: 'ag',
  userId: 'u',
  accountId: 'acc',
  supplier: 'hotelbeds',
  forceSandbox: false,
  resort: null,
  criteria: { checkIn: '2030-01-01', checkOut: '2030-01-03', nights: 2, nationality: 'CO', rooms: [{ adults: 2, childrenAges: [] }] },
  place: { id: 'p', name: 'Cartagena', ancestors: [] },
  supplierCode: 'CTG',
  expires: '2030-01-01T00:00:00Z',
  notes: [],
  dropped: 0,
  parts: [],
  compare: 'price',
  facets: facetsOf(hotels, 'price'),
  hotels,
};

const json = JSON.stringify(cached);
await store.set(cacheKey(cached.cacheId), json, 600);
const sorts: HotelSort[] = ['price', '-price', 'name', '-category'];
const times: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const t0 = performance.now();
  const raw = await store.get(cacheKey(cached.cacheId));
  const c = JSON.parse(raw as string) as SearchIndex;
  await present(
    store,
    c,
    i % 2 ? 'agency' : 'adviser',
    { page: 1 + (i % 10), limit: 20, sort: sorts[i % 4] },
    i % 3 ? { boards: ['BB', 'AI'] } : { refundable: true, stars: [4, 5] },
  );
  times.push(performance.now() - t0);
}
// Warm: the service keeps recently used searches parsed in process (HotelSearchService.cached).
const warm: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const t0 = performance.now();
  await present(
    store,
    cached,
    i % 2 ? 'agency' : 'adviser',
    { page: 1 + (i % 10), limit: 20, sort: sorts[i % 4] },
    i % 3 ? { boards: ['BB', 'AI'] } : { refundable: true, stars: [4, 5] },
  );
  warm.push(performance.now() - t0);
}
const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))].toFixed(1);
console.log(`hotels=${HOTELS} options=${offers.length} index=${(json.length / 1024).toFixed(0)} KB runs=${RUNS}`);
console.log(`cold page (read index + JSON.parse + page + read page blobs): p50 ${q(times, 0.5)} ms, p95 ${q(times, 0.95)} ms`);
console.log(`warm page (parsed search kept in process): p50 ${q(warm, 0.5)} ms, p95 ${q(warm, 0.95)} ms`);
