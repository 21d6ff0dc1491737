/**
 * Flight search (issue 19): `npm run bench:flights`.
 *
 * 1. A round-trip price search BOG → CUN (2 adults, 1 child) over real HTTP by an agency user, the whole
 *    app on a fresh database (PGlite, or PostgreSQL with TEST_DB=postgres + DATABASE_URL), TourVisio
 *    answered by the simulator in its own process with BENCH_SANTSG_MS of latency (default 500). The
 *    supplier's time of each search is the wall time covered by its HTTP calls to the simulator (fetch
 *    is wrapped, as in bench/supplier-call-split.ts: the token call when one is made, then the price
 *    search); our overhead is the request's time minus that. Goal: overhead p95 ≤ 50 ms.
 * 2. Paging a cached 1,000-itinerary round-trip result over real HTTP (`cacheId` + `page`), with the
 *    filters and sorts of decision 0295 in turn (none, cheapest, fastest + non-stop, airline + price,
 *    earliest + departure window + checked bag): the entry is written to the app's store as the search
 *    stores it, so the measured path is the route's (session, validation, store read, parse, filter,
 *    sort, page of 10, priced answer, serialisation). Goal: p95 ≤ 20 ms.
 * BENCH_RUNS (default 30 searches) and BENCH_PAGES (default 300 page reads).
 */
import { randomUUID } from 'node:crypto';
import diagnostics from 'node:diagnostics_channel';
import { performance } from 'node:perf_hooks';
import type { FlightSearchFilters, FlightSort, PriceBreakdown } from '@travesia/contracts';
import { startSimulator } from '@travesia/supplier-sim';
import type { FlightSearchEntry } from '../apps/server/src/modules/booking/flight/search.js';
import type { FlightOffer, FlightSegment } from '../apps/server/src/suppliers/index.js';
import { loginAs, makeAgency, makeUser } from '../apps/server/test/factories.js';
import { createTestApp } from '../apps/server/test/test-app.js';
import { simulatorProcess } from './simulator-process.js';
import { load1, ms, writeSummary } from './src/summary.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const PAGES = Number(process.env.BENCH_PAGES ?? 300);
const SANTSG_MS = Number(process.env.BENCH_SANTSG_MS ?? 500);
const ITINERARIES = 1000;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const latency = { santsg: SANTSG_MS };
const sim =
  process.env.BENCH_SIM === 'inprocess'
    ? await startSimulator({ port: 0, host: '127.0.0.1', latencyMs: latency })
    : await simulatorProcess(latency);

// Supplier calls: every request to the simulator, from its creation to its last byte (undici's diagnostics
// channels: the adapters call undici's fetch, the bench's own calls to the app go to another origin).
let spans: [number, number][] = [];
const open = new WeakMap<object, number>();
const simOrigin = new URL(sim.url).origin;
const isSim = (m: unknown) => {
  const r = (m as { request: { origin?: string | URL } }).request;
  return String(r.origin ?? '').replace(/\/$/, '') === simOrigin;
};
diagnostics.subscribe('undici:request:create', (m) => {
  if (isSim(m)) open.set((m as { request: object }).request, performance.now());
});
diagnostics.subscribe('undici:request:trailers', (m) => {
  const start = open.get((m as { request: object }).request);
  if (start !== undefined) spans.push([start, performance.now()]);
});
/** Wall time covered by the supplier calls (overlapping calls counted once). */
const covered = (xs: [number, number][]) => {
  let total = 0;
  let end = -1;
  for (const [a, b] of [...xs].sort((x, y) => x[0] - y[0])) {
    if (b <= end) continue;
    total += b - Math.max(a, end);
    end = b;
  }
  return total;
};

