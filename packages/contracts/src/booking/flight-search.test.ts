import { describe, expect, it } from 'vitest';
import { FLIGHT_MESSAGES, flightPriceSearchBody } from './flight';

const leg = (from: string, to: string, start: string, end?: string) => ({
  origin: { id: from, type: '5' },
  destiny: { id: to, type: '5' },
  start,
  ...(end ? { end } : {}),
});
const search = (serviceType: string, destinations: ReturnType<typeof leg>[]) =>
  flightPriceSearchBody.safeParse({
    serviceType,
    flightClass: 'ECONOMY',
    culture: 'en-US',
    currency: 'USD',
    destinations,
    paxes: { adults: [30], children: [] },
    provider: '7a1e5b1e-0000-4000-8000-000000000001',
  });
const messages = (r: ReturnType<typeof search>) => (r.success ? [] : r.error.issues.map((i) => i.message));

describe('flight search dates (the search form applies the same rules)', () => {
  it('accepts a same-day return and refuses a return before the departure', () => {
    expect(search('2', [leg('BOG', 'MDE', '2027-03-01', '2027-03-01')]).success).toBe(true);
    expect(messages(search('2', [leg('BOG', 'MDE', '2027-03-02', '2027-03-01')]))).toContain(FLIGHT_MESSAGES.endBeforeStart);
  });

  it('lets a multi-city segment leave the same day as the one before, never earlier', () => {
    const inOrder = [leg('BOG', 'MDE', '2027-03-01'), leg('MDE', 'CTG', '2027-03-01'), leg('CTG', 'BOG', '2027-03-05')];
    expect(search('3', inOrder).success).toBe(true);
    const outOfOrder = [leg('BOG', 'MDE', '2027-03-03'), leg('MDE', 'CTG', '2027-03-02')];
    expect(messages(search('3', outOfOrder))).toContain(FLIGHT_MESSAGES.endBeforeStart);
  });
});
