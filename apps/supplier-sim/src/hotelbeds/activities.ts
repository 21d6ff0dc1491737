import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { addDays, parseDay, today } from '../core/dates.js';
import { type Activity, activitiesOf, findActivity, findDestination } from '../core/inventory.js';
import { centsToDecimal } from '../core/prng.js';
import { nextNumber, type Payload, type ScenarioSet, type SimContext, send } from '../core/sim.js';
import { json, open } from './common.js';

const BASE = '/activity-api/3.0';
const RATE_KEY_TTL = 30 * 60_000;

interface ActKey extends Record<string, unknown> {
  a: string;
  m: string;
  from: string;
  to: string;
  ages: number[];
  c: number;
}

interface ActBooking {
  reference: string;
  clientReference: string;
  status: 'CONFIRMED' | 'CANCELLED' | 'PRECONFIRMED';
  activity: Activity;
  key: ActKey;
  holder: { name: string; surname: string };
  created: string;
  cancelCents?: number;
}

const err = (status: number, code: string, text: string): Payload => json(status, { errors: [{ code, text }] });

function priceOf(modality: Activity['modalities'][number], ages: number[]) {
  return ages.reduce((s, age) => s + (age >= 12 ? modality.adultCents : age >= 3 ? modality.childCents : 0), 0);
}

function policy(a: Activity, key: ActKey) {
  return [{ dateFrom: `${addDays(key.from, -a.freeCancelDays)}T00:00:00-05:00`, amount: Number(centsToDecimal(key.c)) }];
}

function activityBody(sim: SimContext, a: Activity, from: string, to: string, ages: number[], bump: number) {
  const cur = a.destination.currency;
  return {
    code: a.code,
    name: a.name,
    currency: cur,
    type: 'TICKET',
    amountsFrom: [{ paxType: 'ADULT', ageFrom: 12, ageTo: 99, amount: Number(centsToDecimal(a.modalities[0].adultCents)) }],
    modalities: a.modalities.map((m) => {
      const c = Math.round(priceOf(m, ages) * bump);
      const key: ActKey = { a: a.code, m: m.code, from, to, ages, c };
      return {
        code: m.code,
        name: m.name,
        duration: { value: Number.parseInt(m.duration, 10), metric: 'HOURS' },
        amountsFrom: [
          { paxType: 'ADULT', ageFrom: 12, ageTo: 99, amount: Number(centsToDecimal(m.adultCents)) },
          { paxType: 'CHILD', ageFrom: 3, ageTo: 11, amount: Number(centsToDecimal(m.childCents)) },
        ],
        rates: [
          {
            rateCode: 'STANDARD',
            rateDetails: [
              {
                rateKey: sim.tokens.encode(key, RATE_KEY_TTL).token,
                operationDates: [{ from, to, cancellationPolicies: policy(a, key) }],
                totalAmount: { amount: Number(centsToDecimal(c)), currency: cur },
                paxAmounts: ages.map((age) => ({
                  paxType: age >= 12 ? 'ADULT' : 'CHILD',
                  ageFrom: age,
                  ageTo: age,
                  amount: Number(centsToDecimal(age >= 12 ? m.adultCents : age >= 3 ? m.childCents : 0)),
                })),
              },
            ],
          },
        ],
      };
    }),
  };
}

function bookingBody(b: ActBooking) {
  const m = b.activity.modalities.find((x) => x.code === b.key.m)!;
  const cur = b.activity.destination.currency;
  return {
    reference: b.reference,
    clientReference: b.clientReference,
    creationDate: b.created,
    status: b.status,
    currency: cur,
    total: Number(centsToDecimal(b.key.c)),
    totalNet: Number(centsToDecimal(b.key.c)),
    pendingAmount: b.status === 'CANCELLED' ? 0 : Number(centsToDecimal(b.key.c)),
    holder: b.holder,
    ...(b.cancelCents !== undefined ? { cancelValuationAmount: Number(centsToDecimal(b.cancelCents)) } : {}),
    activities: [
      {
        id: `${b.reference}#T#1`,
        status: b.status,
        code: b.activity.code,
        name: b.activity.name,
        modality: { code: m.code, name: m.name },
        dateFrom: b.key.from,
        dateTo: b.key.to,
        amountDetail: { totalAmount: { amount: Number(centsToDecimal(b.key.c)), currency: cur } },
        cancellationPolicies: policy(b.activity, b.key),
        providerInformation: { name: 'Proveedor local (sim)' },
      },
    ],
  };
}

