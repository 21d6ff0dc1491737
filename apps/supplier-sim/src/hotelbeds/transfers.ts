import type { FastifyInstance, FastifyRequest } from 'fastify';
import { today } from '../core/dates.js';
import { VEHICLES } from '../core/inventory.js';
import { centsToDecimal } from '../core/prng.js';
import { nextNumber, type Payload, type SimContext, send } from '../core/sim.js';
import { areaTransferPrice, isTerminal, type ResolvedPoint, resolvePoint } from '../core/transfer-points.js';
import { json, open } from './common.js';
import { chargeNow, paxesOf, pickupAt, serviceBody, type TrKey } from './transfer-services.js';

/**
 * Hotelbeds Transfer API 1.0 (developer.hotelbeds.com/documentation/transfers/booking-api): availability
 * by IATA/ATLAS/GPS/PORT/STATION points, bookings of one or several rateKeys under one reference,
 * booking detail, the booking list and the documented cancellation (`?simulation=true` only simulates;
 * without it the booking is cancelled — there is no `cancellationFlag` in this API).
 */
const BASE = '/transfer-api/1.0';
const RATE_KEY_TTL = 30 * 60_000;

interface TrBooking {
  reference: string;
  clientReference: string;
  status: 'CONFIRMED' | 'CANCELLED';
  keys: TrKey[];
  details: unknown[][];
  holder: { name: string; surname: string; email: string; phone: string };
  created: string;
  remark: string | null;
  /** Cancellation charges, cents, once cancelled. */
  charge: number;
}

const err = (status: number, message: string, field?: string): Payload =>
  json(status, {
    code: String(status),
    message,
    description: message,
    fieldErrors: field ? [{ code: 'INVALID', field, message }] : [],
    traceId: String(Date.now()),
  });

const TRANSPORTS = ['FLIGHT', 'CRUISE', 'TRAIN'];
const transportFor = (p: ResolvedPoint) => (p.kind === 'port' ? 'CRUISE' : p.kind === 'station' ? 'TRAIN' : 'FLIGHT');

