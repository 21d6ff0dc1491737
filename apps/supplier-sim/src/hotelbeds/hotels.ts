import type { FastifyInstance } from 'fastify';
import { nightsBetween, parseDay, today } from '../core/dates.js';
import {
  BOARDS,
  type BoardCode,
  findDestination,
  findHotel,
  type Hotel,
  hotelsOf,
  isNonRefundable,
  penaltyNow,
  penaltySteps,
  ROOM_TYPES,
  roomFits,
  stayPrice,
} from '../core/inventory.js';
import { centsToDecimal, prng, seedOf } from '../core/prng.js';
import { nextNumber, type ScenarioSet, type SimContext, send } from '../core/sim.js';
import { auditData, hbError, json, open } from './common.js';

const RATE_KEY_TTL = 30 * 60_000;
const BASE = '/hotel-api/1.0';

interface OccLine {
  rooms: number;
  adults: number;
  children: number;
  ages: number[];
}

interface RateKeyPayload extends Record<string, unknown> {
  h: number;
  r: string;
  b: BoardCode;
  ci: string;
  co: string;
  occ: OccLine;
  /** Price of the whole line (all its rooms), cents. */
  c: number;
  nrf: boolean;
  rt: 'BOOKABLE' | 'RECHECK';
}

interface StoredBooking extends Record<string, unknown> {
  reference: string;
  clientReference: string;
  creationDate: string;
  status: 'CONFIRMED' | 'CANCELLED' | 'PRECONFIRMED';
  hotel: Hotel;
  checkIn: string;
  checkOut: string;
  holder: { name: string; surname: string };
  lines: { key: RateKeyPayload; paxes: unknown[] }[];
  totalCents: number;
  steps: ReturnType<typeof penaltySteps>;
  remark: string;
  cancellationReference?: string;
  cancellationCents?: number;
}

function parseOccupancies(raw: unknown): OccLine[] | string {
  if (!Array.isArray(raw) || raw.length === 0) return 'occupancies is required';
  const out: OccLine[] = [];
  for (const o of raw as Record<string, unknown>[]) {
    const rooms = Number(o?.rooms);
    const adults = Number(o?.adults);
    const children = Number(o?.children ?? 0);
    if (!Number.isInteger(rooms) || rooms < 1 || rooms > 9) return 'occupancies.rooms must be 1..9';
    if (!Number.isInteger(adults) || adults < 1 || adults > 8) return 'occupancies.adults must be 1..8';
    const paxes = Array.isArray(o.paxes) ? (o.paxes as Record<string, unknown>[]) : [];
    const ages = paxes.filter((p) => p?.type === 'CH').map((p) => Number(p.age));
    if (ages.length !== children * rooms && ages.length !== children) return 'children ages do not match children';
    if (ages.some((a) => !Number.isInteger(a) || a < 0 || a > 17)) return 'child age must be 0..17';
    out.push({ rooms, adults, children, ages: ages.slice(0, children) });
  }
  return out;
}

function ratePayload(hotel: Hotel, p: RateKeyPayload, sim: SimContext | null, rateKey?: string) {
  const room = ROOM_TYPES.find((r) => r.code === p.r)!;
  const board = BOARDS.find((b) => b.code === p.b)!;
  const nights = nightsBetween(p.ci, p.co);
  const steps = penaltySteps(hotel, p.nrf, p.ci, p.c, nights);
  return {
    rateKey: rateKey ?? sim?.tokens.encode(p, RATE_KEY_TTL).token ?? '',
    rateClass: p.nrf ? 'NRF' : 'NOR',
    rateType: p.rt,
    net: centsToDecimal(p.c),
    allotment: 5,
    paymentType: 'AT_WEB',
    packaging: false,
    boardCode: board.code,
    boardName: board.name,
    cancellationPolicies: steps.map((s) => ({ amount: centsToDecimal(s.cents), from: s.from })),
    rooms: p.occ.rooms,
    adults: p.occ.adults,
    children: p.occ.children,
    ...(p.occ.ages.length ? { childrenAges: p.occ.ages.join(',') } : {}),
    taxes: {
      allIncluded: true,
      taxes: [{ included: true, amount: centsToDecimal(Math.round(p.c * 0.08)), currency: hotel.destination.currency }],
    },
    rateComments: hotel.stars >= 4 ? 'Check-in hour 15:00. Resort fee payable at the hotel.' : undefined,
    _room: room,
  };
}

