import type { FastifyInstance, FastifyRequest } from 'fastify';
import { addDays, today } from '../core/dates.js';
import { DESTINATIONS, type Destination, findDestination, findHotel, transferPrice, VEHICLES } from '../core/inventory.js';
import { centsToDecimal } from '../core/prng.js';
import { nextNumber, type Payload, type SimContext, send } from '../core/sim.js';
import { json, open } from './common.js';

const BASE = '/transfer-api/1.0';
const RATE_KEY_TTL = 30 * 60_000;

interface TrKey extends Record<string, unknown> {
  v: string;
  dir: 'ARRIVAL' | 'DEPARTURE';
  from: { type: string; code: string };
  to: { type: string; code: string };
  at: string;
  pax: number;
  c: number;
  cur: string;
}

interface TrBooking {
  reference: string;
  clientReference: string;
  status: 'CONFIRMED' | 'CANCELLED';
  keys: TrKey[];
  holder: { name: string; surname: string };
  created: string;
}

const err = (status: number, message: string): Payload =>
  json(status, { code: String(status), message, description: message, fieldErrors: [], traceId: String(Date.now()) });

function destinationOf(type: string, code: string): Destination | undefined {
  if (type === 'ATLAS') return findHotel(code)?.destination;
  if (type === 'IATA') return DESTINATIONS.find((d) => d.airport === code.toUpperCase() || d.code === code.toUpperCase());
  return findDestination(code);
}

function serviceBody(k: TrKey, rateKey: string, id: number) {
  const v = VEHICLES.find((x) => x.id === k.v)!;
  const freeUntil = `${addDays(k.at.slice(0, 10), -1)}T${k.at.slice(11, 19)}`;
  return {
    id,
    direction: k.dir,
    transferType: v.transferType,
    vehicle: { code: v.id, name: v.vehicle },
    category: { code: v.category, name: v.category },
    pickupInformation: {
      from: { code: k.from.code, description: k.from.code, type: k.from.type },
      to: { code: k.to.code, description: k.to.code, type: k.to.type },
      date: k.at.slice(0, 10),
      time: k.at.slice(11, 19),
    },
    minPaxCapacity: v.min,
    maxPaxCapacity: v.max,
    price: { totalAmount: Number(centsToDecimal(k.c)), netAmount: Number(centsToDecimal(k.c)), currencyId: k.cur },
    rateKey,
    cancellationPolicies: [{ amount: Number(centsToDecimal(k.c)), from: freeUntil, currencyId: k.cur }],
  };
}

