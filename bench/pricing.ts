/**
 * Pricing engine benchmark: 100,000 offers priced against 50 rules (platform and agency), mixed
 * currencies, with commission on top. `npm run bench:pricing`. Reports offers/second; results go to
 * docs/PERFORMANCE.md. Data is generated from a fixed seed so runs compare.
 */
import { MARKUP_BASES, MARKUP_SUPPLIERS, PRODUCT_KINDS } from '@travesia/contracts';
import { createPricingContext, type EngineRule, type OfferInput, price } from '../apps/server/src/pricing/index.js';

const OFFERS = Number(process.env.BENCH_OFFERS ?? 100_000);
const RULES = Number(process.env.BENCH_RULES ?? 50);
const AGENCY = 'agency-bench';
const CURRENCIES = ['USD', 'COP', 'EUR', 'MXN'];
const PLACES = Array.from({ length: 40 }, (_, i) => `place-${i}`);

/** mulberry32: a small seeded PRNG so every run prices the same data. */
function rng(seed: number) {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = rng(20_260_101);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
const maybe = <T>(v: () => T, p = 0.4): T | null => (rand() < p ? v() : null);
const day = (offset: number) => new Date(Date.UTC(2026, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);

const rules: EngineRule[] = Array.from({ length: RULES }, (_, i) => {
  const fixed = rand() < 0.3;
  const from = Math.floor(rand() * 300);
  return {
    id: `rule-${String(i).padStart(3, '0')}`,
    scope: i % 2 ? 'agency' : 'platform',
    agencyId: i % 2 ? AGENCY : null,
    active: rand() < 0.9,
    priority: Math.floor(rand() * 20),
    productKind: maybe(() => pick(PRODUCT_KINDS), 0.5),
    supplier: maybe(() => pick(MARKUP_SUPPLIERS)),
    destinationId: maybe(() => pick(PLACES), 0.3),
    travelFrom: maybe(() => day(from), 0.3),
    travelTo: maybe(() => day(from + 60), 0.3),
    bookingFrom: null,
    bookingTo: maybe(() => day(from + 30), 0.2),
    kind: fixed ? 'fixed' : 'percentage',
    value: fixed ? (rand() * 50).toFixed(2) : (rand() * 25).toFixed(2),
    currency: fixed ? pick(CURRENCIES) : null,
    basis: pick(MARKUP_BASES),
    allowBelowCost: false,
  };
});

const offers: OfferInput[] = Array.from({ length: OFFERS }, () => {
  const currency = pick(CURRENCIES);
  const amount = currency === 'COP' ? String(Math.floor(rand() * 4_000_000)) : (rand() * 1500).toFixed(2);
  const place = Math.floor(rand() * PLACES.length);
  return {
    kind: pick(PRODUCT_KINDS),
    supplier: pick(MARKUP_SUPPLIERS),
    destinationAncestors: [PLACES[place], PLACES[(place * 7) % PLACES.length], PLACES[0]],
    checkIn: day(Math.floor(rand() * 360)),
    nights: 1 + Math.floor(rand() * 10),
    paxes: 1 + Math.floor(rand() * 4),
    bookingDate: day(Math.floor(rand() * 200)),
    cost: { amount, currency },
    targetCurrency: pick(CURRENCIES),
  };
});

const ctx = createPricingContext({
  rules,
  unitsPerUsd: { COP: '4100', EUR: '0.92', MXN: '17.2' },
  agencyId: AGENCY,
  commission: { mode: 'on-top', user: { type: 'percentage', value: '3', currency: 'USD' }, agency: null },
});

// warm-up so the JIT has compiled the hot path
for (let i = 0; i < 5_000; i++) price(ctx, offers[i % offers.length]);

const runs: number[] = [];
const cpuRuns: number[] = [];
let checksum = 0;
for (let run = 0; run < 3; run++) {
  const started = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  for (const o of offers) checksum += price(ctx, o).steps.length;
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const used = process.cpuUsage(cpu);
  runs.push(OFFERS / seconds);
  cpuRuns.push(OFFERS / ((used.user + used.system) / 1e6));
}
const best = Math.max(...runs);
const median = [...runs].sort((a, b) => a - b)[1];
const ctxStarted = process.hrtime.bigint();
for (let i = 0; i < 1_000; i++) createPricingContext({ rules, unitsPerUsd: { COP: '4100', EUR: '0.92', MXN: '17.2' }, agencyId: AGENCY });
const ctxMicros = Number(process.hrtime.bigint() - ctxStarted) / 1e3 / 1_000;

console.log(`pricing engine: ${OFFERS.toLocaleString('en-US')} offers x ${RULES} rules (node ${process.version})`);
console.log(
  `  offers/second: median ${Math.round(median).toLocaleString('en-US')}, best ${Math.round(best).toLocaleString('en-US')} (3 runs)`,
);
console.log(
  `  offers/CPU-second: median ${Math.round([...cpuRuns].sort((a, b) => a - b)[1]).toLocaleString('en-US')} (less sensitive to other load on the machine)`,
);
console.log(`  per offer: ${(1e6 / median).toFixed(1)} µs; context build: ${ctxMicros.toFixed(1)} µs`);
console.log(`  (steps priced: ${checksum})`);