function hotelHeader(h: Hotel, ci: string, co: string) {
  return {
    checkIn: ci,
    checkOut: co,
    code: h.code,
    name: h.name,
    categoryCode: `${h.stars}EST`,
    categoryName: `${h.stars} STARS`,
    destinationCode: h.destination.code,
    destinationName: h.destination.city,
    zoneCode: Number(h.zone.code),
    zoneName: h.zone.name,
    latitude: h.latitude,
    longitude: h.longitude,
    currency: h.destination.currency,
  };
}

function bookingBody(b: StoredBooking) {
  const h = b.hotel;
  return {
    reference: b.reference,
    clientReference: b.clientReference,
    creationDate: b.creationDate,
    status: b.status,
    modificationPolicies: { cancellation: b.status !== 'CANCELLED', modification: b.status !== 'CANCELLED' },
    creationUser: 'sim',
    holder: b.holder,
    remark: b.remark,
    invoiceCompany: { code: 'E14', company: 'HOTELBEDS COLOMBIA S.A.S. (SIM)', registrationNumber: '900123456-7' },
    totalNet: Number(centsToDecimal(b.totalCents)),
    pendingAmount: Number(centsToDecimal(b.status === 'CANCELLED' ? 0 : b.totalCents)),
    currency: h.destination.currency,
    hotel: {
      ...hotelHeader(h, b.checkIn, b.checkOut),
      ...(b.status === 'CANCELLED' ? { cancellationAmount: Number(centsToDecimal(b.cancellationCents ?? 0)) } : {}),
      rooms: b.lines.map((l, i) => {
        const room = ROOM_TYPES.find((r) => r.code === l.key.r)!;
        const { rateKey: _k, _room, ...rate } = ratePayload(h, l.key, null, '');
        return { status: b.status, id: i + 1, code: room.code, name: room.name, paxes: l.paxes, rates: [rate] };
      }),
      totalNet: centsToDecimal(b.totalCents),
      supplier: { name: 'HOTELBEDS COLOMBIA S.A.S. (SIM)', vatNumber: '900123456-7' },
    },
  };
}