export function transferRoutes(app: FastifyInstance, sim: SimContext) {
  const store = new Map<string, TrBooking>();
  const bookingBody = (b: TrBooking) => {
    const cancelled = b.status === 'CANCELLED';
    const total = cancelled ? b.charge : b.keys.reduce((s, k) => s + k.c, 0);
    return {
      reference: b.reference,
      bookingFileId: null,
      creationDate: b.created,
      status: b.status,
      modificationsPolicies: { cancellation: !cancelled, modification: !cancelled },
      holder: cancelled ? { ...b.holder, name: '', surname: '' } : b.holder,
      transfers: b.keys.map((k, i) => ({
        ...serviceBody(k, i + 1, null),
        rateKey: null,
        status: b.status,
        paxes: paxesOf(k),
        transferDetails: b.details[i],
        sourceMarketEmergencyNumber: '+34971000000',
      })),
      clientReference: b.clientReference,
      remark: b.remark,
      invoiceCompany: { code: 'E14' },
      supplier: { name: 'HOTELBEDS TRANSFERS (SIM)', vatNumber: 'ESB00000000' },
      totalAmount: Number(centsToDecimal(total)),
      totalNetAmount: Number(centsToDecimal(total)),
      pendingAmount: 0,
      currency: b.keys[0].cur,
      links: [],
      paymentDataRequired: false,
    };
  };

  app.get(`${BASE}/status`, async (req, rep) => {
    const c = await open(sim, req, rep, 'test', 'transfer');
    if (!c) return;
    await send(req, rep, c.sc, 'test', json(200, { status: 'OK' }));
  });

  const availability = async (req: FastifyRequest, rep: Parameters<typeof open>[2]) => {
    const c = await open(sim, req, rep, 'search', 'transfer');
    if (!c) return;
    const p = req.params as Record<string, string>;
    const [adults, children, infants] = [Number(p.adults), Number(p.children), Number(p.infants)];
    if (![adults, children, infants].every((n) => Number.isInteger(n) && n >= 0) || adults < 1)
      return send(req, rep, c.sc, 'search', err(400, 'Invalid passengers', 'adults'));
    const dt = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
    const { outbound, inbound } = p;
    if (!dt.test(outbound) || outbound.slice(0, 10) < today())
      return send(req, rep, c.sc, 'search', err(400, 'Invalid outbound date', 'outbound'));
    if (inbound && (!dt.test(inbound) || inbound <= outbound))
      return send(req, rep, c.sc, 'search', err(400, 'Invalid inbound date', 'inbound'));
    const from = resolvePoint(p.fromType, decodeURIComponent(p.fromCode));
    const to = resolvePoint(p.toType, decodeURIComponent(p.toCode));
    if (!from || !to) return send(req, rep, c.sc, 'search', err(400, 'Unknown pickup or drop-off point', from ? 'to' : 'from'));
    if (from.area !== to.area || (from.type === to.type && from.code === to.code))
      return send(req, rep, c.sc, 'search', err(400, 'No service between these points'));
    const pax = adults + children;
    const bump = c.sc.has('price-change', 'search') ? 1.15 : 1;
    // Direction as the API answers it: from a terminal an ARRIVAL, otherwise a DEPARTURE; the return leg swaps.
    const legs = [{ from, to, asked: outbound }, ...(inbound ? [{ from: to, to: from, asked: inbound }] : [])];
    let id = 0;
    const services = c.sc.has('no-avail', 'search')
      ? []
      : legs.flatMap((leg) =>
          VEHICLES.flatMap((v) => {
            const cents = areaTransferPrice(v.id, from.area, pax);
            if (cents === null) return [];
            const key: TrKey = {
              v: v.id,
              dir: isTerminal(leg.from) ? 'ARRIVAL' : 'DEPARTURE',
              from: { type: leg.from.type, code: leg.from.code },
              to: { type: leg.to.type, code: leg.to.code },
              at: pickupAt(leg.from, leg.to, leg.asked),
              asked: leg.asked,
              ad: adults,
              ch: children,
              inf: infants,
              c: Math.round(cents * bump),
              cur: from.area.currency,
            };
            return [serviceBody(key, ++id, sim.tokens.encode(key, RATE_KEY_TTL).token)];
          }),
        );
    if (c.sc.has('absurd-prices', 'search') && services.length > 2) {
      services[0].price.totalAmount = 0;
      services[1].price.totalAmount *= 100;
    }
    const when = (at: string) => ({ date: at.slice(0, 10), time: at.slice(11, 19) });
    return send(
      req,
      rep,
      c.sc,
      'search',
      json(200, {
        search: {
          language: p.lang,
          departure: when(outbound),
          ...(inbound ? { comeBack: when(inbound) } : {}),
          occupancy: { adults, children, infants },
          from: { code: from.code, description: from.name, type: from.type },
          to: { code: to.code, description: to.name, type: to.type },
        },
        services,
      }),
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
    const holder = body.holder as Partial<TrBooking['holder']> | undefined;
    type Item = {
      rateKey?: string;
      transferDetails?: { type?: string; direction?: string; code?: string; companyName?: string }[];
      pickupInformation?: Record<string, string>;
    };
    const transfers = (body.transfers as Item[] | undefined) ?? [];
    const clientReference = String(body.clientReference ?? '');
    const bad = (m: string, field?: string) => send(req, rep, c.sc, 'book', err(400, m, field));
    if (!holder?.name || !holder.surname || !holder.email || !holder.phone || !clientReference || !transfers.length)
      return bad('holder (name, surname, email, phone), clientReference and transfers are required');
    if (!/^\+\d{6,15}$/.test(holder.phone)) return bad('The phone must be in E.164 format', 'holder.phone');
    const keys: TrKey[] = [];
    const details: unknown[][] = [];
    for (const t of transfers) {
      const k = c.sc.has('expired-token', 'book') ? 'expired' : sim.tokens.decode<TrKey>(String(t.rateKey ?? ''));
      if (k === 'expired') return bad('The rateKey has expired', 'rateKey');
      if (!k) return bad('Invalid rateKey', 'rateKey');
      if (keys.some((x) => JSON.stringify(x) === JSON.stringify(k))) return bad('The same rateKey twice', 'rateKey');
      const from = resolvePoint(k.from.type, k.from.code) as ResolvedPoint;
      const to = resolvePoint(k.to.type, k.to.code) as ResolvedPoint;
      const list = Array.isArray(t.transferDetails) ? t.transferDetails : [];
      const terminal = isTerminal(from) ? from : isTerminal(to) ? to : null;
      if (terminal) {
        const d = list.find((x) => x.direction === k.dir);
        if (!d?.code || !TRANSPORTS.includes(String(d.type)))
          return bad(`transferDetails with the ${transportFor(terminal)} number is required for the ${k.dir} service`, 'transferDetails');
      }
      if (k.from.type === 'GPS') {
        const pi = t.pickupInformation ?? {};
        if (!['name', 'address', 'town', 'country', 'zip'].every((f) => pi[f]))
          return bad('pickupInformation is required for GPS pickups', 'pickupInformation');
      }
      keys.push(k);
      details.push(list.map((x) => ({ type: x.type, direction: x.direction, code: x.code, companyName: x.companyName ?? null })));
    }
    const b: TrBooking = {
      reference: `1-${nextNumber(sim, 'hb-tr', 3_000_000)}`,
      clientReference,
      status: 'CONFIRMED',
      keys,
      details,
      holder: { name: holder.name, surname: holder.surname, email: holder.email, phone: holder.phone },
      created: today(),
      remark: typeof body.remark === 'string' ? body.remark : null,
      charge: 0,
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

  // Documented Booking Cancellation: `?simulation=true` simulates; anything else (no parameter — or a
  // parameter this API does not know, such as the hotel API's cancellationFlag) CANCELS. The reply has the
  // booking-detail shape with the changed status and the charges as totalAmount.
  app.delete(`${BASE}/bookings/:lang/reference/:ref`, async (req, rep) => {
    const c = await open(sim, req, rep, 'cancel', 'transfer');
    if (!c) return;
    const b = store.get((req.params as { ref: string }).ref);
    if (!b) return send(req, rep, c.sc, 'cancel', err(404, 'Booking not found'));
    if (b.status === 'CANCELLED') return send(req, rep, c.sc, 'cancel', err(400, 'Booking already cancelled'));
    const charge = b.keys.reduce((s, k) => s + chargeNow(k), 0);
    const simulation = String((req.query as { simulation?: string }).simulation ?? '').toLowerCase() === 'true';
    const result: TrBooking = { ...b, status: 'CANCELLED', charge };
    if (!simulation) store.set(b.reference, result);
    return send(req, rep, c.sc, 'cancel', json(200, { bookings: [bookingBody(result)] }));
  });
}
