import { randomUUID } from 'node:crypto';
import type { SupplierId } from '@travesia/contracts';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../src/http/errors.js';
import type { HotelOffer, HotelSearchInput, HotelSupplier, Traveller } from '../src/suppliers/types.js';
import { caught, type SupplierHarness, startSupplierHarness } from './supplier-harness.js';

export const paxesFor = (input: HotelSearchInput): Traveller[][] =>
  input.rooms.map((r, i) => [
    ...Array.from({ length: r.adults }, (_, k) => ({ name: `Adulto${k + 1}`, surname: `Habitación${i + 1}`, type: 'adult' as const })),
    ...r.childrenAges.map((age, k) => ({ name: `Niño${k + 1}`, surname: `Habitación${i + 1}`, type: 'child' as const, age })),
  ]);

/**
 * The contract every hotel adapter honours against the simulator over real HTTP: the full flow and
 * every injected failure ending in our error type.
 */
export function describeHotelContract(
  supplier: SupplierId,
  search: HotelSearchInput,
  /** `findsByReference: false`: the supplier documents no look-up by our reference (Restel); a lost confirmation is resolved by locator inside `book`. */
  opts: { refLength?: number; findsByReference?: boolean } = {},
) {
  const findsByReference = opts.findsByReference ?? true;
  let h: SupplierHarness;
  let hotels: HotelSupplier;
  const ref = () =>
    `TV${randomUUID()
      .replace(/-/g, '')
      .slice(0, (opts.refLength ?? 14) - 2)}`;
  const holder = { name: 'Ana', surname: 'Pérez', email: 'ana@agencia.test' };

  beforeAll(async () => {
    h = await startSupplierHarness();
  });
  afterAll(() => h.close());
  // A fresh account per test: each has its own circuit breaker, which injected failures would open.
  beforeEach(() => {
    hotels = h.registry.hotel(h.account(supplier));
  });

  async function offer(): Promise<HotelOffer> {
    const res = await hotels.search(search);
    expect(res.offers.length).toBeGreaterThan(0);
    return res.offers[0];
  }

  describe(`${supplier} hotels: contract`, () => {
    it('full flow: search, quote, book, read, find by our reference, simulate and cancel', async () => {
      const res = await hotels.search(search);
      expect(res.offers.length).toBeGreaterThan(2);
      const o = res.offers[0];
      expect(o.supplier).toBe(supplier);
      expect(o.total.currency).toMatch(/^[A-Z]{3}$/);
      expect(new Decimal(o.total.amount).gt(0)).toBe(true);
      expect(o.rooms).toHaveLength(search.rooms.length);
      expect(['RO', 'BB', 'HB', 'FB', 'AI']).toContain(o.board.code);
      expect(o.token.value.length).toBeGreaterThan(0);

      const quote = await hotels.quote(o);
      expect(quote.priceChanged).toBe(false);
      expect(quote.total).toEqual(o.total);
      expect(quote.availability).toBe('available');

      const clientReference = ref();
      const booking = await hotels.book({ quote, holder, paxes: paxesFor(search), clientReference, remarks: 'Cama king si es posible' });
      expect(booking.status).toBe('confirmed');
      expect(booking.clientReference).toBe(clientReference);
      expect(booking.total).toEqual(quote.total);
      expect(booking.checkIn).toBe(search.checkIn);

      const read = await hotels.read(booking.ref);
      expect(read.ref.locator).toBe(booking.ref.locator);
      expect(read.status).toBe('confirmed');
      expect(read.total).toEqual(booking.total);

      const found = await hotels.findByClientReference(clientReference, { from: search.checkIn, to: search.checkIn });
      if (findsByReference) expect(found?.ref.locator).toBe(booking.ref.locator);
      else expect(found).toBeNull();
      expect(await hotels.findByClientReference(ref(), { from: search.checkIn, to: search.checkIn })).toBeNull();

      const simulation = await hotels.cancel(booking.ref, { simulate: true });
      expect(simulation.simulated).toBe(true);
      expect(simulation.penaltyKnown).toBe(true);
      expect((await hotels.read(booking.ref)).status).toBe('confirmed');

      const cancelled = await hotels.cancel(booking.ref, { simulate: false });
      expect(cancelled.status).toBe('cancelled');
      expect(cancelled.penalty).toEqual(simulation.penalty);
      expect((await hotels.read(booking.ref)).status).toBe('cancelled');
      expect((await caught(() => hotels.cancel(booking.ref, { simulate: false }))).code).toBe('SUPPLIER_NOT_CANCELLABLE');
    });

    it('tests the connection, and reports bad credentials in Spanish', async () => {
      expect((await h.registry.testConnection(h.account(supplier))).ok).toBe(true);
      const bad = h.account(supplier);
      for (const k of Object.keys(bad.credentials)) if (/secret|password|clausu|secacc/i.test(k)) bad.credentials[k] = 'incorrecta';
      const res = await h.registry.testConnection(bad);
      expect(res.ok).toBe(false);
      expect(res.checks[0].message).toMatch(/credenciales/);
      expect((await caught(() => h.registry.hotel(bad).search(search))).code).toBe('SUPPLIER_AUTH');
    });

    it('no availability is an empty answer', async () => {
      expect((await hotels.search(search, { simScenario: 'no-avail' })).offers).toEqual([]);
    });

    it('masks credentials in the audit log', async () => {
      const correlationId = randomUUID();
      await hotels.search(search, { correlationId });
      const entries = h.audit.entries.filter((e) => e.correlationId === correlationId);
      expect(entries.length).toBeGreaterThan(0);
      expect(entries.every((e) => e.supplier === supplier && e.responseStatus === 200)).toBe(true);
      expect(JSON.stringify(entries)).not.toMatch(/sandbox/);
    });
  });

  describe(`${supplier} hotels: injected failures`, () => {
    const transport: [string, string][] = [
      ['error-500', 'SUPPLIER_UNAVAILABLE'],
      ['unavailable', 'SUPPLIER_UNAVAILABLE'],
      ['malformed', 'SUPPLIER_BAD_RESPONSE'],
      ['truncated', 'SUPPLIER_UNAVAILABLE'],
      ['quota', 'SUPPLIER_QUOTA'],
    ];
    for (const [scenario, code] of transport) {
      it(`${scenario} → ${code}`, async () => {
        const err = await caught(() => hotels.search(search, { simScenario: scenario }));
        expect(err).toBeInstanceOf(AppError);
        expect(err.code).toBe(code);
        expect(err.message).toMatch(/proveedor/);
      });
    }

    it('timeout on a read: retried, then SUPPLIER_TIMEOUT', async () => {
      const sup = h.registry.hotel(h.account(supplier, { timeouts: { 'hotel.search': 150 } }));
      const correlationId = randomUUID();
      const err = await caught(() => sup.search(search, { simScenario: 'timeout', correlationId }));
      expect(err.code).toBe('SUPPLIER_TIMEOUT');
      expect(err.status).toBe(504);
      expect(h.audit.entries.filter((e) => e.correlationId === correlationId && e.operation === 'hotel.search')).toHaveLength(3);
    });

    it('price change at re-quote', async () => {
      const o = await offer();
      const quote = await hotels.quote(o, { simScenario: 'price-change' });
      expect(quote.priceChanged).toBe(true);
      expect(new Decimal(quote.total.amount).gt(o.total.amount)).toBe(true);
      expect(quote.previousTotal).toEqual(o.total);
    });

    it('expired token at re-quote → SUPPLIER_TOKEN_EXPIRED', async () => {
      const o = await offer();
      const err = await caught(() => hotels.quote(o, { simScenario: 'expired-token' }));
      expect(err.code).toBe('SUPPLIER_TOKEN_EXPIRED');
    });

    it('OK → on request at booking', async () => {
      const quote = await hotels.quote(await offer());
      const b = await hotels.book({ quote, holder, paxes: paxesFor(search), clientReference: ref() }, { simScenario: 'on-request' });
      expect(b.status).toBe('on-request');
    });

    it.runIf(!findsByReference)('lost confirmation reply → read by the pre-booking locator, confirmed, never resent', async () => {
      const quote = await hotels.quote(await offer());
      const correlationId = randomUUID();
      const b = await hotels.book(
        { quote, holder, paxes: paxesFor(search), clientReference: ref() },
        { simScenario: 'lost-reply', correlationId },
      );
      expect(b.status).toBe('confirmed');
      expect(b.ref.extra?.short).toBeTruthy();
      expect(h.audit.entries.filter((e) => e.correlationId === correlationId && e.operation === 'hotel.book')).toHaveLength(1);
    });

    it.runIf(findsByReference)('lost booking reply → SUPPLIER_OUTCOME_UNKNOWN once, then found by our reference', async () => {
      const quote = await hotels.quote(await offer());
      const clientReference = ref();
      const correlationId = randomUUID();
      const err = await caught(() =>
        hotels.book({ quote, holder, paxes: paxesFor(search), clientReference }, { simScenario: 'lost-reply', correlationId }),
      );
      expect(err.code).toBe('SUPPLIER_OUTCOME_UNKNOWN');
      // The write whose reply was lost is never retried.
      expect(h.audit.entries.filter((e) => e.correlationId === correlationId && e.operation === 'hotel.book')).toHaveLength(1);
      const found = await hotels.findByClientReference(clientReference, { from: search.checkIn, to: search.checkIn });
      expect(found?.clientReference).toBe(clientReference);
      expect(found?.status).toBe('confirmed');
    });

    it('absurd prices are dropped', async () => {
      const res = await hotels.search(search, { simScenario: 'absurd-prices' });
      expect(res.dropped).toBeGreaterThan(0);
      for (const o of res.offers) expect(new Decimal(o.total.amount).gt(0)).toBe(true);
    });

    it('unknown booking → SUPPLIER_BOOKING_NOT_FOUND', async () => {
      expect((await caught(() => hotels.read({ locator: '999999', extra: { short: '1' } }))).code).toBe('SUPPLIER_BOOKING_NOT_FOUND');
    });

    it('repeated transport failures open the circuit of that account only', async () => {
      const account = h.account(supplier);
      const sup = h.registry.hotel(account);
      for (let i = 0; i < 2; i++) await caught(() => sup.search(search, { simScenario: 'error-500' }));
      expect(h.http.circuitState(account.id)).toBe('open');
      expect((await caught(() => sup.search(search))).code).toBe('SUPPLIER_CIRCUIT_OPEN');
      expect((await hotels.search(search)).offers.length).toBeGreaterThan(0);
    });
  });
}
