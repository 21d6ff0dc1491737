import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { normaliseBoard } from './boards.js';
import { BatchingAuditSink, clip, type SupplierAuditEntry } from './http/audit.js';
import { maskBody } from './http/mask.js';
import { timeoutFor } from './http/timeouts.js';
import { money, parseAmount, sumMoney } from './money.js';
import { screenPrices } from './offer-screen.js';
import { combineSchedules, isRefundable } from './policies.js';

describe('money', () => {
  it('parses supplier amounts without floats and refuses garbage', () => {
    expect(parseAmount('0.1')?.plus('0.2').toString()).toBe('0.3');
    expect(parseAmount(100.5)?.toString()).toBe('100.5');
    for (const bad of ['1e9', 'NaN', '', '12,50', Number.POSITIVE_INFINITY, null, {}, '1.2.3']) expect(parseAmount(bad)).toBeNull();
    expect(money('10.005', 'USD')).toEqual({ amount: '10.01', currency: 'USD' });
    expect(sumMoney([money('0.10', 'USD'), money('0.20', 'USD')], 'USD')).toEqual({ amount: '0.30', currency: 'USD' });
    expect(() => sumMoney([money('1', 'EUR')], 'USD')).toThrow();
  });
});

describe('boards', () => {
  it('maps supplier codes to ours with Spanish labels; unknown is null', () => {
    expect(normaliseBoard('AD')).toEqual({ code: 'BB', label: 'Alojamiento y desayuno', supplierCode: 'AD' });
    expect(normaliseBoard('TI')?.code).toBe('AI');
    expect(normaliseBoard('MP')?.label).toBe('Media pensión');
    expect(normaliseBoard('SA')?.code).toBe('RO');
    expect(normaliseBoard('CB')?.code).toBe('BB');
    expect(normaliseBoard('ZZ')).toBeNull();
    expect(normaliseBoard(3)).toBeNull();
  });
});

describe('offer screening', () => {
  const o = (amount: string) => ({ total: { amount, currency: 'USD' } });
  it('drops zero, negative and 100× the median of the others', () => {
    const { kept, dropped } = screenPrices([o('100'), o('120'), o('0'), o('-5'), o('90'), o('11000'), o('130')], (x) => x.total);
    expect(kept.map((x) => x.total.amount)).toEqual(['100', '120', '90', '130']);
    expect(dropped.map((d) => d.reason).sort()).toEqual(['non-positive-price', 'non-positive-price', 'outlier-price']);
  });
  it('does not judge outliers with fewer than 3 offers', () => {
    expect(screenPrices([o('100'), o('50000')], (x) => x.total).kept).toHaveLength(2);
  });
  it('keeps a legitimately expensive offer below 100×', () => {
    expect(screenPrices([o('100'), o('110'), o('9000')], (x) => x.total).kept).toHaveLength(3);
  });
  it('judges each offer against the median of all the others, as sorting them one by one would', () => {
    // The reference: for every offer, sort the others and take their median (the former O(n² log n) way).
    const reference = (amounts: string[]) =>
      amounts.filter((a, i) => {
        const others = amounts
          .filter((_, j) => j !== i)
          .map((x) => new Decimal(x))
          .sort((x, y) => x.comparedTo(y));
        const m = Math.floor(others.length / 2);
        const median = others.length % 2 ? others[m] : others[m - 1].plus(others[m]).div(2);
        return new Decimal(a).lt(median.times(100));
      });
    let seed = 7;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (const size of [3, 4, 5, 8, 95]) {
      for (let round = 0; round < 20; round++) {
        const amounts = Array.from({ length: size }, () =>
          rnd() < 0.2 ? (rnd() * 20000 + 5000).toFixed(2) : (rnd() * 150 + 1).toFixed(2),
        );
        const { kept, dropped } = screenPrices(amounts.map(o), (x) => x.total);
        expect(kept.map((x) => x.total.amount)).toEqual(reference(amounts));
        expect(dropped).toHaveLength(size - kept.length);
      }
    }
  });
});

