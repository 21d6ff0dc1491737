import { randomUUID } from 'node:crypto';
import { addDays, today } from '../core/dates.js';
import { findAirport } from '../core/inventory.js';
import { centsToDecimal } from '../core/prng.js';
import { nextNumber, send } from '../core/sim.js';
import { journeyCents } from './flights.js';
import type { TvContext } from './routes.js';
import { bad, type OfferToken, ok, TRANSACTION_TTL, type X } from './wire.js';

const usd = (cents: number) => ({ amount: Number(centsToDecimal(cents)), currency: 'USD' });
const TITLES = [
  { id: '1', name: 'Mr' },
  { id: '2', name: 'Ms' },
  { id: '3', name: 'Mrs' },
  { id: '4', name: 'Miss' },
];
/** Fields every traveller must fill in, as the documented BeginTransaction lists them (lower case as sent there: "isleader"). */
const REQUIRED = ['travellerId', 'type', 'title', 'name', 'surname', 'isleader', 'birthDate', 'nationality'];

/** Birth dates allowed by passenger type, on the last flight day: adults 12+, children 2–11, infants under 2. */
function window(type: number, lastDay: string) {
  const years = (n: number) => addDays(lastDay, -Math.round(n * 365.25));
  if (type === 3) return { from: addDays(years(2), 1), to: today() };
  if (type === 2) return { from: addDays(years(12), 1), to: years(2) };
  return { from: years(100), to: years(12) };
}

/** A traveller of the transaction in the documented shape (booking.md "BeginTransaction — Response"). */
function traveller(id: number, type: number, lastDay: string, international: boolean) {
  const w = window(type, lastDay);
  return {
    travellerId: String(id),
    type,
    passengerType: type,
    title: type === 1 ? 1 : type === 2 ? 5 : 6,
    availableTitles: TITLES,
    isLeader: id === 1,
    birthDate: '0001-01-01T00:00:00',
    nationality: { twoLetterCode: 'CO' },
    passportInfo: { expireDate: '0001-01-01T00:00:00', issueDate: '0001-01-01T00:00:00', citizenshipCountryCode: '' },
    orderNumber: id,
    birthDateFrom: `${w.from}T00:00:00`,
    birthDateTo: `${w.to}T00:00:00`,
    // International flights need the passport ("passportInfo" is our name for it: the docs show no such case).
    requiredFields: [...REQUIRED, ...(id === 1 ? ['leaderEmail'] : []), ...(international ? ['passportInfo'] : [])],
    status: 0,
  };
}

const lastDayOf = (offers: OfferToken[]) =>
  offers
    .map((o) => o.day)
    .sort()
    .at(-1) as string;
const isInternational = (offers: OfferToken[]) => offers.some((o) => findAirport(o.from)?.country !== findAirport(o.to)?.country);

/** Why a traveller can't be booked: a missing required field or a birth date outside its window. */
function travellerProblem(given: X, expected: X): string | null {
  const required = (expected.requiredFields as string[]) ?? [];
  if (!given.name || !given.surname) return 'Name and surname are required';
  const birth = String(given.birthDate ?? '').slice(0, 10);
  if (
    required.includes('birthDate') &&
    (!birth || birth < String(expected.birthDateFrom).slice(0, 10) || birth > String(expected.birthDateTo).slice(0, 10))
  )
    return `Birth date of traveller ${expected.travellerId} is out of range`;
  const passport = given.passportInfo as X | undefined;
  if (required.includes('passportInfo') && (!passport?.number || !passport.expireDate))
    return `Passport of traveller ${expected.travellerId} is required`;
  return null;
}