const t = await createTestApp({}, { simulatorUrl: sim.url });
const agency = await makeAgency(t.database, { modules: ['flights-santsg-tourvisio'] });
const user = await makeUser(t.database, 'agency', agency.id);
const admin = await loginAs(t.app, user.email);
const created = await t.app.inject({
  method: 'POST',
  url: '/api/provider-account',
  headers: admin,
  payload: { supplier: 'santsg', name: 'TourVisio bench', credentials: { agency: 'PXM25', user: 'bench', password: 'sandbox' } },
});
if (created.statusCode !== 201) throw new Error(`provider account: ${created.statusCode} ${created.body}`);
const provider = created.json()._id as string;
const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
const SEARCH = `${base}/api/integrator/santsg/flight/booking/avail/price-search`;
const body = {
  serviceType: '2',
  flightClass: 'ECONOMY',
  culture: 'en-US',
  currency: 'USD',
  destinations: [{ origin: { id: 'BOG', type: '5' }, destiny: { id: 'CUN', type: '5' }, start: day(30), end: day(37) }],
  showOnlyNonStopFlight: false,
  paxes: { adults: [30, 30], children: [7] },
  provider,
};
const post = async (payload: unknown) => {
  const res = await fetch(SEARCH, {
    method: 'POST',
    headers: { ...admin, 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  const json = (await res.json()) as { itemFound: number; cacheId: string; items: unknown[] };
  if (res.status !== 200) throw new Error(`price search: ${res.status} ${JSON.stringify(json)}`);
  return json;
};

// 1. Price searches.
await post(body); // warm-up: connections, JIT, the TourVisio token
const total: number[] = [];
const supplier: number[] = [];
const overhead: number[] = [];
let found = 0;
for (let i = 0; i < RUNS; i++) {
  spans = [];
  const t0 = performance.now();
  const r = await post(body);
  const whole = performance.now() - t0;
  const s = covered(spans);
  found = r.itemFound;
  total.push(whole);
  supplier.push(s);
  overhead.push(whole - s);
}
const load = load1();
console.log(
  `price search (${found} itineraries, supplier latency ${SANTSG_MS} ms, ${RUNS} runs, load ${load}):\n` +
    `  request  p50 ${ms(pct(total, 50))} ms  p95 ${ms(pct(total, 95))} ms\n` +
    `  supplier p50 ${ms(pct(supplier, 50))} ms  p95 ${ms(pct(supplier, 95))} ms\n` +
    `  overhead p50 ${ms(pct(overhead, 50))} ms  p95 ${ms(pct(overhead, 95))} ms`,
);

// 2. Paging a cached 1,000-itinerary result.
let seed = 19;
const rand = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
const airlines = [
  { code: 'AV', name: 'Avianca' },
  { code: 'CM', name: 'Copa Airlines' },
  { code: 'LA', name: 'LATAM' },
  { code: 'AA', name: 'American Airlines' },
];
const at = (date: string, minutes: number) =>
  `${date}T${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;
const segment = (route: number, date: string, from: string, to: string, n: number): FlightSegment => {
  const airline = airlines[n % airlines.length];
  const dep = Math.floor(rand() * 20 * 60);
  const stops = rand() < 0.4 ? 0 : rand() < 0.8 ? 1 : 2;
  const duration = 200 + stops * 150 + Math.floor(rand() * 120);
  const legs = Array.from({ length: stops + 1 }, (_, k) => ({
    id: `${n}-${route}-${k}`,
    flightNo: `${airline.code}${100 + ((n * 7 + k) % 900)}`,
    marketingAirline: airline,
    operatingAirline: airline,
    from: { airport: k ? 'PTY' : from, at: at(date, dep + k * 180), terminal: '1' },
    to: { airport: k === stops ? to : 'PTY', at: at(date, dep + (k + 1) * 150), terminal: '2' },
    durationMinutes: 150,
    bookingClass: 'Y',
    cabin: 'Economy',
  }));
  return {
    flightNo: legs[0].flightNo,
    airline: airline.code,
    marketingAirline: airline,
    operatingAirline: airline,
    from: { airport: from, at: at(date, dep) },
    to: { airport: to, at: at(date, dep + duration) },
    cabin: 'ECONOMY',
    route,
    stops,
    durationMinutes: duration,
    dayChange: dep + duration >= 24 * 60 ? 1 : 0,
    legs,
    layovers: stops ? Array.from({ length: stops }, () => ({ airport: 'PTY', minutes: 30 + Math.floor(rand() * 120) })) : [],
  };
};
const usd = (amount: number) => ({ amount: amount.toFixed(2), currency: 'USD' });
const outbounds = Array.from({ length: 100 }, (_, n) => segment(1, day(30), 'BOG', 'CUN', n));
const options: FlightSearchEntry['options'] = [];
for (let i = 0; i < ITINERARIES; i++) {
  const cost = 300 + rand() * 900;
  const price = cost * 1.12;
  const offer: FlightOffer = {
    supplier: 'santsg',
    accountId: provider,
    serviceType: 'round-trip',
    segments: [outbounds[i % outbounds.length], segment(2, day(37), 'CUN', 'BOG', i)],
    total: usd(cost),
    offerIds: [
      { groupKey: `g${i % 100}`, offerId: `o${i}-1` },
      { groupKey: `g${i % 100}`, offerId: `o${i}-2` },
    ],
    isPackageOffer: false,
    token: { kind: 'offerId', value: `o${i}`, expiresAt: null },
    passengers: { adults: 2, children: 1, infants: 0 },
    searchId: 'bench',
    groupKey: `g${i % 100}`,
    fareBrand: { code: 'BASIC', name: 'Basic' },
    seatsLeft: 1 + (i % 9),
    baggage: [
      { passengerType: 'adult', kind: 'checked', pieces: i % 3 ? 1 : 0, weight: i % 3 ? 23 : 0, unit: 'kg' },
      { passengerType: 'adult', kind: 'cabin', pieces: 1, weight: 10, unit: 'kg' },
    ],
    priceBreakdown: {
      perPassenger: [
        { type: 'adult', count: 2, unitPrice: usd(cost * 0.4), total: usd(cost * 0.8), taxes: usd(cost * 0.1) },
        { type: 'child', count: 1, unitPrice: usd(cost * 0.2), total: usd(cost * 0.2), taxes: usd(cost * 0.05) },
      ],
      fare: usd(cost - 16),
      serviceFee: usd(16),
    },
    childrenAges: [7],
  };
  const breakdown: PriceBreakdown = {
    cost: cost.toFixed(2),
    costCurrency: 'USD',
    rate: '1',
    convertedCost: cost.toFixed(2),
    steps: [
      {
        ruleId: 'r1',
        scope: 'platform',
        kind: 'percentage',
        value: '12',
        valueCurrency: null,
        basis: null,
        amount: (price - cost).toFixed(2),
      },
    ],
    agencyCost: price.toFixed(2),
    netPrice: price.toFixed(2),
    price: price.toFixed(2),
    currency: 'USD',
    commission: null,
    usdEquivalent: price.toFixed(2),
    usdRate: '1',
    belowCost: false,
  };
  options.push({ optionId: String(i), offer, breakdown });
}
const cacheId = `bench${randomUUID().replaceAll('-', '')}`;
const entry: FlightSearchEntry = {
  v: 1,
  cacheId,
  agencyId: agency.id,
  userId: user.id,
  accountId: provider,
  criteria: {
    serviceType: 'round-trip',
    legs: [{ from: { code: 'BOG', type: 'airport' }, to: { code: 'CUN', type: 'airport' }, date: day(30) }],
    returnDate: day(37),
    passengers: { adults: 2, children: 1, infants: 0 },
    childrenAges: [7],
    cabin: 'economy',
    nonStopOnly: false,
  },
  flightClass: 'ECONOMY',
  destinationAncestors: [],
  expires: new Date(Date.now() + 30 * 60_000).toISOString(),
  options,
  notes: [],
};
const raw = JSON.stringify(entry);
await t.store.set(`flight-search:${cacheId}`, raw, 30 * 60);
const views: { sort?: FlightSort; filters?: FlightSearchFilters }[] = [
  {},
  { sort: 'cheapest' },
  { sort: 'fastest', filters: { stops: [0] } },
  { filters: { airlines: ['AV', 'CM'], maxPrice: 1000 } },
  { sort: 'earliest', filters: { departure: { from: '06:00', to: '18:00' }, baggageIncluded: true } },
];
const paging: number[] = [];
for (let i = -20; i < PAGES; i++) {
  const view = views[(i + 20) % views.length];
  const t0 = performance.now();
  const r = await post({ ...body, cacheId, page: 1 + ((i + 20) % 5), ...view });
  const took = performance.now() - t0;
  if (r.items.length === 0) throw new Error(`empty page for ${JSON.stringify(view)}`);
  if (i >= 0) paging.push(took); // the first 20 warm up
}
const pageLoad = load1();
console.log(
  `paging a cached ${ITINERARIES}-itinerary result (${(raw.length / 1e6).toFixed(1)} MB JSON, ${PAGES} pages, filters and sorts in turn, load ${pageLoad}):\n` +
    `  page     p50 ${ms(pct(paging, 50))} ms  p95 ${ms(pct(paging, 95))} ms`,
);

writeSummary('flight-search', [
  {
    bench: 'flight-search',
    line: `Flight price search: our overhead over TourVisio (${SANTSG_MS} ms)`,
    goal: 'p95 ≤ 50 ms',
    p50: ms(pct(overhead, 50)),
    p95: ms(pct(overhead, 95)),
    load,
    pass: pct(overhead, 95) <= 50,
  },
  {
    bench: 'flight-search',
    line: `Flight paging: cached ${ITINERARIES} itineraries, filtered and sorted`,
    goal: 'p95 ≤ 20 ms',
    p50: ms(pct(paging, 50)),
    p95: ms(pct(paging, 95)),
    load: pageLoad,
    pass: pct(paging, 95) <= 20,
  },
]);
await t.app.close();
await t.close();
await sim.close();
