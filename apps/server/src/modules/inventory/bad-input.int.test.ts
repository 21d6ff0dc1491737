import {
  HOTEL_BOOKING_MESSAGES,
  INVENTORY_MESSAGES as m,
  TICKET_BOOKING_MESSAGES,
  TICKET_MESSAGES as tm,
  TRANSFER_BOOKING_MESSAGES as trb,
  TRANSFER_MESSAGES as trm,
} from '@travesia/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, makeAgency, makeUser, makeWorld } from '../../../test/factories.js';
import { ownTransferSearchBody } from '../../../test/own-transfers.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

/**
 * The "Bad input" list on every own-inventory endpoint: negative prices or allotments, end
 * before start, more than 30 nights, more than 9 rooms, child ages outside 0–17, unknown room types.
 * Each must be a 4xx with a Spanish message, never a 500.
 */
let t: TestApp;
let w: Awaited<ReturnType<typeof makeWorld>>;
let searcher: Record<string, string> = {};
const ids: Record<string, string> = {};
const D = (day: number) => `2031-03-${String(day).padStart(2, '0')}`;
const NO_ID = '00000000-0000-4000-8000-000000000000';
/** A day past in every time zone, and today + 400 days (a 401-day range from today). */
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const PAST = isoDay(-3);
const TODAY = isoDay(0);
const IN_400 = isoDay(400);

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t.app, t.database);
  const agency = await makeAgency(t.database, { modules: ['hotels-travesia', 'tickets-travesia', 'transfers-travesia'] });
  searcher = await loginAs(t.app, (await makeUser(t.database, 'adviser', agency.id)).email);
  const place = await inject('POST', '/api/place', w.headers.super, {
    name: 'Cartagena',
    type: 'city',
    address: 'Sin dirección',
    parent: null,
  });
  ids.ctg = place.json()._id;
  const hotel = await inject('POST', '/api/product/hotel', w.headers.loader, {
    name: 'Hotel Prueba',
    placeId: ids.ctg,
    stars: 3,
    category: 'value',
    roomTypes: [{ name: 'Doble', maxAdults: 2 }],
  });
  expect(hotel.statusCode, hotel.body).toBe(201);
  ids.hotel = hotel.json()._id;
  ids.roomType = hotel.json().roomTypes[0]._id;
  const ticket = await inject('POST', '/api/product/ticket', w.headers.loader, {
    name: 'Tour',
    placeId: ids.ctg,
    price: '10',
    maxPeople: 10,
    startHour: '08:00',
    endHour: '18:00',
  });
  ids.ticket = ticket.json()._id;
  const transfer = await inject('POST', '/api/product/transfer', w.headers.loader, {
    name: 'Traslado',
    originId: ids.ctg,
    destinationId: ids.ctg,
    type: 'private',
    vehicle: 'sedan',
    minPax: 1,
    maxPax: 3,
    priceMode: 'per-vehicle',
    price: '20',
  });
  ids.transfer = transfer.json()._id;
}, 60_000);
afterAll(() => t?.close());

type Case = [
  name: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: () => string,
  body: () => unknown,
  status: number,
  msg: string,
  who?: 'loader' | 'searcher',
];
const hotelBase = () => ({ name: 'H', placeId: ids.ctg, stars: 3, category: 'value' });
const bulk = (over: Record<string, unknown>) => () => ({ roomTypeId: ids.roomType, from: D(1), to: D(2), ...over });
const hAvail = (over: Record<string, unknown>) => () => ({
  destination: ids.ctg,
  start: D(3),
  end: D(5),
  paxes: [{ adults: 2, children: [] }],
  ...over,
});
const tAvail = (over: Record<string, unknown>) => () => ({
  destination: ids.ctg,
  countryCode: 'CO',
  date: D(3),
  paxes: { adults: 2, children: [] },
  ...over,
});
const trSearch = (over: Record<string, unknown>) => () => ({
  ...ownTransferSearchBody({ origin: ids.ctg, destination: ids.ctg, date: D(3) }),
  ...over,
});
const ticketBase = { name: 'T', price: '10', maxPeople: 10, startHour: '08:00', endHour: '18:00' };
const transferBase = { name: 'Tr', type: 'private', vehicle: 'sedan', minPax: 1, maxPax: 3, priceMode: 'per-vehicle', price: '20' };

