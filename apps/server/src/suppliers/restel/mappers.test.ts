import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { xmlParser } from '../xml.js';
import { formEncodeLatin1, toLatin1 } from './client.js';
import { linesMatch, mapAvailability, mapPolicy, paxGroups, penaltyNow, readLin } from './mappers.js';

/** The published layout: `DB#1#C+#30.00#10.00#OB#OK#20180815#20180816#EU#2-0#0#0#201804101358#745388#` (fixtures/README.md). */
const lin = (price: string, start: string, end: string) => `DBL.ST#1#C+#${price}#0#AD#OK#${start}#${end}#EU#2-0#0#0#202603101200#300000#`;

describe('restel per-night lines', () => {
  it('reads the nightly price (field 3) and the dates (fields 7–8)', () => {
    expect(readLin(lin('101.50', '20260310', '20260311'))).toEqual({
      nightly: new Decimal('101.50'),
      start: '2026-03-10',
      end: '2026-03-11',
    });
    expect(readLin('a#b#c')).toBeNull();
    // A line as published by a Restel client (josedefrias/too clases/reservas.cls.php).
    expect(readLin('D8#1#VR#246.51#0#FB#OK#20160606#20160607#EU#1-0#0#0#0#994214#')).toEqual({
      nightly: new Decimal('246.51'),
      start: '2016-06-06',
      end: '2016-06-07',
    });
    expect(readLin(lin('abc', '20260310', '20260311'))).toBeNull();
  });

  it('lines must cover each night and add up to the stay price', () => {
    const lins = [lin('100.00', '20260310', '20260311'), lin('120.00', '20260311', '20260312')];
    expect(linesMatch(lins, new Decimal('220'), '2026-03-10', '2026-03-12')).toBe(true);
    expect(linesMatch(lins, new Decimal('221'), '2026-03-10', '2026-03-12')).toBe(false);
    expect(linesMatch(lins.slice(0, 1), new Decimal('100'), '2026-03-10', '2026-03-12')).toBe(false);
  });

  it('drops an offer whose lines do not add up, keeps the good one', () => {
    const xml = `<param><hotls num="1"><hot><cod>300000</cod><nom>Casa Real</nom><pro>COBOL</pro><pob>Cartagena</pob><cat>4</cat><pdr>N</pdr>
      <res><pax cod="1"><hab cod="DBL.ST" desc="DOUBLE STANDARD">
        <reg cod="AD" prr="220.00" div="USD" esr="OK" nr="0"><lin>${lin('100.00', '20260310', '20260311')}</lin><lin>${lin('120.00', '20260311', '20260312')}</lin></reg>
        <reg cod="MP" prr="999.00" div="USD" esr="RQ" nr="0"><lin>${lin('100.00', '20260310', '20260311')}</lin><lin>${lin('120.00', '20260311', '20260312')}</lin></reg>
        <reg cod="XX" prr="220.00" div="USD" esr="OK" nr="0"><lin>${lin('100.00', '20260310', '20260311')}</lin><lin>${lin('120.00', '20260311', '20260312')}</lin></reg>
      </hab></pax></res></hot></hotls></param>`;
    const param = xmlParser(['hot', 'pax', 'hab', 'reg', 'lin']).parse(xml).param;
    const { offers, dropped } = mapAvailability(param, {
      accountId: 'a',
      checkIn: '2026-03-10',
      checkOut: '2026-03-12',
      rooms: [{ adults: 2, childrenAges: [] }],
    });
    expect(offers).toHaveLength(1);
    expect(offers[0]).toMatchObject({
      total: { amount: '220.00', currency: 'USD' },
      board: { code: 'BB', supplierCode: 'AD' },
      availability: 'available',
    });
    expect(offers[0].supplierData.lins).toHaveLength(2);
    expect(dropped.map((d) => d.reason).sort()).toEqual(['invalid', 'unknown-board']);
  });
});

describe('restel policies (144/142)', () => {
  const parse = (xml: string) => xmlParser(['politicaCanc']).parse(xml).p.politicaCanc;
  const now = new Date('2026-03-01T00:00:00Z');

  it('days before arrival with nights of penalty, keeping the free text', () => {
    const p = mapPolicy(
      parse(
        `<p><politicaCanc fecha="03/07/2026"><dias_antelacion>3</dias_antelacion><horas_antelacion>12</horas_antelacion><noches_gasto>1</noches_gasto><estCom_gasto>0</estCom_gasto><concepto>Gastos de 1 noche si cancela con menos de 3 días.</concepto></politicaCanc></p>`,
      ),
      { checkIn: '2026-03-10', currency: 'EUR', now },
    );
    expect(p).toEqual({
      refundable: true,
      rules: [{ from: '2026-03-06T12:00:00.000Z', nights: 1, currency: 'EUR' }],
      text: 'Gastos de 1 noche si cancela con menos de 3 días.',
    });
  });

  it('a percentage from today is not refundable; no conditions at all is non-refundable', () => {
    const p = mapPolicy(
      parse(
        `<p><politicaCanc><dias_antelacion>999</dias_antelacion><estCom_gasto>100</estCom_gasto><desc>No reembolsable</desc></politicaCanc></p>`,
      ),
      {
        checkIn: '2026-03-10',
        currency: 'USD',
        now,
      },
    );
    expect(p.refundable).toBe(false);
    expect(p.rules[0]).toMatchObject({ percent: '100' });
    expect(mapPolicy([], { checkIn: '2026-03-10', currency: 'USD', now })).toEqual({ refundable: false, rules: [] });
  });

  it('penalty now: nights priced from the lines, percent of the total, capped at the total', () => {
    const policy = { refundable: true, rules: [{ from: '2026-02-01T00:00:00Z', nights: 2, currency: 'USD' }] };
    expect(penaltyNow(policy, { amount: '300.00', currency: 'USD' }, [new Decimal(100), new Decimal(120), new Decimal(80)], now)).toEqual({
      amount: '220.00',
      currency: 'USD',
    });
    const pct = { refundable: false, rules: [{ from: '2026-02-01T00:00:00Z', percent: '150', currency: 'USD' }] };
    expect(penaltyNow(pct, { amount: '300.00', currency: 'USD' }, [], now)).toEqual({ amount: '300.00', currency: 'USD' });
    const future = { refundable: true, rules: [{ from: '2026-05-01T00:00:00Z', nights: 1, currency: 'USD' }] };
    expect(penaltyNow(future, { amount: '300.00', currency: 'USD' }, [new Decimal(100)], now).amount).toBe('0.00');
  });
});

describe('restel wire details', () => {
  it('groups identical rooms (numhab) and keeps ages', () => {
    expect(
      paxGroups([
        { adults: 2, childrenAges: [] },
        { adults: 2, childrenAges: [] },
        { adults: 1, childrenAges: [8, 3] },
      ]),
    ).toEqual([
      { numhab: 2, adults: 2, ages: [], indices: [0, 1] },
      { numhab: 1, adults: 1, ages: [3, 8], indices: [2] },
    ]);
  });

  it('form-encodes in ISO-8859-1', () => {
    expect(formEncodeLatin1({ xml: '<a>Muñoz & Peña</a>' })).toBe('xml=%3Ca%3EMu%F1oz+%26+Pe%F1a%3C%2Fa%3E');
    expect(toLatin1('Łódź Őrs ✈')).toBe('Lódz Ors ?');
  });
});