function readSearch(body: Record<string, unknown>): { from: string; to: string; ages: number[] } | string {
  const from = String(body.from ?? '');
  const to = String(body.to ?? '');
  if (!parseDay(from) || !parseDay(to) || to < from || from < today()) return 'Invalid dates';
  const paxes = Array.isArray(body.paxes) ? (body.paxes as { age?: unknown }[]) : [];
  const ages = paxes.map((p) => Number(p.age ?? 30));
  if (!ages.length || ages.some((a) => !Number.isInteger(a) || a < 0 || a > 120)) return 'paxes is required';
  return { from, to, ages };
}

export function activityRoutes(app: FastifyInstance, sim: SimContext) {
  const store = new Map<string, ActBooking>();
  const reply = (req: FastifyRequest, rep: FastifyReply, sc: ScenarioSet, op: Parameters<typeof send>[3], p: Payload) =>
    send(req, rep, sc, op, p);

  app.get(`${BASE}/status`, async (req, rep) => {
    const c = await open(sim, req, rep, 'test', 'activity');
    if (!c) return;
    await reply(req, rep, c.sc, 'test', json(200, { status: 'OK' }));
  });

  app.post(`${BASE}/activities`, async (req, rep) => {
    const c = await open(sim, req, rep, 'search', 'activity');
    if (!c) return;
    const body = (req.body ?? {}) as Record<string, unknown>;
    const s = readSearch(body);
    if (typeof s === 'string') return reply(req, rep, c.sc, 'search', err(400, 'INVALID_REQUEST', s));
    const items = ((body.filters as { searchFilterItems?: { type?: string; value?: string }[] }[] | undefined) ?? []).flatMap(
      (f) => f.searchFilterItems ?? [],
    );
    const dest = findDestination(String(items.find((i) => i.type === 'destination')?.value ?? ''));
    if (!dest) return reply(req, rep, c.sc, 'search', err(400, 'INVALID_DESTINATION', 'Destination is required'));
    const list = c.sc.has('no-avail', 'search')
      ? []
      : activitiesOf(dest).map((a) => activityBody(sim, a, s.from, s.to, s.ages, c.sc.has('price-change', 'search') ? 1.15 : 1));
    if (c.sc.has('absurd-prices', 'search') && list.length > 2) {
      list[0].modalities[0].rates[0].rateDetails[0].totalAmount.amount = 0;
      list[1].modalities[0].rates[0].rateDetails[0].totalAmount.amount *= 100;
    }
    await reply(
      req,
      rep,
      c.sc,
      'search',
      json(200, {
        operationId: String(nextNumber(sim, 'hb-op')),
        pagination: { itemsPerPage: 100, page: 1, totalItems: list.length },
        activities: list,
      }),
    );
  });

  app.post(`${BASE}/activities/details`, async (req, rep) => {
    const c = await open(sim, req, rep, 'quote', 'activity');
    if (!c) return;
    const body = (req.body ?? {}) as Record<string, unknown>;
    const s = readSearch(body);
    if (typeof s === 'string') return reply(req, rep, c.sc, 'quote', err(400, 'INVALID_REQUEST', s));
    const a = findActivity(String(body.code ?? ''));
    if (!a) return reply(req, rep, c.sc, 'quote', err(404, 'ACTIVITY_NOT_FOUND', 'Activity not found'));
    await reply(
      req,
      rep,
      c.sc,
      'quote',
      json(200, {
        operationId: String(nextNumber(sim, 'hb-op')),
        activity: activityBody(sim, a, s.from, s.to, s.ages, c.sc.has('price-change', 'quote') ? 1.15 : 1),
      }),
    );
  });

  app.put(`${BASE}/bookings`, async (req, rep) => {
    const c = await open(sim, req, rep, 'book', 'activity');
    if (!c) return;
    const body = (req.body ?? {}) as Record<string, unknown>;
    const holder = body.holder as { name?: string; surname?: string } | undefined;
    const clientReference = String(body.clientReference ?? '');
    const acts = (body.activities as { rateKey?: string; paxes?: unknown[] }[] | undefined) ?? [];
    if (!holder?.name || !holder.surname || !clientReference || acts.length !== 1)
      return reply(req, rep, c.sc, 'book', err(400, 'INVALID_REQUEST', 'holder, clientReference and one activity are required'));
    const key = c.sc.has('expired-token', 'book') ? 'expired' : sim.tokens.decode<ActKey>(String(acts[0].rateKey ?? ''));
    if (key === 'expired') return reply(req, rep, c.sc, 'book', err(400, 'RATEKEY_EXPIRED', 'The rateKey has expired'));
    if (!key) return reply(req, rep, c.sc, 'book', err(400, 'INVALID_RATEKEY', 'Invalid rateKey'));
    if ((acts[0].paxes ?? []).length !== key.ages.length)
      return reply(req, rep, c.sc, 'book', err(400, 'INVALID_PAXES', 'Paxes do not match the rate'));
    const b: ActBooking = {
      reference: `102-${nextNumber(sim, 'hb-act', 6_112_200)}`,
      clientReference,
      status: c.sc.has('on-request', 'book') ? 'PRECONFIRMED' : 'CONFIRMED',
      activity: findActivity(key.a)!,
      key,
      holder: { name: holder.name, surname: holder.surname },
      created: today(),
    };
    store.set(b.reference, b);
    await reply(req, rep, c.sc, 'book', json(200, { operationId: String(nextNumber(sim, 'hb-op')), booking: bookingBody(b) }));
  });

  app.get(`${BASE}/bookings/:lang/:ref`, async (req, rep) => {
    const c = await open(sim, req, rep, 'read', 'activity');
    if (!c) return;
    const b = store.get((req.params as { ref: string }).ref);
    if (!b) return reply(req, rep, c.sc, 'read', err(404, 'BOOKING_NOT_FOUND', 'Booking not found'));
    await reply(req, rep, c.sc, 'read', json(200, { booking: bookingBody(b) }));
  });

  // The documented booking list: `start`, `end` and `filterType` (CHECKIN | CREATION | CANCELLATION)
  // are mandatory, cancelled bookings only with `includedCancelled=true`, paged; items are summaries
  // (no activities: the detail has them). There is no look-up by clientReference.
  app.get(`${BASE}/bookings/:lang`, async (req, rep) => {
    const c = await open(sim, req, rep, 'list', 'activity');
    if (!c) return;
    const q = req.query as Record<string, string | undefined>;
    const filterType = q.filterType ?? 'CHECKIN';
    if (!q.start || !q.end || !parseDay(q.start) || !parseDay(q.end) || !['CHECKIN', 'CREATION', 'CANCELLATION'].includes(filterType))
      return reply(req, rep, c.sc, 'list', err(400, 'INVALID_REQUEST', 'start, end (yyyy-MM-dd) and filterType are required'));
    const perPage = Math.min(Math.max(Number(q.itemsPerPage) || 10, 1), 100);
    const page = Math.max(Number(q.page) || 1, 1);
    const list = [...store.values()].filter((b) => {
      if (c.sc.has('hide-booking', 'list')) return false;
      if (b.status === 'CANCELLED' && q.includedCancelled !== 'true') return false;
      const day = filterType === 'CREATION' ? b.created : filterType === 'CHECKIN' ? b.key.from : b.status === 'CANCELLED' ? b.created : '';
      return day >= q.start! && day <= q.end!;
    });
    const items = list.slice((page - 1) * perPage, page * perPage).map((b) => {
      const { activities: _a, ...summary } = bookingBody(b) as Record<string, unknown>;
      return summary;
    });
    await reply(
      req,
      rep,
      c.sc,
      'list',
      json(200, {
        operationId: String(nextNumber(sim, 'hb-op')),
        bookings: items,
        pagination: { itemsPerPage: perPage, page, totalItems: list.length },
      }),
    );
  });

  app.delete(`${BASE}/bookings/:lang/:ref`, async (req, rep) => {
    const c = await open(sim, req, rep, 'cancel', 'activity');
    if (!c) return;
    const b = store.get((req.params as { ref: string }).ref);
    if (!b) return reply(req, rep, c.sc, 'cancel', err(404, 'BOOKING_NOT_FOUND', 'Booking not found'));
    if (b.status === 'CANCELLED') return reply(req, rep, c.sc, 'cancel', err(400, 'BOOKING_CANCELLED', 'Booking already cancelled'));
    const started = Date.parse(policy(b.activity, b.key)[0].dateFrom) <= Date.now();
    const cents = started ? b.key.c : 0;
    if ((req.query as { cancellationFlag?: string }).cancellationFlag === 'SIMULATION')
      return reply(
        req,
        rep,
        c.sc,
        'cancel',
        json(200, { booking: { ...bookingBody(b), cancelValuationAmount: Number(centsToDecimal(cents)) } }),
      );
    b.status = 'CANCELLED';
    b.cancelCents = cents;
    await reply(req, rep, c.sc, 'cancel', json(200, { booking: bookingBody(b) }));
  });
}