const cases: Case[] = [
  // Hotel products and room types
  ['hotel: stars out of range', 'POST', () => '/api/product/hotel', () => ({ ...hotelBase(), stars: 6 }), 400, m.stars],
  ['hotel: unknown place', 'POST', () => '/api/product/hotel', () => ({ ...hotelBase(), placeId: NO_ID }), 400, m.placeNotFound],
  [
    'hotel: room type with 0 adults',
    'POST',
    () => '/api/product/hotel',
    () => ({ ...hotelBase(), roomTypes: [{ name: 'X', maxAdults: 0 }] }),
    400,
    m.adults,
  ],
  ['room type: 10 adults', 'POST', () => `/api/product/hotel/${ids.hotel}/room-type`, () => ({ name: 'X', maxAdults: 10 }), 400, m.adults],
  [
    'room type: unknown one',
    'PUT',
    () => `/api/product/hotel/${ids.hotel}/room-type/${NO_ID}`,
    () => ({ name: 'X', maxAdults: 2 }),
    404,
    m.roomTypeNotFound,
  ],
  [
    'room type: delete unknown',
    'DELETE',
    () => `/api/product/hotel/${ids.hotel}/room-type/${NO_ID}`,
    () => undefined,
    404,
    m.roomTypeNotFound,
  ],
  // Availability
  ['bulk: negative price', 'POST', () => '/api/product/hotel/avail/bulk', bulk({ price1: '-5' }), 400, m.money],
  ['bulk: negative extra adult', 'POST', () => '/api/product/hotel/avail/bulk', bulk({ priceExtraAdult: -1 }), 400, m.money],
  [
    'bulk: negative board supplement',
    'POST',
    () => '/api/product/hotel/avail/bulk',
    bulk({ boardSupplements: { BB: '-2' } }),
    400,
    m.money,
  ],
  ['bulk: negative allotment', 'POST', () => '/api/product/hotel/avail/bulk', bulk({ allotment: -1 }), 400, m.allotment],
  [
    'bulk: end before start',
    'POST',
    () => '/api/product/hotel/avail/bulk',
    bulk({ from: D(9), to: D(2), allotment: 1 }),
    400,
    m.endBeforeStart,
  ],
  [
    'bulk: range too long',
    'POST',
    () => '/api/product/hotel/avail/bulk',
    bulk({ from: '2031-01-01', to: '2032-12-31', allotment: 1 }),
    400,
    m.rangeTooLong,
  ],
  ['bulk: past days', 'POST', () => '/api/product/hotel/avail/bulk', bulk({ from: PAST, to: TODAY, allotment: 1 }), 400, m.pastDays],
  [
    'bulk: 401 days from today',
    'POST',
    () => '/api/product/hotel/avail/bulk',
    bulk({ from: TODAY, to: IN_400, allotment: 1 }),
    400,
    m.rangeTooLong,
  ],
  [
    'ticket capacity: past days',
    'POST',
    () => '/api/product/ticket/capacity',
    () => ({ ticketId: ids.ticket, from: PAST, to: TODAY, capacity: 1 }),
    400,
    m.pastDays,
  ],
  [
    'transfer capacity: past days',
    'POST',
    () => '/api/product/transfer/capacity',
    () => ({ transferId: ids.transfer, from: PAST, to: TODAY, capacity: 1 }),
    400,
    m.pastDays,
  ],
  [
    'transfer capacity: 401 days from today',
    'POST',
    () => '/api/product/transfer/capacity',
    () => ({ transferId: ids.transfer, from: TODAY, to: IN_400, capacity: 1 }),
    400,
    m.rangeTooLong,
  ],
  [
    'bulk: unknown room type',
    'POST',
    () => '/api/product/hotel/avail/bulk',
    bulk({ roomTypeId: NO_ID, allotment: 1 }),
    400,
    m.unknownRoomType,
  ],
  [
    'bulk: room type not an id',
    'POST',
    () => '/api/product/hotel/avail/bulk',
    bulk({ roomTypeId: 'suite', allotment: 1 }),
    400,
    m.unknownRoomType,
  ],
  [
    'calendar: end before start',
    'GET',
    () => `/api/product/hotel/avail/calendar?roomTypeId=${ids.roomType}&from=${D(9)}&to=${D(2)}`,
    () => undefined,
    400,
    m.endBeforeStart,
  ],
  [
    'calendar: unknown room type',
    'GET',
    () => `/api/product/hotel/avail/calendar?roomTypeId=${NO_ID}&from=${D(1)}&to=${D(2)}`,
    () => undefined,
    400,
    m.unknownRoomType,
  ],
  // Hotel search and booking
  [
    'hotel avail: end before start',
    'POST',
    () => '/api/hotel/travesia/avail',
    hAvail({ start: D(5), end: D(3) }),
    400,
    m.endBeforeStart,
    'searcher',
  ],
  [
    'hotel avail: same day',
    'POST',
    () => '/api/hotel/travesia/avail',
    hAvail({ start: D(5), end: D(5) }),
    400,
    m.endBeforeStart,
    'searcher',
  ],
  [
    'hotel avail: 31 nights',
    'POST',
    () => '/api/hotel/travesia/avail',
    hAvail({ start: D(1), end: '2031-04-01' }),
    400,
    m.tooManyNights,
    'searcher',
  ],
  [
    'hotel avail: 10 rooms',
    'POST',
    () => '/api/hotel/travesia/avail',
    hAvail({ paxes: Array.from({ length: 10 }, () => ({ adults: 1 })) }),
    400,
    m.tooManyRooms,
    'searcher',
  ],
  [
    'hotel avail: child of 18',
    'POST',
    () => '/api/hotel/travesia/avail',
    hAvail({ paxes: [{ adults: 1, children: [18] }] }),
    400,
    m.childAge,
    'searcher',
  ],
  [
    'hotel avail: child of -1',
    'POST',
    () => '/api/hotel/travesia/avail',
    hAvail({ paxes: [{ adults: 1, children: [-1] }] }),
    400,
    m.childAge,
    'searcher',
  ],
  [
    'hotel avail: child of 2.5',
    'POST',
    () => '/api/hotel/travesia/avail',
    hAvail({ paxes: [{ adults: 1, children: [2.5] }] }),
    400,
    m.childAge,
    'searcher',
  ],
  ['hotel avail: no rooms', 'POST', () => '/api/hotel/travesia/avail', hAvail({ paxes: [] }), 400, m.paxes, 'searcher'],
  // Own-hotel booking goes through the hotel flow's reserve (decision 0350): its bad input is in booking/hotel/reserve-guards.
  // Tickets
  ['ticket: negative price', 'POST', () => '/api/product/ticket', () => ({ ...ticketBase, placeId: ids.ctg, price: '-1' }), 400, m.money],
  [
    'ticket: negative child price',
    'POST',
    () => '/api/product/ticket',
    () => ({ ...ticketBase, placeId: ids.ctg, childPrice: '-1' }),
    400,
    m.money,
  ],
  [
    'ticket: end hour before start',
    'POST',
    () => '/api/product/ticket',
    () => ({ ...ticketBase, placeId: ids.ctg, endHour: '07:00' }),
    400,
    tm.hours,
  ],
  [
    'ticket capacity: negative',
    'POST',
    () => '/api/product/ticket/capacity',
    () => ({ ticketId: ids.ticket, from: D(1), to: D(2), capacity: -1 }),
    400,
    tm.capacity,
  ],
  [
    'ticket capacity: end before start',
    'POST',
    () => '/api/product/ticket/capacity',
    () => ({ ticketId: ids.ticket, from: D(3), to: D(2), capacity: 1 }),
    400,
    m.endBeforeStart,
  ],
  [
    'ticket capacity: unknown session',
    'POST',
    () => '/api/product/ticket/capacity',
    () => ({ ticketId: ids.ticket, from: D(1), to: D(2), session: '10:00', capacity: 1 }),
    400,
    tm.unknownSession,
  ],
  [
    'ticket calendar: end before start',
    'GET',
    () => `/api/product/ticket/capacity?ticketId=${ids.ticket}&from=${D(3)}&to=${D(2)}`,
    () => undefined,
    400,
    m.endBeforeStart,
  ],
  // Own tickets are searched and booked through the booking engine (modules/booking/ticket, decision 0270).
  [
    'ticket avail: child of 18',
    'POST',
    () => '/api/ticket/travesia/avail',
    tAvail({ paxes: { adults: 1, children: [18] } }),
    400,
    HOTEL_BOOKING_MESSAGES.childAgeInvalid,
    'searcher',
  ],
  [
    'ticket avail: no adults',
    'POST',
    () => '/api/ticket/travesia/avail',
    tAvail({ paxes: { adults: 0, children: [] } }),
    400,
    TICKET_BOOKING_MESSAGES.adultsInvalid,
    'searcher',
  ],
  [
    'ticket avail: no day',
    'POST',
    () => '/api/ticket/travesia/avail',
    tAvail({ date: undefined }),
    400,
    TICKET_BOOKING_MESSAGES.dayRequired,
    'searcher',
  ],
  [
    'ticket avail: unknown destination',
    'POST',
    () => '/api/ticket/travesia/avail',
    tAvail({ destination: NO_ID }),
    404,
    HOTEL_BOOKING_MESSAGES.destinationNotFound,
    'searcher',
  ],
  [
    'ticket avail: unknown product',
    'POST',
    () => '/api/ticket/restel/avail',
    tAvail({}),
    400,
    'Proveedor de tickets no válido',
    'searcher',
  ],
  [
    'ticket reserve: unknown quote',
    'POST',
    () => '/api/ticket/reserve',
    () => ({
      client: { name: 'A', surname: 'B' },
      companions: [{ name: 'A', surname: 'B' }],
      price: { gross: '10', currency: 'USD' },
      bookingCodes: { quoteId: 'y'.repeat(40) },
      idempotencyKey: 'ticket-garbage-1',
    }),
    409,
    HOTEL_BOOKING_MESSAGES.quoteExpired,
    'searcher',
  ],
  // Transfers
  [
    'transfer: negative price',
    'POST',
    () => '/api/product/transfer',
    () => ({ ...transferBase, originId: ids.ctg, destinationId: ids.ctg, price: '-3' }),
    400,
    m.money,
  ],
  [
    'transfer: min above max',
    'POST',
    () => '/api/product/transfer',
    () => ({ ...transferBase, originId: ids.ctg, destinationId: ids.ctg, minPax: 4 }),
    400,
    tm.minMax,
  ],
  [
    'transfer: unknown place',
    'POST',
    () => '/api/product/transfer',
    () => ({ ...transferBase, originId: NO_ID, destinationId: ids.ctg }),
    400,
    m.placeNotFound,
  ],
  [
    'transfer capacity: negative',
    'POST',
    () => '/api/product/transfer/capacity',
    () => ({ transferId: ids.transfer, from: D(1), to: D(2), capacity: -1 }),
    400,
    trm.capacity,
  ],
  [
    'transfer capacity: end before start',
    'POST',
    () => '/api/product/transfer/capacity',
    () => ({ transferId: ids.transfer, from: D(3), to: D(2), capacity: 1 }),
    400,
    m.endBeforeStart,
  ],
  [
    'transfer calendar: end before start',
    'GET',
    () => `/api/product/transfer/capacity?transferId=${ids.transfer}&from=${D(3)}&to=${D(2)}`,
    () => undefined,
    400,
    m.endBeforeStart,
  ],
  // Own transfers are searched and reserved on the booking engine (decision 0395).
  [
    'transfer search: 0 passengers',
    'POST',
    () => '/api/transfer/search/stream',
    trSearch({ adults: 0 }),
    400,
    trb.adultsInvalid,
    'searcher',
  ],
  [
    'transfer search: bad date',
    'POST',
    () => '/api/transfer/search/stream',
    trSearch({ outbound: { date: '2031-02-30', time: '10:00' } }),
    400,
    trb.dateRequired,
    'searcher',
  ],
  [
    'transfer search: unknown origin',
    'POST',
    () => '/api/transfer/search/stream',
    trSearch({ from: { type: 'hotel', code: 'origen', placeId: NO_ID } }),
    400,
    m.placeNotFound,
    'searcher',
  ],
  [
    'transfer reserve: garbage quote',
    'POST',
    () => '/api/transfer/reserve',
    () => ({
      legs: [{ quoteId: '¿?' }],
      client: { name: 'A', surname: 'B', email: 'a@b.co', phone: '+573001112233' },
      price: { gross: '20', currency: 'USD' },
      idempotencyKey: 'transfer-bad-1',
    }),
    400,
    trb.quoteExpired,
    'searcher',
  ],
];

describe('bad input on every own-inventory endpoint', () => {
  it.each(cases)('%s', async (_name, method, url, body, status, msg, who = 'loader') => {
    const res = await inject(method, url(), who === 'loader' ? w.headers.loader : searcher, body());
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().msg).toBe(msg);
  });
});

describe('bulk edits over a range starting today', () => {
  it('are accepted: today is never a past day', async () => {
    const res = await inject('POST', '/api/product/hotel/avail/bulk', w.headers.loader, {
      roomTypeId: ids.roomType,
      from: TODAY,
      to: isoDay(399),
      allotment: 2,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().days).toBe(400);
  });
});
