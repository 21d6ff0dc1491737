import { describe, expect, it } from 'vitest';
import { fixture, ReplayHttp, replayAccount } from '../../../test/replay-http.js';
import { caught } from '../../../test/supplier-harness.js';
import { timeoutFor } from '../http/timeouts.js';
import type { HotelBookInput } from '../types.js';
import { RestelHotelAdapter } from './adapter.js';

/**
 * Restel's documented replies (fixtures/, sources in fixtures/README.md) replayed through the adapter:
 * 110, 24, 144, 202, 3, 12, 142 and 401, for the certification scenario 2 adults + 1 adult.
 */
const FILES: Record<string, string> = {
  '110': 'availability-110.response.xml',
  '24': 'observations-24.response.xml',
  '144': 'policy-144.response.xml',
  '202': 'prebook-202.response.xml',
  '3': 'confirm-3.response.xml',
  '12': 'voucher-12.response.xml',
  '142': 'fees-142.response.xml',
  '401': 'cancel-401.response.xml',
};

function replay(over: Record<string, string> = {}) {
  const http = new ReplayHttp((req) => {
    const tipo = /<tipo>(\d+)<\/tipo>/.exec(String(req.auditRequestBody))?.[1] ?? '';
    const file = over[tipo] ?? FILES[tipo];
    if (!file) throw new Error(`no fixture for tipo ${tipo}`);
    return { body: fixture('restel', file) };
  });
  const adapter = new RestelHotelAdapter(http, replayAccount('restel'));
  const sentXml = (tipo: string) => http.sent.map((r) => String(r.auditRequestBody)).filter((x) => x.includes(`<tipo>${tipo}</tipo>`));
  return { http, adapter, sentXml };
}

const search = {
  checkIn: '2030-08-15',
  checkOut: '2030-08-17',
  hotelCodes: ['745388'],
  rooms: [
    { adults: 2, childrenAges: [] },
    { adults: 1, childrenAges: [] },
  ],
};

async function booked(over: Record<string, string> = {}) {
  const r = replay(over);
  const { offers } = await r.adapter.search(search);
  const quote = await r.adapter.quote(offers[0]);
  const input: HotelBookInput = {
    quote,
    holder: { name: 'Ana', surname: 'Perez' },
    paxes: [
      [
        { name: 'Ana', surname: 'Perez', type: 'adult' },
        { name: 'Luis', surname: 'Perez', type: 'adult' },
      ],
      [{ name: 'Eva', surname: 'Perez', type: 'adult' }],
    ],
    clientReference: 'TVFIXTURE0001',
  };
  return { ...r, quote, booking: await r.adapter.book(input) };
}

