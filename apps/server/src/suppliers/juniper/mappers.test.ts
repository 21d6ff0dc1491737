import { describe, expect, it } from 'vitest';
import { xmlParser } from '../xml.js';
import { contentExtras, mapCancellationPolicy, priceOf, reservationStatus } from './mappers.js';

const parser = xmlParser(['Rule', 'Price']);
const parse = (xml: string) => parser.parse(xml) as Record<string, unknown>;
const now = new Date('2026-03-01T12:00:00Z');
const ctx = { checkIn: '2026-03-20', bookingDate: now, currency: 'USD', now };

describe('juniper cancellation rules', () => {
  it('V: a date range with nights, and S: no-show with a percentage', () => {
    const p = parse(`<CancellationPolicy CurrencyCode="EUR"><Description>Free until 3 days before</Description><PolicyRules>
      <Rule From="0" To="2" DateFrom="2026-03-17" DateTo="2026-03-20" Type="V" FixedPrice="0" PercentPrice="0" Nights="1"/>
      <Rule Type="S" FixedPrice="0" PercentPrice="100" Nights="0"/></PolicyRules></CancellationPolicy>`).CancellationPolicy;
    const out = mapCancellationPolicy(p, ctx);
    expect(out.refundable).toBe(true);
    expect(out.text).toBe('Free until 3 days before');
    expect(out.rules).toEqual([
      { from: '2026-03-17T00:00:00Z', to: '2026-03-20T00:00:00Z', nights: 1, currency: 'EUR', kind: 'date-range' },
      { from: '2026-03-20T00:00:00Z', percent: '100', currency: 'EUR', kind: 'no-show' },
    ]);
  });

  it('V without dates counts From/To days before check-in; a fixed price wins', () => {
    const p = parse(
      `<CancellationPolicy><PolicyRules><Rule From="3" To="7" Type="V" FixedPrice="45.50" PercentPrice="10"/></PolicyRules></CancellationPolicy>`,
    ).CancellationPolicy;
    expect(mapCancellationPolicy(p, ctx).rules).toEqual([
      { from: '2026-03-13T00:00:00Z', to: '2026-03-17T00:00:00Z', amount: '45.50', currency: 'USD', kind: 'date-range' },
    ]);
  });

  it('R: days after confirmation, counted from the booking date; from today means not refundable', () => {
    const p = parse(
      `<CancellationPolicy><PolicyRules><Rule From="0" To="999" Type="R" PercentPrice="100"/></PolicyRules></CancellationPolicy>`,
    ).CancellationPolicy;
    const out = mapCancellationPolicy(p, ctx);
    expect(out.rules).toEqual([{ from: '2026-03-01T00:00:00Z', percent: '100', currency: 'USD', kind: 'after-confirmation' }]);
    expect(out.refundable).toBe(false);
    const later = parse(
      `<CancellationPolicy><PolicyRules><Rule From="2" To="4" Type="R" FixedPrice="10"/></PolicyRules></CancellationPolicy>`,
    ).CancellationPolicy;
    expect(mapCancellationPolicy(later, ctx).rules[0]).toMatchObject({
      from: '2026-03-03T00:00:00Z',
      to: '2026-03-06T00:00:00Z',
      amount: '10.00',
    });
  });

  it('no policy, or NonRefundable="true", is non-refundable', () => {
    expect(mapCancellationPolicy(undefined, ctx)).toEqual({ refundable: false, rules: [], text: undefined });
    const p = parse(
      `<CancellationPolicy><PolicyRules><Rule From="0" To="2" DateFrom="2026-03-18" Type="V" Nights="1"/></PolicyRules></CancellationPolicy>`,
    ).CancellationPolicy;
    expect(mapCancellationPolicy(p, { ...ctx, nonRefundable: true }).refundable).toBe(false);
  });
});

describe('juniper prices and statuses', () => {
  it('reads Nett of the S price with its currency, and rejects garbage', () => {
    const o = parse(`<O><Prices><Price Type="S" Currency="USD"><TotalFixAmounts Gross="110.00" Nett="100.5"/></Price></Prices></O>`)
      .O as Record<string, unknown>;
    expect(priceOf(o)).toEqual({ amount: '100.50', currency: 'USD' });
    const bad = parse(`<O><Prices><Price Type="S" Currency="usd"><TotalFixAmounts Nett="abc"/></Price></Prices></O>`).O as Record<
      string,
      unknown
    >;
    expect(priceOf(bad)).toBeNull();
  });

  it('maps reservation and item statuses', () => {
    expect(reservationStatus('PAG', 'OK')).toBe('confirmed');
    expect(reservationStatus('CON', 'RQ')).toBe('on-request');
    expect(reservationStatus('PDI', 'OK')).toBe('pending-provider');
    expect(reservationStatus('CAC', 'CA')).toBe('cancelled');
    expect(reservationStatus('QUO', 'OK')).toBe('quotation');
  });
});

describe('juniper hotel content extras', () => {
  // JP_HotelContent: Address{Address, Latitude, Longitude}, Images/Image@Type{FileName} (JP_ImageLong, fixtures/README.md J11).
  const content = (inner: string) => parse(`<HotelContent Code="JP046000">${inner}</HotelContent>`).HotelContent as Record<string, unknown>;

  it('reads the map position and the https photos', () => {
    const h = content(
      `<Address><Address>Calle 1</Address><Latitude>10.4236</Latitude><Longitude>-75.5478</Longitude></Address>` +
        `<Images><Image Type="BIG"><FileName>https://img.example.test/a.jpg</FileName></Image>` +
        `<Image Type="SMALL"><FileName>http://img.example.test/b.jpg</FileName></Image>` +
        `<Image Type="BIG"><FileName>https://img.example.test/c.jpg</FileName><Title>Piscina</Title></Image></Images>`,
    );
    expect(contentExtras(h)).toEqual({
      location: { lat: 10.4236, lng: -75.5478 },
      images: ['https://img.example.test/a.jpg', 'https://img.example.test/c.jpg'],
    });
  });

  it("keeps an http photo only on the supplier's own host (the sandbox simulator), never another or a broken URL", () => {
    const h = content(
      `<Images><Image Type="BIG"><FileName>http://127.0.0.1:3900/juniper/photos/JP046000-1.jpg</FileName></Image>` +
        `<Image Type="BIG"><FileName>http://127.0.0.1:3999/other.jpg</FileName></Image>` +
        `<Image Type="BIG"><FileName>javascript:alert(1)</FileName></Image>` +
        `<Image Type="BIG"><FileName>https://img.example.test/a b.jpg</FileName></Image></Images>`,
    );
    expect(contentExtras(h, 'http://127.0.0.1:3900')).toEqual({ images: ['http://127.0.0.1:3900/juniper/photos/JP046000-1.jpg'] });
    expect(contentExtras(h)).toEqual({});
  });

  it('leaves out a missing, zero or impossible position and an empty photo list', () => {
    expect(contentExtras(content('<Address><Address>Calle 1</Address></Address>'))).toEqual({});
    expect(contentExtras(content('<Address><Latitude>0</Latitude><Longitude>0</Longitude></Address><Images/>'))).toEqual({});
    expect(contentExtras(content('<Address><Latitude>123</Latitude><Longitude>-75</Longitude></Address>'))).toEqual({});
  });
});