export function transferRoutes(app: FastifyInstance, sim: SimContext) {
  const store = new Map<string, TrBooking>();
  const bookingBody = (b: TrBooking) => ({
    reference: b.reference,
    clientReference: b.clientReference,
    creationDate: b.created,
    status: b.status,
    holder: b.holder,
    transfers: b.keys.map((k, i) => ({ ...serviceBody(k, '', i + 1), status: b.status })),
    totalAmount: Number(centsToDecimal(b.keys.reduce((s, k) => s + k.c, 0))),
    totalNetAmount: Number(centsToDecimal(b.keys.reduce((s, k) => s + k.c, 0))),
    pendingAmount: 0,
    currency: b.keys[0].cur,
    supplier: { name: 'HOTELBEDS TRANSFERS (SIM)', vatNumber: '900123456-7' },
  });

  app.get(`${BASE}/status`, async (req, rep) => {
    const c = await open(sim, req, rep, 'test', 'transfer');
    if (!c) return;
    await send(req, rep, c.sc, 'test', json(200, { status: 'OK' }));
  });

  const availability = async (req: FastifyRequest, rep: Parameters<typeof open>[2]) => {
    const c = await open(sim, req, rep, 'search', 'transfer');
    if (!c) return;
    const p = req.params as Record<string, string>;
    const adults = Number(p.adults);
    const children = Number(p.children);
    const infants = Number(p.infants);
    if (![adults, children, infants].every((n) => Number.isInteger(n) && n >= 0) || adults < 1)
      return send(req, rep, c.sc, 'search', err(400, 'Invalid passengers'));
    const outbound = p.outbound;
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(outbound) || outbound.slice(0, 10) < today())
      return send(req, rep, c.sc, 'search', err(400, 'Invalid outbound date'));
    const destFrom = destinationOf(p.fromType, p.fromCode);
    const destTo = destinationOf(p.toType, p.toCode);
    if (!destFrom || !destTo || destFrom !== destTo) return send(req, rep, c.sc, 'search', err(400, 'No service between these points'));
    const pax = adults + children;
    const bump = c.sc.has('price-change', 'search') ? 1.15 : 1;
    const legs: { dir: 'ARRIVAL' | 'DEPARTURE'; from: TrKey['from']; to: TrKey['to']; at: string }[] = [
      {
        dir: p.fromType === 'IATA' ? 'ARRIVAL' : 'DEPARTURE',
        from: { type: p.fromType, code: p.fromCode },
        to: { type: p.toType, code: p.toCode },
        at: outbound,
      },
    ];
    if (p.inbound)
      legs.push({
        dir: p.fromType === 'IATA' ? 'DEPARTURE' : 'ARRIVAL',
        from: { type: p.toType, code: p.toCode },
        to: { type: p.fromType, code: p.fromCode },
        at: p.inbound,
      });
    let id = 0;
    const services = c.sc.has('no-avail', 'search')
      ? []
      : legs.flatMap((leg) =>
          VEHICLES.flatMap((v) => {
            const cents = transferPrice(v.id, destFrom, pax);
            if (cents === null) return [];
            const key: TrKey = {
              v: v.id,
              dir: leg.dir,
              from: leg.from,
              to: leg.to,
              at: leg.at,
              pax,
              c: Math.round(cents * bump),
              cur: destFrom.currency,
            };
            return [serviceBody(key, sim.tokens.encode(key, RATE_KEY_TTL).token, ++id)];
          }),
        );
    if (c.sc.has('absurd-prices', 'search') && services.length > 2) {
      services[0].price.totalAmount = 0;
      services[1].price.totalAmount *= 100;
    }
    return send(
      req,
      rep,
      c.sc,
      'search',
      json(200, { search: { departure: { date: outbound.slice(0, 10) }, occupancy: { adults, children, infants } }, services }),
    );
  };
  app.get(`${BASE}/availability/:lang/from/:fromType/:fromCode/to/:toType/:toCode/:outbound/:adults/:children/:infants`, (req, rep) =>
    availability(req, rep),
  );
  app.get(
    `${BASE}/availability/:lang/from/:fromType/:fromCode/to/:toType/:toCode/:outbound/:inbound/:adults/:children/:infants`,
    (req, rep) => availability(req, rep),
  );

  app.post(`${BASE}/bookings`, async (req, rep) => {
    const c = await open(sim, req, rep, 'book', 'transfer');
    if (!c) return;
    const body = (req.body ?? {}) as Record<string, unknown>;
    const holder = body.holder as { name?: string; surname?: string; email?: string; phone?: string } | undefined;
    const transfers = (body.transfers as { rateKey?: string; transferDetails?: unknown[] }[] | undefined) ?? [];
    const clientReference = String(body.clientReference ?? '');
    if (!holder?.name || !holder.surname || !holder.email || !holder.phone || !clientReference || !transfers.length)
      return send(req, rep, c.sc, 'book', err(400, 'holder (name, surname, email, phone), clientReference and transfers are required'));
    const keys: TrKey[] = [];
    for (const t of transfers) {
      const k = c.sc.has('expired-token', 'book') ? 'expired' : sim.tokens.decode<TrKey>(String(t.rateKey ?? ''));
      if (k === 'expired') return send(req, rep, c.sc, 'book', err(400, 'The rateKey has expired'));
      if (!k) return send(req, rep, c.sc, 'book', err(400, 'Invalid rateKey'));
      if (!Array.isArray(t.transferDetails) || !t.transferDetails.length)
        return send(req, rep, c.sc, 'book', err(400, 'transferDetails is required'));
      keys.push(k);
    }
    const b: TrBooking = {
      reference: `1-${nextNumber(sim, 'hb-tr', 3_000_000)}`,
      clientReference,
      status: 'CONFIRMED',
      keys,
      holder: { name: holder.name, surname: holder.surname },
      created: today(),
    };
    store.set(b.reference, b);
    return send(req, rep, c.sc, 'book', json(200, { bookings: [bookingBody(b)] }));
  });

  app.get(`${BASE}/bookings/:lang/reference/:ref`, async (req, rep) => {
    const c = await open(sim, req, rep, 'read', 'transfer');
    if (!c) return;
    const b = store.get((req.params as { ref: string }).ref);
    if (!b) return send(req, rep, c.sc, 'read', err(404, 'Booking not found'));
    return send(req, rep, c.sc, 'read', json(200, { bookings: [bookingBody(b)] }));
  });

  app.get(`${BASE}/bookings/:lang`, async (req, rep) => {
    const c = await open(sim, req, rep, 'list', 'transfer');
    if (!c) return;
    // The documented booking list: fromDate/toDate by dateType (FROM_DATE = service date, CREATION_DATE),
    // offset (1-based index) and limit; whole bookings. There is no look-up by clientReference.
    const q = req.query as Record<string, string | undefined>;
    const dateType = q.dateType ?? 'FROM_DATE';
    const from = q.fromDate?.slice(0, 10);
    const to = q.toDate?.slice(0, 10);
    if (!from || !to || !['FROM_DATE', 'CREATION_DATE'].includes(dateType))
      return send(req, rep, c.sc, 'list', err(400, 'fromDate, toDate and dateType (FROM_DATE | CREATION_DATE) are required'));
    const offset = Math.max(Number(q.offset) || 1, 1);
    const limit = Math.min(Math.max(Number(q.limit) || 1, 1), 100);
    const list = [...store.values()].filter((b) => {
      if (c.sc.has('hide-booking', 'list')) return false;
      const day = dateType === 'CREATION_DATE' ? b.created : (b.keys[0]?.at ?? '').slice(0, 10);
      return day >= from && day <= to;
    });
    return send(req, rep, c.sc, 'list', json(200, { bookings: list.slice(offset - 1, offset - 1 + limit).map(bookingBody) }));
  });

  app.delete(`${BASE}/bookings/:lang/reference/:ref`, async (req, rep) => {
    const c = await open(sim, req, rep, 'cancel', 'transfer');
    if (!c) return;
    const b = store.get((req.params as { ref: string }).ref);
    if (!b) return send(req, rep, c.sc, 'cancel', err(404, 'Booking not found'));
    if (b.status === 'CANCELLED') return send(req, rep, c.sc, 'cancel', err(400, 'Booking already cancelled'));
    if ((req.query as { cancellationFlag?: string }).cancellationFlag !== 'SIMULATION') b.status = 'CANCELLED';
    return send(req, rep, c.sc, 'cancel', json(200, { bookings: [bookingBody(b)] }));
  });
}
