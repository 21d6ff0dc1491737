import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { activityExtras, providerVoucherPdf } from '../core/activity-extras.js';
import { parseDay, today } from '../core/dates.js';
import { activitiesOf, findActivity, findDestination } from '../core/inventory.js';
import { nextNumber, type Payload, type ScenarioSet, type SimContext, send } from '../core/sim.js';
import { type ActBooking, type ActKey, ADULT_FROM, activityBody, bookingBody, money, policy } from './activity-bodies.js';
import { json, open } from './common.js';

const BASE = '/activity-api/3.0';
/** Where the simulator serves the providers' own vouchers (the real ones live on Hotelbeds' hosts). */
const VOUCHERS = `${BASE}/sim-vouchers`;

const err = (status: number, code: string, text: string): Payload => json(status, { errors: [{ code, text }] });

type ConfirmActivity = {
  rateKey?: string;
  paxes?: { age?: unknown; name?: unknown; surname?: unknown; type?: unknown }[];
  session?: unknown;
  serviceLanguage?: unknown;
  language?: unknown;
  answers?: { question?: { code?: unknown }; answer?: unknown }[];
};

/**
 * What the confirmation refuses, as the real API does: paxes not matching the rate or not typed
 * ADULT/CHILDREN by age (the confirm example's codes), a session or service language missing or not
 * offered when details returned them, a mandatory question without an answer. Null when valid.
 */
function confirmError(key: ActKey, act: ConfirmActivity): Payload | null {
  const a = findActivity(key.a);
  if (!a) return err(400, 'INVALID_RATEKEY', 'Invalid rateKey');
  const paxes = act.paxes ?? [];
  if (paxes.length !== key.ages.length) return err(400, 'INVALID_PAXES', 'Paxes do not match the rate');
  for (const [i, p] of paxes.entries()) {
    const expected = key.ages[i] >= ADULT_FROM ? 'ADULT' : 'CHILDREN';
    if (p.type !== expected) return err(400, 'INVALID_PAX_TYPE', `Pax ${i + 1}: type must be ${expected}`);
    if (!String(p.name ?? '').trim() || !String(p.surname ?? '').trim())
      return err(400, 'INVALID_PAXES', `Pax ${i + 1}: name and surname are required`);
  }
  const extras = activityExtras(a);
  if (extras.sessions.length && !extras.sessions.some((s) => s.code === act.session))
    return err(400, 'INVALID_SESSION', 'A session returned by details is required');
  const language = act.serviceLanguage ?? act.language;
  if (extras.languages.length && !extras.languages.some((l) => l.code === language))
    return err(400, 'INVALID_LANGUAGE', 'A service language returned by details is required');
  const answered = new Set((act.answers ?? []).filter((x) => String(x.answer ?? '').trim()).map((x) => String(x.question?.code ?? '')));
  const missing = extras.questions.find((q) => q.required && !answered.has(q.code));
  if (missing) return err(400, 'MANDATORY_QUESTION', `Question ${missing.code} must be answered`);
  return null;
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
    // Paged as documented: `pagination{itemsPerPage,page}` in, `pagination{itemsPerPage,page,totalItems}` out.
    const pg = (body.pagination ?? {}) as { itemsPerPage?: unknown; page?: unknown };
    const perPage = Math.min(Math.max(Number(pg.itemsPerPage) || 100, 1), 100);
    const page = Math.max(Number(pg.page) || 1, 1);
    await reply(
      req,
      rep,
      c.sc,
      'search',
      json(200, {
        operationId: String(nextNumber(sim, 'hb-op')),
        pagination: { itemsPerPage: perPage, page, totalItems: list.length },
        activities: list.slice((page - 1) * perPage, page * perPage),
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
    const acts = (body.activities as ConfirmActivity[] | undefined) ?? [];
    if (!holder?.name || !holder.surname || !clientReference || acts.length !== 1)
      return reply(req, rep, c.sc, 'book', err(400, 'INVALID_REQUEST', 'holder, clientReference and one activity are required'));
    const key = c.sc.has('expired-token', 'book') ? 'expired' : sim.tokens.decode<ActKey>(String(acts[0].rateKey ?? ''));
    if (key === 'expired') return reply(req, rep, c.sc, 'book', err(400, 'RATEKEY_EXPIRED', 'The rateKey has expired'));
    if (!key) return reply(req, rep, c.sc, 'book', err(400, 'INVALID_RATEKEY', 'Invalid rateKey'));
    const refused = confirmError(key, acts[0]);
    if (refused) return reply(req, rep, c.sc, 'book', refused);
    const activity = findActivity(key.a)!;
    const reference = `102-${nextNumber(sim, 'hb-act', 6_112_200)}`;
    const b: ActBooking = {
      reference,
      clientReference,
      status: c.sc.has('on-request', 'book') ? 'PRECONFIRMED' : 'CONFIRMED',
      activity,
      key,
      holder: { name: holder.name, surname: holder.surname },
      paxes: (acts[0].paxes ?? []).map((p, i) => ({
        name: String(p.name),
        surname: String(p.surname),
        age: key.ages[i],
        type: String(p.type),
      })),
      session: typeof acts[0].session === 'string' ? acts[0].session : null,
      language: String(acts[0].serviceLanguage ?? acts[0].language ?? '') || null,
      answers: (acts[0].answers ?? []).map((x) => ({ code: String(x.question?.code ?? ''), answer: String(x.answer ?? '') })),
      created: today(),
      voucherBase: activityExtras(activity).providerVoucher
        ? `${req.protocol}://${req.headers.host}${req.url.slice(0, req.url.indexOf(BASE))}${VOUCHERS}`
        : null,
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
    const started = Date.parse(policy(b.activity, b.key.from, b.key.c)[0].dateFrom) <= Date.now();
    const cents = started ? b.key.c : 0;
    if ((req.query as { cancellationFlag?: string }).cancellationFlag === 'SIMULATION')
      return reply(req, rep, c.sc, 'cancel', json(200, { booking: { ...bookingBody(b), cancelValuationAmount: money(cents) } }));
    b.status = 'CANCELLED';
    b.cancelCents = cents;
    await reply(req, rep, c.sc, 'cancel', json(200, { booking: bookingBody(b) }));
  });

  // The provider's own voucher (PDF with its QR code, or the HTML copy) the booking's `vouchers` point to.
  app.get(`${VOUCHERS}/:file`, async (req, rep) => {
    const m = /^(.+)\.(pdf|html)$/.exec((req.params as { file: string }).file);
    const b = m ? store.get(m[1]) : undefined;
    if (!m || !b?.voucherBase) return rep.code(404).type('text/plain').send('Not found');
    if (m[2] === 'html')
      return rep.type('text/html; charset=utf-8').send(`<html><body><h1>${b.activity.name}</h1><p>QR ${b.reference}</p></body></html>`);
    return rep.type('application/pdf').send(providerVoucherPdf(b.reference, b.activity.name));
  });
}