describe('cancellation schedules', () => {
  const now = new Date('2026-03-01T00:00:00Z');
  it('sums per-room schedules at each step', () => {
    const p = combineSchedules(
      [
        [
          { from: '2026-03-10T00:00:00Z', amount: new Decimal(50) },
          { from: '2026-03-15T00:00:00Z', amount: new Decimal(200) },
        ],
        [{ from: '2026-03-12T00:00:00Z', amount: new Decimal(80) }],
      ],
      'USD',
      now,
    );
    expect(p.rules).toEqual([
      { from: '2026-03-10T00:00:00Z', amount: '50.00', currency: 'USD' },
      { from: '2026-03-12T00:00:00Z', amount: '130.00', currency: 'USD' },
      { from: '2026-03-15T00:00:00Z', amount: '280.00', currency: 'USD' },
    ]);
    expect(p.refundable).toBe(true);
  });
  it('a missing schedule is non-refundable; a penalty already running is not refundable', () => {
    expect(combineSchedules([[]], 'USD', now)).toEqual({ refundable: false, rules: [] });
    expect(isRefundable([{ from: '2026-02-01T00:00:00Z', amount: '10', currency: 'USD' }], now)).toBe(false);
    expect(isRefundable([{ from: '2026-02-01T00:00:00Z', amount: '0', currency: 'USD' }], now)).toBe(true);
  });
});

describe('audit masking', () => {
  it('masks secrets in JSON, XML, forms, bearer tokens, card numbers and literal credential values', () => {
    const json = maskBody('{"Agency":"A","Password":"s3cr3t","token":"abc.def","cardNumber":"4111111111111111","note":"ok"}');
    expect(json).toBe('{"Agency":"A","Password":"***","token":"***","cardNumber":"***","note":"ok"}');
    expect(
      maskBody('<Login Email="a@b.c" Password="p4ss"/><num_targeta>4111 1111 1111 1111</num_targeta><cvv_targeta>123</cvv_targeta>'),
    ).toBe('<Login Email="a@b.c" Password="***"/><num_targeta>***</num_targeta><cvv_targeta>***</cvv_targeta>');
    expect(maskBody('codigousu=u&clausu=c1&afiliacio=RS&secacc=x9&xml=...')).toBe('codigousu=u&clausu=***&afiliacio=RS&secacc=***&xml=...');
    expect(maskBody('Authorization: Bearer eyJ.abc.def')).toBe('Authorization: Bearer ***');
    expect(maskBody('pay with 4111-1111-1111-1111 ref 1234567890123')).toBe('pay with ************1111 ref 1234567890123');
    expect(maskBody('the key is hunter22 here', ['hunter22'])).toBe('the key is *** here');
  });
  it('clips huge bodies', () => {
    expect(clip('x'.repeat(300_000))?.length).toBeLessThan(263_000);
  });
});

describe('timeouts', () => {
  it('defaults per supplier and operation; account settings override', () => {
    expect(timeoutFor('hotelbeds', 'hotel.search')).toBe(5_000);
    expect(timeoutFor('hotelbeds', 'hotel.quote')).toBe(15_000);
    expect(timeoutFor('hotelbeds', 'hotel.cancel')).toBe(60_000);
    expect(timeoutFor('juniper', 'hotel.book')).toBe(180_000);
    expect(timeoutFor('restel', 'hotel.book')).toBe(60_000);
    expect(timeoutFor('restel', 'hotel.read')).toBe(10_000);
    expect(timeoutFor('hotelbeds', 'hotel.search', { 'hotel.search': 2_000 })).toBe(2_000);
    expect(timeoutFor('hotelbeds', 'hotel.search', { 'hotel.search': -1 })).toBe(5_000);
  });
});

describe('batched audit sink', () => {
  const entry = (n: number): SupplierAuditEntry => ({
    accountId: 'a',
    supplier: 'hotelbeds',
    operation: `op${n}`,
    correlationId: null,
    method: 'GET',
    url: 'u',
    attempt: 1,
    requestBody: null,
    responseStatus: 200,
    responseBody: null,
    durationMs: 1,
    errorCode: null,
    error: null,
    createdAt: new Date(),
  });
  it('writes in batches without blocking the caller, and bounds its queue', async () => {
    const batches: number[] = [];
    let dropped = 0;
    const sink = new BatchingAuditSink(
      async (e) => void batches.push(e.length),
      { error: () => undefined, warn: () => undefined },
      {
        maxBatch: 3,
        flushMs: 10_000,
        maxQueue: 5,
        onDrop: (n) => (dropped += n),
      },
    );
    for (let i = 0; i < 3; i++) sink.write(entry(i));
    await sink.flush();
    expect(batches).toEqual([3]);
    const slow = new BatchingAuditSink(
      async (e) => void batches.push(e.length),
      { error: () => undefined, warn: () => undefined },
      {
        maxBatch: 100,
        flushMs: 10_000,
        maxQueue: 5,
        onDrop: (n) => (dropped += n),
      },
    );
    for (let i = 0; i < 8; i++) slow.write(entry(i));
    await slow.close();
    expect(batches).toEqual([3, 5]);
    expect(dropped).toBe(3);
    slow.write(entry(9));
    await slow.flush();
    expect(batches).toEqual([3, 5]);
  });
});