export function hotelRoutes(app: FastifyInstance, sim: SimContext) {
  const store = sim.bookings.hotelbeds as Map<string, StoredBooking>;

  app.get(`${BASE}/status`, async (req, reply) => {
    const c = await open(sim, req, reply, 'test');
    if (!c) return;
    await send(req, reply, c.sc, 'test', json(200, { auditData: auditData(), status: 'OK' }));
  });

  app.post(`${BASE}/hotels`, async (req, reply) => {
    const c = await open(sim, req, reply, 'search');
    if (!c) return;
    const body = (req.body ?? {}) as Record<string, unknown>;
    const stay = body.stay as { checkIn?: string; checkOut?: string } | undefined;
    const ci = stay?.checkIn ?? '';
    const co = stay?.checkOut ?? '';
    if (!parseDay(ci) || !parseDay(co) || co <= ci)
      return send(req, reply, c.sc, 'search', hbError(400, 'INVALID_REQUEST', 'stay: invalid dates'));
    if (ci < today()) return send(req, reply, c.sc, 'search', hbError(400, 'INVALID_DATA', 'Check-in date is in the past'));
    if (nightsBetween(ci, co) > 30) return send(req, reply, c.sc, 'search', hbError(400, 'INVALID_DATA', 'Maximum stay is 30 nights'));
    const occ = parseOccupancies(body.occupancies);
    if (typeof occ === 'string') return send(req, reply, c.sc, 'search', hbError(400, 'INVALID_REQUEST', occ));
    let hotels: Hotel[];
    const dest = body.destination as { code?: string } | undefined;
    const codes = (body.hotels as { hotel?: unknown[] } | undefined)?.hotel;
    if (dest?.code) {
      const d = findDestination(String(dest.code));
      if (!d) return send(req, reply, c.sc, 'search', hbError(400, 'INVALID_DATA', `Destination ${dest.code} not enabled`));
      hotels = hotelsOf(d);
    } else if (Array.isArray(codes) && codes.length) {
      hotels = codes.map((x) => findHotel(String(x))).filter((h): h is Hotel => !!h);
    } else
      return send(req, reply, c.sc, 'search', hbError(400, 'INVALID_REQUEST', 'One of destination, hotels or geolocation is required'));
    const boardFilter = (body.boards as { board?: string[]; included?: boolean } | undefined)?.board;
    const noAvail = c.sc.has('no-avail', 'search');
    const out = noAvail
      ? []
      : hotels
          .map((h) => {
            const rooms = h.rooms
              .filter((room) => occ.every((o) => roomFits(room, { adults: o.adults, childrenAges: o.ages })))
              .map((room) => {
                const rates = h.boards
                  .filter((b) => !boardFilter || boardFilter.includes(b))
                  .flatMap((b) =>
                    occ.map((o) => {
                      const one = stayPrice(h, room, b, ci, co, { adults: o.adults, childrenAges: o.ages }).total;
                      const rt = prng(seedOf('recheck', h.code, room.code, b)).chance(0.3) ? 'RECHECK' : 'BOOKABLE';
                      const p: RateKeyPayload = {
                        h: h.code,
                        r: room.code,
                        b,
                        ci,
                        co,
                        occ: o,
                        c: one * o.rooms,
                        nrf: isNonRefundable(h, room, b),
                        rt,
                      };
                      const { _room, ...rate } = ratePayload(h, p, sim);
                      return rate;
                    }),
                  );
                return { code: room.code, name: room.name, rates };
              })
              .filter((r) => r.rates.length);
            if (!rooms.length) return null;
            if (c.sc.has('absurd-prices', 'search')) {
              const r0 = rooms[0].rates;
              if (r0[0]) r0[0] = { ...r0[0], net: '0.00' };
              if (r0[1]) r0[1] = { ...r0[1], net: `-${r0[1].net}` };
              if (r0[2]) r0[2] = { ...r0[2], net: centsToDecimal(Math.round(Number(r0[2].net) * 100 * 100)) };
            }
            const nets = rooms.flatMap((r) => r.rates.map((x) => Number(x.net)));
            return { ...hotelHeader(h, ci, co), minRate: Math.min(...nets).toFixed(2), maxRate: Math.max(...nets).toFixed(2), rooms };
          })
          .filter((h) => h !== null);
    await send(
      req,
      reply,
      c.sc,
      'search',
      json(200, { auditData: auditData(), hotels: { hotels: out, checkIn: ci, checkOut: co, total: out.length } }),
    );
  });

  app.post(`${BASE}/checkrates`, async (req, reply) => {
    const c = await open(sim, req, reply, 'quote');
    if (!c) return;
    const rooms = (req.body as { rooms?: { rateKey?: string }[] } | undefined)?.rooms;
    if (!Array.isArray(rooms) || !rooms.length)
      return send(req, reply, c.sc, 'quote', hbError(400, 'INVALID_REQUEST', 'rooms is required'));
    const decoded = decodeKeys(
      sim,
      c.sc,
      'quote',
      rooms.map((r) => String(r?.rateKey ?? '')),
    );
    if (typeof decoded === 'string') return send(req, reply, c.sc, 'quote', hbError(400, 'INVALID_DATA', decoded));
    const hotel = findHotel(decoded[0].h)!;
    const changed = c.sc.has('price-change', 'quote');
    const onRequest = c.sc.has('on-request', 'quote');
    const byRoom = decoded.map((p) => {
      const next: RateKeyPayload = { ...p, c: changed ? Math.round(p.c * 1.15) : p.c, rt: 'BOOKABLE' };
      const { _room, ...rate } = ratePayload(hotel, next, sim);
      return {
        code: p.r,
        name: _room.name,
        rates: [
          {
            ...rate,
            ...(onRequest ? { allotment: 0, rateComments: `${rate.rateComments ?? ''} Subject to confirmation (on request).`.trim() } : {}),
            rateBreakDown: { rateDiscounts: [] },
            rateComments: rate.rateComments ?? 'Car park not included.',
          },
        ],
      };
    });
    const total = byRoom.reduce((s, r) => s + Math.round(Number(r.rates[0].net) * 100), 0);
    await send(
      req,
      reply,
      c.sc,
      'quote',
      json(200, {
        auditData: auditData(),
        hotel: {
          ...hotelHeader(hotel, decoded[0].ci, decoded[0].co),
          rooms: byRoom,
          totalNet: centsToDecimal(total),
          upselling: { rooms: [] },
        },
      }),
    );
  });

  app.post(`${BASE}/bookings`, async (req, reply) => {
    const c = await open(sim, req, reply, 'book');
    if (!c) return;
    const body = (req.body ?? {}) as Record<string, unknown>;
    const holder = body.holder as { name?: string; surname?: string } | undefined;
    if (!holder?.name || !holder.surname || holder.name.length > 50 || holder.surname.length > 50)
      return send(req, reply, c.sc, 'book', hbError(400, 'INVALID_REQUEST', 'holder name and surname are required (max 50)'));
    const clientReference = String(body.clientReference ?? '');
    if (!clientReference || clientReference.length > 20)
      return send(req, reply, c.sc, 'book', hbError(400, 'INVALID_REQUEST', 'clientReference is required (max 20)'));
    const rooms = body.rooms as { rateKey?: string; paxes?: unknown[] }[] | undefined;
    if (!Array.isArray(rooms) || !rooms.length) return send(req, reply, c.sc, 'book', hbError(400, 'INVALID_REQUEST', 'rooms is required'));
    const decoded = decodeKeys(
      sim,
      c.sc,
      'book',
      rooms.map((r) => String(r?.rateKey ?? '')),
    );
    if (typeof decoded === 'string') return send(req, reply, c.sc, 'book', hbError(400, 'INVALID_DATA', decoded));
    if (decoded.some((p) => p.rt === 'RECHECK'))
      return send(req, reply, c.sc, 'book', hbError(400, 'INVALID_DATA', 'This rate must be checked with CheckRate before booking'));
    const hotel = findHotel(decoded[0].h)!;
    const total = decoded.reduce((s, p) => s + p.c, 0);
    const nights = nightsBetween(decoded[0].ci, decoded[0].co);
    const booking: StoredBooking = {
      reference: `102-${nextNumber(sim, 'hb-booking', 1_274_400)}`,
      clientReference,
      creationDate: today(),
      status: c.sc.has('on-request', 'book') ? 'PRECONFIRMED' : 'CONFIRMED',
      hotel,
      checkIn: decoded[0].ci,
      checkOut: decoded[0].co,
      holder: { name: holder.name, surname: holder.surname },
      lines: decoded.map((key, i) => ({ key, paxes: rooms[i].paxes ?? [] })),
      totalCents: total,
      steps: penaltySteps(
        hotel,
        decoded.some((p) => p.nrf),
        decoded[0].ci,
        total,
        nights,
      ),
      remark: String(body.remark ?? ''),
    };
    store.set(booking.reference, booking);
    await send(req, reply, c.sc, 'book', json(200, { auditData: auditData(), booking: bookingBody(booking) }));
  });

  app.get(`${BASE}/bookings/:ref`, async (req, reply) => {
    const c = await open(sim, req, reply, 'read');
    if (!c) return;
    const b = store.get((req.params as { ref: string }).ref);
    if (!b) return send(req, reply, c.sc, 'read', hbError(404, 'INVALID_DATA', 'Booking not found'));
    await send(req, reply, c.sc, 'read', json(200, { auditData: auditData(), booking: bookingBody(b) }));
  });

  app.get(`${BASE}/bookings`, async (req, reply) => {
    const c = await open(sim, req, reply, 'list');
    if (!c) return;
    const q = req.query as Record<string, string | undefined>;
    if (!parseDay(q.start ?? '') || !parseDay(q.end ?? ''))
      return send(req, reply, c.sc, 'list', hbError(400, 'INVALID_REQUEST', 'start and end are required'));
    const from = Number(q.from ?? 1);
    const to = Number(q.to ?? 25);
    const filterType = q.filterType ?? 'CHECKIN';
    const all = [...store.values()].filter((b) => {
      if (c.sc.has('hide-booking', 'list')) return false;
      const day = filterType === 'CREATION' ? b.creationDate : b.checkIn;
      if (day < (q.start as string) || day > (q.end as string)) return false;
      if (q.clientReference && b.clientReference !== q.clientReference) return false;
      if (q.status && q.status !== 'ALL' && b.status !== q.status) return false;
      return true;
    });
    const page = all.slice(Math.max(0, from - 1), to);
    await send(
      req,
      reply,
      c.sc,
      'list',
      json(200, { auditData: auditData(), bookings: { from, to, total: all.length, bookings: page.map(bookingBody) } }),
    );
  });

  app.delete(`${BASE}/bookings/:ref`, async (req, reply) => {
    const c = await open(sim, req, reply, 'cancel');
    if (!c) return;
    const b = store.get((req.params as { ref: string }).ref);
    if (!b) return send(req, reply, c.sc, 'cancel', hbError(404, 'INVALID_DATA', 'Booking not found'));
    if (b.status === 'CANCELLED') return send(req, reply, c.sc, 'cancel', hbError(400, 'PRODUCT_ERROR', 'Booking already cancelled'));
    const flag = (req.query as { cancellationFlag?: string }).cancellationFlag ?? 'CANCELLATION';
    if (flag !== 'SIMULATION' && flag !== 'CANCELLATION')
      return send(req, reply, c.sc, 'cancel', hbError(400, 'INVALID_REQUEST', 'cancellationFlag'));
    const penalty = penaltyNow(b.steps);
    if (flag === 'SIMULATION') {
      const body = bookingBody({ ...b, status: 'CANCELLED', cancellationCents: penalty });
      return send(req, reply, c.sc, 'cancel', json(200, { auditData: auditData(), booking: body }));
    }
    b.status = 'CANCELLED';
    b.cancellationCents = penalty;
    b.cancellationReference = `CAN-${nextNumber(sim, 'hb-cancel', 50_000)}`;
    await send(
      req,
      reply,
      c.sc,
      'cancel',
      json(200, { auditData: auditData(), booking: { ...bookingBody(b), cancellationReference: b.cancellationReference } }),
    );
  });
}

function decodeKeys(sim: SimContext, sc: ScenarioSet, op: 'quote' | 'book', keys: string[]): RateKeyPayload[] | string {
  const out: RateKeyPayload[] = [];
  for (const k of keys) {
    if (sc.has('expired-token', op)) return 'The rateKey has expired. Please search availability again.';
    const p = sim.tokens.decode<RateKeyPayload>(k);
    if (p === 'expired') return 'The rateKey has expired. Please search availability again.';
    if (!p) return 'Invalid rateKey';
    out.push(p);
  }
  if (new Set(out.map((p) => p.h)).size > 1) return 'All rooms must belong to the same hotel';
  return out;
}