/** bookingservice/begintransaction, setreservationinfo and committransaction. */
export function bookingRoutes({ app, sim, open, store, transactions, transactionOf }: TvContext) {
  app.post('/api/bookingservice/begintransaction', async (req, reply) => {
    const c = await open(req, reply, 'quote');
    if (!c) return;
    const ids = ((req.body as X)?.offerIds as unknown[]) ?? [];
    if (!ids.length) return send(req, reply, c.sc, 'quote', bad('InvalidRequest', 'offerIds is required'));
    const offers: OfferToken[] = [];
    for (const id of ids) {
      const t = typeof id === 'string' ? id : String((id as X)?.offerId ?? '');
      const o = c.sc.has('expired-token', 'quote') ? 'expired' : sim.tokens.decode<OfferToken>(t);
      if (o === 'expired') return send(req, reply, c.sc, 'quote', bad('OfferExpired', 'The offer has expired'));
      if (!o) return send(req, reply, c.sc, 'quote', bad('OfferNotFound', 'Offer not found'));
      offers.push(o);
    }
    let cents = journeyCents(offers);
    const changed = c.sc.has('price-change', 'quote');
    if (changed) cents = Math.round(cents * 1.15);
    const { pax } = offers[0];
    const types = [...Array(pax.adt).fill(1), ...Array(pax.chd).fill(2), ...Array(pax.inf).fill(3)] as number[];
    const travellers = types.map((type, i) => traveller(i + 1, type, lastDayOf(offers), isInternational(offers)));
    const transactionId = randomUUID();
    const exp = Date.now() + TRANSACTION_TTL;
    transactions.set(transactionId, { exp, offers, cents, travellers, sc: String(req.headers['x-sim-scenario'] ?? '') });
    const price = usd(cents);
    return send(
      req,
      reply,
      c.sc,
      'quote',
      ok({
        transactionId,
        expiresOn: new Date(exp).toISOString(),
        reservationData: {
          travellers,
          services: offers.map((o, i) => ({
            id: `S${i + 1}`,
            type: 3,
            productType: 3,
            serviceDetails: { flightNo: o.f },
            cancellationPolicies: [
              { beginDate: new Date().toISOString(), dueDate: `${o.day}T00:00:00`, price: usd(Math.round(o.cents * 0.3)) },
            ],
          })),
          // additionalFields.priceChanged as in the documented sample ("0"); "1" when the price moved.
          reservationInfo: { salePrice: price, priceToPay: price, additionalFields: { priceChanged: changed ? '1' : '0' } },
        },
        status: 4,
        transactionType: 0,
      }),
    );
  });

  app.post('/api/bookingservice/setreservationinfo', async (req, reply) => {
    const c = await open(req, reply, 'prebook');
    if (!c) return;
    const b = (req.body ?? {}) as X;
    const t = c.sc.has('expired-token', 'prebook') ? 'expired' : transactionOf(b.transactionId);
    if (t === 'missing') return send(req, reply, c.sc, 'prebook', bad('TransactionNotFound', 'Transaction not found'));
    if (t === 'expired') return send(req, reply, c.sc, 'prebook', bad('TransactionExpired', 'Transaction has expired'));
    const travellers = (b.travellers as X[]) ?? [];
    const expected = (id: unknown) => t.travellers.find((x) => x.travellerId === id);
    if (travellers.length !== t.travellers.length || travellers.some((x) => !expected(x.travellerId)))
      return send(req, reply, c.sc, 'prebook', bad('InvalidTravellers', 'Travellers do not match the transaction'));
    for (const x of travellers) {
      const problem = travellerProblem(x, expected(x.travellerId) as X);
      if (problem) return send(req, reply, c.sc, 'prebook', bad('InvalidTravellers', problem));
    }
    t.info = { agencyReservationNumber: String(b.agencyReservationNumber ?? ''), note: String(b.reservationNote ?? '') };
    t.travellers = travellers.map((x) => ({ ...expected(x.travellerId), ...x }));
    // The documented warning (booking.md SetReservationInfo response): same leader and first flight as a live reservation.
    const leader = travellers.find((x) => x.isLeader) ?? travellers[0];
    const duplicate = [...store.values()].some(
      (r) =>
        r.status !== 2 &&
        r.status !== 3 &&
        r.offers[0]?.f === t.offers[0].f &&
        r.travellers.some((x) => x.isLeader && x.name === leader.name && x.surname === leader.surname),
    );
    const price = usd(t.cents);
    return send(
      req,
      reply,
      c.sc,
      'prebook',
      ok(
        {
          transactionId: b.transactionId,
          expiresOn: new Date(t.exp).toISOString(),
          reservationData: {
            travellers: t.travellers,
            reservationInfo: {
              salePrice: price,
              priceToPay: price,
              agencyPriceToPay: price,
              agencyCommission: { amount: 0, currency: 'USD' },
            },
          },
        },
        duplicate
          ? [
              {
                id: 30000103,
                code: 'DuplicateReservationFound',
                messageType: 4,
                message: 'You have duplicate reservations with the same criteria. Do you want to continue?',
              },
            ]
          : [],
      ),
    );
  });

  app.post('/api/bookingservice/committransaction', async (req, reply) => {
    const c = await open(req, reply, 'book');
    if (!c) return;
    const b = (req.body ?? {}) as X;
    const t = c.sc.has('expired-token', 'book') ? 'expired' : transactionOf(b.transactionId);
    if (t === 'missing') return send(req, reply, c.sc, 'book', bad('TransactionNotFound', 'Transaction not found'));
    if (t === 'expired') return send(req, reply, c.sc, 'book', bad('TransactionExpired', 'Transaction has expired'));
    if (!t.info) return send(req, reply, c.sc, 'book', bad('ReservationInfoRequired', 'Call setreservationinfo first'));
    const number = `SIM${nextNumber(sim, 'tv-res', 700_000)}`;
    const confirmed = !c.sc.has('on-request', 'book');
    store.set(number, {
      number,
      agencyReservationNumber: String(t.info.agencyReservationNumber),
      status: 0,
      confirmation: confirmed ? 1 : 0,
      offers: t.offers,
      travellers: t.travellers,
      totalCents: t.cents,
      note: String(t.info.note),
      created: new Date().toISOString(),
      pnr: number.slice(-6).replace(/\d/g, (d) => 'ABCDEFGHJK'[Number(d)]),
      // Ticketed at once when confirmed (13-digit numbers, airline prefix 134).
      tickets: confirmed
        ? Object.fromEntries(
            t.travellers.map((x, i) => [
              String(x.travellerId),
              `134${String(nextNumber(sim, 'tv-ticket', 2_352_419_500) + i).padStart(10, '0')}`,
            ]),
          )
        : {},
    });
    transactions.delete(String(b.transactionId));
    return send(
      req,
      reply,
      c.sc,
      'book',
      ok({ reservationNumber: number, encryptedReservationNumber: Buffer.from(number).toString('base64'), transactionId: b.transactionId }),
    );
  });
}