describe('restel documented replies', () => {
  it('110 with two pax groups and different room lists (2 adults + 1 adult): one offer per board, no TypeError', async () => {
    const { adapter, sentXml } = replay();
    const { offers } = await adapter.search(search);
    expect(offers).toHaveLength(1);
    expect(offers[0]).toMatchObject({
      hotel: { code: '745388', name: 'HOTEL PLAYA DORADA' },
      total: { amount: '104.00', currency: 'EUR' },
      board: { code: 'RO', supplierCode: 'OB' },
      availability: 'available',
    });
    expect(offers[0].rooms.map((r) => [r.code, r.occupancy.adults])).toEqual([
      ['DB', 2],
      ['IN', 1],
    ]);
    expect(offers[0].supplierData.lins).toHaveLength(4);
    const rq = sentXml('110')[0];
    expect(rq).toContain('<numhab1>1</numhab1><paxes1>2-0</paxes1>');
    expect(rq).toContain('<numhab2>1</numhab2><paxes2>1-0</paxes2>');
  });

  it('quote: 144 policy and 24 hotel observations shown as remarks; lins sent untouched', async () => {
    const { adapter, sentXml } = replay();
    const { offers } = await adapter.search(search);
    const quote = await adapter.quote(offers[0]);
    expect(quote.priceChanged).toBe(false);
    expect(quote.remarks).toEqual([
      'Piscina cerrada por obras del 01/08 al 31/08.',
      'Tasa turística de 1,50 EUR por persona y noche, pago directo en el hotel.',
      'Cancelando con menos de 3 días de antelación, gastos de 1 noche.',
    ]);
    // "1 noche" priced from the first line, as Restel charges it (decision 0400).
    expect(quote.cancellation.rules).toEqual([{ from: '2030-08-12T00:00:00.000Z', amount: '30.00', currency: 'EUR' }]);
    expect(sentXml('24')[0]).toContain('<codigo_cobol>745388</codigo_cobol><entrada>15/08/2030</entrada><salida>17/08/2030</salida>');
    expect(sentXml('144')[0]).toContain('<lin>DB#1#C+#30.00#10.00#OB#OK#20300815#20300816#EU#2-0#0#0#203004101358#745388#</lin>');
  });

  it('book: 202 + 3 AE + 12; both locators, 202/3 observations and the 24 observations kept', async () => {
    const { booking } = await booked();
    expect(booking).toMatchObject({
      ref: { locator: '28209895', extra: { short: '23885805' } },
      status: 'confirmed',
      clientReference: 'TVFIXTURE0001',
      total: { amount: '104.00', currency: 'EUR' },
      checkIn: '2030-08-15',
      checkOut: '2030-08-17',
    });
    expect(booking.remarks).toEqual(
      expect.arrayContaining([
        'The client needs a baby cot.',
        'Reserva confirmada. Llegada después de las 20:00 avisar al hotel.',
        'Tasa turística de 1,50 EUR por persona y noche, pago directo en el hotel.',
      ]),
    );
  });

  it('book: a 12 reply read as published clients read it (localizador_largo, no amount) does not fail a confirmed booking', async () => {
    const { booking, sentXml } = await booked({ '12': 'voucher-12-minimal.response.xml' });
    expect(booking).toMatchObject({
      ref: { locator: '28209895', extra: { short: '23885805' } },
      status: 'confirmed',
      total: { amount: '104.00', currency: 'EUR' },
    });
    expect(sentXml('3')).toHaveLength(1);
    expect(sentXml('3')[0]).toContain('<accion>AE</accion>');
  });

  it('read: 12 with localizador_largo and yyyy-mm-dd dates', async () => {
    const { adapter } = replay();
    const read = await adapter.read({ locator: '28209895', extra: { short: '23885805' } });
    expect(read).toMatchObject({ ref: { locator: '28209895', extra: { short: '23885805' } }, status: 'confirmed', checkIn: '2030-08-15' });
  });

  it('cancel: 142 fees then 401 with both locators; error replies become our error type', async () => {
    const { adapter, sentXml } = replay();
    const ref = { locator: '28209895', extra: { short: '23885805' } };
    const sim = await adapter.cancel(ref, { simulate: true });
    expect(sim).toMatchObject({ simulated: true, penaltyKnown: true });
    const res = await adapter.cancel(ref, { simulate: false });
    expect(res).toMatchObject({ simulated: false, status: 'cancelled', cancellationReference: 'B0012345' });
    expect(sentXml('401')[0]).toContain('<localizador_largo>28209895</localizador_largo><localizador_corto>23885805</localizador_corto>');
    const bad = replay({ '401': 'error.response.xml' });
    const err = await caught(() => bad.adapter.cancel(ref, { simulate: false }));
    expect(err.code).toBe('SUPPLIER_NOT_CANCELLABLE');
    expect(err.message).not.toContain('anulada');
  });

  it('60 s for pre-booking (202), confirmation and annulment (3) and cancellation (401); 10 s for reads', () => {
    for (const op of ['hotel.prebook', 'hotel.book', 'hotel.release', 'hotel.cancel']) expect(timeoutFor('restel', op)).toBe(60_000);
    expect(timeoutFor('restel', 'hotel.search')).toBe(10_000);
  });

  it('a 202 at another price is annulled deliberately (3 AI, a certification requirement) and reported as a price change', async () => {
    const err = await caught(() => booked({ '202': 'prebook-202-price-changed.response.xml' }));
    expect(err.code).toBe('SUPPLIER_PRICE_CHANGED');
    const { sentXml, adapter } = replay({ '202': 'prebook-202-price-changed.response.xml' });
    const { offers } = await adapter.search(search);
    const quote = await adapter.quote(offers[0]);
    await caught(() =>
      adapter.book({
        quote,
        holder: { name: 'Ana', surname: 'Perez' },
        paxes: [
          [
            { name: 'Ana', surname: 'Perez', type: 'adult' },
            { name: 'Luis', surname: 'Perez', type: 'adult' },
          ],
          [{ name: 'Eva', surname: 'Perez', type: 'adult' }],
        ],
        clientReference: 'TVFIXTURE0002',
      }),
    );
    const threes = sentXml('3');
    expect(threes).toHaveLength(1);
    expect(threes[0]).toContain('<localizador>28209895</localizador><accion>AI</accion>');
  });
});
