import { describe, expect, it } from 'vitest';
import { bandOf, bandsOf, bookableUntil, localDay, sessionLanguages, ticketPrice, zonedInstant } from './ticket-rules.js';

const bands = [
  { name: 'Adulto', ageFrom: 13, ageTo: 99, price: '50.00' },
  { name: 'Niño', ageFrom: 3, ageTo: 12, price: '30.00' },
  { name: 'Infante', ageFrom: 0, ageTo: 2, price: '0' },
];
const t = { price: '50.00', childPrice: null, childrenAllowed: true, maxPeople: 6, ageBands: bands };

describe('age bands', () => {
  it('a ticket written without bands: adults 18–99 at the price, children at the child price, none when not allowed', () => {
    const legacy = { price: '50.00', childPrice: '30.00', childrenAllowed: true, maxPeople: 4 };
    expect(bandsOf(legacy).map((b) => [b.name, b.ageFrom, b.ageTo, b.price])).toEqual([
      ['Niño', 0, 17, '30.00'],
      ['Adulto', 18, 99, '50.00'],
    ]);
    expect(bandsOf({ ...legacy, childPrice: null })[0].price).toBe('50.00');
    expect(bandsOf({ ...legacy, childrenAllowed: false }).map((b) => b.name)).toEqual(['Adulto']);
  });
  it('finds the band of an age; none outside every band or outside 0–99', () => {
    expect(bandOf(bands, 0)?.name).toBe('Infante');
    expect(bandOf(bands, 12)?.name).toBe('Niño');
    expect(bandOf(bands, 13)?.name).toBe('Adulto');
    expect(bandOf(bands, 100)).toBeUndefined();
    expect(bandOf(bands, -1)).toBeUndefined();
    expect(bandOf([bands[0]], 8)).toBeUndefined();
  });
});

describe('ticketPrice', () => {
  it('prices every participant at its band', () => {
    const p = ticketPrice(t, [40, 38, 8, 1]);
    expect(p).toMatchObject({ ok: true, total: '130.00', people: 4 });
    if (p.ok) expect(p.perPerson.map((x) => x.band)).toEqual(['Adulto', 'Adulto', 'Niño', 'Infante']);
  });
  it('legacy tickets price as before (adults and children), decimals exact', () => {
    expect(ticketPrice({ price: '33.10', childPrice: '20.20', childrenAllowed: true, maxPeople: 9 }, [30, 30, 30, 5])).toMatchObject({
      ok: true,
      total: '119.50',
    });
  });
  it('refuses an age outside every band, a group above the maximum or below the minimum', () => {
    expect(ticketPrice({ ...t, ageBands: [bands[0]] }, [30, 8])).toEqual({ ok: false, reason: 'age-band', age: 8 });
    expect(ticketPrice({ price: '1', childPrice: null, childrenAllowed: false, maxPeople: 4 }, [30, 5])).toEqual({
      ok: false,
      reason: 'age-band',
      age: 5,
    });
    expect(ticketPrice(t, [30, 30, 30, 30, 30, 30, 30])).toEqual({ ok: false, reason: 'max-people' });
    expect(ticketPrice({ ...t, minPeople: 3 }, [30, 8])).toEqual({ ok: false, reason: 'min-people' });
    expect(ticketPrice({ ...t, minPeople: 3 }, [30, 8, 1])).toMatchObject({ ok: true, total: '80.00' });
  });
});

describe('sessions: languages and cut-off in the place zone', () => {
  it("a session's own languages, else the ticket's", () => {
    const x = { languages: ['es'], sessionLanguages: { '09:00': ['en', 'fr'] } };
    expect(sessionLanguages(x, '09:00')).toEqual(['en', 'fr']);
    expect(sessionLanguages(x, '15:00')).toEqual(['es']);
  });
  it('reads a local time in the zone, across the UTC day boundary', () => {
    expect(zonedInstant('2026-11-25', '21:00', 'America/Bogota').toISOString()).toBe('2026-11-26T02:00:00.000Z');
    expect(zonedInstant('2026-07-01', '09:00', 'Europe/Madrid').toISOString()).toBe('2026-07-01T07:00:00.000Z');
    expect(zonedInstant('2026-01-01', '09:00', 'Europe/Madrid').toISOString()).toBe('2026-01-01T08:00:00.000Z');
  });
  it('a session is bookable until its start less the cut-off; an all-day ticket until it closes less the cut-off', () => {
    const ticket = { endHour: '18:00', cutoffMinutes: 90 };
    expect(bookableUntil(ticket, '2026-11-25', '21:00', 'America/Bogota').toISOString()).toBe('2026-11-26T00:30:00.000Z');
    expect(bookableUntil(ticket, '2026-11-25', '', 'America/Bogota').toISOString()).toBe('2026-11-25T21:30:00.000Z');
    expect(bookableUntil({ ...ticket, cutoffMinutes: 0 }, '2026-11-25', '09:00', 'Asia/Tokyo').toISOString()).toBe(
      '2026-11-25T00:00:00.000Z',
    );
  });
  it('the local day of an instant', () => {
    const at = new Date('2026-11-26T02:00:00Z');
    expect(localDay(at, 'America/Bogota')).toBe('2026-11-25');
    expect(localDay(at, 'Europe/Madrid')).toBe('2026-11-26');
  });
});
