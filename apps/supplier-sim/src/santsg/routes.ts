import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { addDays, parseDay, today } from '../core/dates.js';
import { type Airport, checkInDates, findAirport, flightsOn, type GeneratedFlight } from '../core/inventory.js';
import { centsToDecimal } from '../core/prng.js';
import {
  nextNumber,
  type Payload,
  prelude,
  SANDBOX_SECRET,
  type ScenarioSet,
  type SimContext,
  type SimOperation,
  scenariosOf,
  send,
} from '../core/sim.js';

const TOKEN_TTL = 60 * 60_000;
const SEARCH_TTL = 30 * 60_000;
const TRANSACTION_TTL = 20 * 60_000;

type X = Record<string, unknown>;

function envelope(body: unknown, ok = true, messages?: { code: string; message: string; messageType: number }[]): string {
  return JSON.stringify({
    header: {
      requestId: randomUUID(),
      success: ok,
      responseTime: new Date().toISOString(),
      // As documented (docs.santsg.com booking examples): id 10000000, code OperationCompleted, messageType 2.
      messages: messages?.map((m, i) => ({ id: i + 1, ...m })) ?? [
        { id: 10000000, code: 'OperationCompleted', messageType: 2, message: 'Operation was completed successfully' },
      ],
    },
    body: ok ? body : undefined,
  });
}
const ok = (body: unknown): Payload => ({ status: 200, contentType: 'application/json', body: envelope(body) });
const bad = (code: string, message: string, status = 200): Payload => ({
  status,
  contentType: 'application/json',
  body: envelope(null, false, [{ code, message, messageType: 1 }]),
});

interface OfferToken extends Record<string, unknown> {
  f: string;
  from: string;
  to: string;
  day: string;
  route: number;
  cents: number;
  pkg: boolean;
  cabin: 'economy' | 'business';
  pax: { adt: number; chd: number; inf: number };
}

interface Reservation {
  number: string;
  agencyReservationNumber: string;
  status: number;
  confirmation: number;
  offers: OfferToken[];
  travellers: X[];
  totalCents: number;
  note: string;
  created: string;
}

const isPackaged = (f: GeneratedFlight) => f.airline.packaged;

function segment(f: GeneratedFlight, route: number, cabin: string) {
  const place = (a: Airport, date: string) => ({
    airport: { id: a.code, code: a.code, name: a.name },
    city: { id: a.cityCode, name: a.city },
    country: { id: a.country },
    date,
  });
  return {
    flightNo: f.flightNo,
    flightDate: f.departure,
    airline: { id: f.airline.code, name: f.airline.name },
    marketingAirline: { id: f.airline.code, name: f.airline.name },
    departure: place(f.from, f.departure),
    arrival: place(f.to, f.arrival),
    flightClass: {
      type: cabin === 'business' ? 2 : 1,
      id: cabin === 'business' ? 'C' : 'Y',
      name: cabin === 'business' ? 'BUSINESS' : 'ECONOMY',
    },
    route,
    stopCount: f.stops,
    baggageInformations: [{ baggagePiece: cabin === 'business' ? 2 : 1, weight: 23, unitType: 1, passengerType: 1 }],
  };
}

function fareCents(f: GeneratedFlight, cabin: 'economy' | 'business', pax: OfferToken['pax']): number {
  const base = f.fares[cabin];
  return base * pax.adt + Math.round(base * 0.75) * pax.chd + Math.round(base * 0.1) * pax.inf + 2_500 * (pax.adt + pax.chd);
}

export function santsgRoutes(app: FastifyInstance, sim: SimContext) {
  const store = sim.bookings.santsg as unknown as Map<string, Reservation>;
  const transactions = new Map<string, { exp: number; offers: OfferToken[]; cents: number; travellers: X[]; info?: X; sc: string }>();

  async function open(req: FastifyRequest, reply: FastifyReply, op: SimOperation): Promise<{ sc: ScenarioSet } | null> {
    const auth = String(req.headers.authorization ?? '');
    const token = auth.startsWith('Bearer ') ? sim.tokens.decode<{ u: string }>(auth.slice(7)) : null;
    const sc = scenariosOf(req, token && token !== 'expired' ? token.u : undefined);
    if (!token || token === 'expired') {
      await send(
        req,
        reply,
        sc,
        op,
        bad('Unauthorized', token === 'expired' ? 'Token expired' : 'Authorization has been denied for this request.', 401),
      );
      return null;
    }
    const server = () => bad('InternalServerError', 'An error has occurred.', 500);
    const quota = () => bad('TooManyRequests', 'Request limit exceeded', 429);
    if (await prelude(sim, 'santsg', req, reply, sc, op, { server, quota })) return null;
    return { sc };
  }

  app.post('/api/authenticationservice/login', async (req, reply) => {
    const b = (req.body ?? {}) as X;
    const user = String(b.User ?? '');
    const sc = scenariosOf(req, user);
    if (!b.Agency || !user || b.Password !== SANDBOX_SECRET)
      return send(req, reply, sc, 'login', bad('InvalidCredentials', 'Agency, user or password is wrong'));
    if (
      await prelude(sim, 'santsg', req, reply, sc, 'login', {
        server: () => bad('InternalServerError', 'error', 500),
        quota: () => bad('TooManyRequests', 'limit', 429),
      })
    )
      return;
    const t = sim.tokens.encode({ u: user, a: String(b.Agency) }, sim.options.santsgTokenTtlMs ?? TOKEN_TTL);
    // A server clock ahead of ours makes a token die before the expiresOn it reports.
    const reported = new Date(t.expiresAt.getTime() + (sim.options.santsgClockSkewMs ?? 0));
    return send(
      req,
      reply,
      sc,
      'login',
      ok({
        token: t.token,
        expiresOn: reported.toISOString(),
        tokenId: nextNumber(sim, 'tv-token'),
        userInfo: { agency: { code: b.Agency }, office: { code: 'SIM' }, operator: { code: 'SIM' }, market: { code: 'INT' } },
      }),
    );
  });

  app.post('/api/productservice/getcheckindates', async (req, reply) => {
    const c = await open(req, reply, 'search');
    if (!c) return;
    const b = (req.body ?? {}) as X;
    const first = (v: unknown) => ((v as X[]) ?? [])[0] ?? {};
    const from = findAirport(String(first(b.DepartureLocations).Id ?? first(b.DepartureLocations).id ?? ''));
    const to = findAirport(String(first(b.ArrivalLocations).Id ?? first(b.ArrivalLocations).id ?? ''));
    if (!from || !to) return send(req, reply, c.sc, 'search', bad('InvalidLocation', 'Unknown location'));
    return send(req, reply, c.sc, 'search', ok({ dates: checkInDates(from, to, today()).map((d) => `${d}T00:00:00`) }));
  });

  app.post('/api/productservice/pricesearch', async (req, reply) => {
    const c = await open(req, reply, 'search');
    if (!c) return;
    const b = (req.body ?? {}) as X;
    // Field names in either case, as the documented samples mix them (OneWay `ServiceTypes`, Multicity `serviceTypes`).
    const field = (name: string) => b[name] ?? b[name.charAt(0).toLowerCase() + name.slice(1)];
    const services = (field('ServiceTypes') as string[]) ?? [];
    const roundTrip = services.includes('2');
    const multiCity = services.includes('3');
    const list = (v: unknown) => (Array.isArray(v) ? (v as X[]) : []);
    const locId = (x: X | undefined) => String(x?.id ?? x?.Id ?? '');
    const deps = list(field('DepartureLocations'));
    const arrs = list(field('ArrivalLocations'));
    // Multicity: checkIns and locations in leg order (documented "Multicity Request Sample").
    const legs = multiCity
      ? list(field('CheckIns')).map((d, i) => ({
          day: String(d ?? '').slice(0, 10),
          from: findAirport(locId(deps[i])),
          to: findAirport(locId(arrs[i])),
        }))
      : [{ day: String(field('CheckIn') ?? '').slice(0, 10), from: findAirport(locId(deps[0])), to: findAirport(locId(arrs[0])) }];
    if (multiCity && (legs.length < 2 || legs.length > 6 || deps.length !== legs.length || arrs.length !== legs.length))
      return send(req, reply, c.sc, 'search', bad('InvalidRequest', 'Multicity needs 2..6 check-ins with their locations'));
    for (const leg of legs) {
      if (!parseDay(leg.day) || leg.day < today()) return send(req, reply, c.sc, 'search', bad('InvalidCheckIn', 'CheckIn is not valid'));
      if (!leg.from || !leg.to || leg.from.code === leg.to.code)
        return send(req, reply, c.sc, 'search', bad('InvalidLocation', 'Unknown location'));
    }
    const { day } = legs[0];
    const from = legs[0].from as NonNullable<(typeof legs)[0]['from']>;
    const to = legs[0].to as NonNullable<(typeof legs)[0]['to']>;
    const passengers = (field('Passengers') as { type: number; count: number }[]) ?? [];
    const pax = {
      adt: passengers.find((p) => p.type === 1)?.count ?? 0,
      chd: passengers.find((p) => p.type === 2)?.count ?? 0,
      inf: passengers.find((p) => p.type === 3)?.count ?? 0,
    };
    if (pax.adt < 1 || pax.adt + pax.chd > 9 || pax.inf > pax.adt)
      return send(req, reply, c.sc, 'search', bad('InvalidPassengers', 'Passengers are not valid'));
    const nights = Number(b.Night ?? 0);
    if (roundTrip && (!Number.isInteger(nights) || nights < 1 || nights > 60))
      return send(req, reply, c.sc, 'search', bad('InvalidNight', 'Night is required for round trips'));
    const classes = (b.flightClasses as number[] | undefined) ?? [1];
    const cabins: ('economy' | 'business')[] = classes.includes(2) ? ['business'] : ['economy'];
    const exp = new Date(Date.now() + SEARCH_TTL).toISOString();
    const build = (f: GeneratedFlight, route: number, cabin: 'economy' | 'business', partnerCents?: number) => {
      const cents = fareCents(f, cabin, pax);
      const pkg = roundTrip && isPackaged(f);
      const price = pkg && partnerCents ? Math.max(cents, partnerCents) + Math.round(Math.min(cents, partnerCents) * 0.6) : cents;
      const token = sim.tokens.encode(
        {
          f: f.id,
          from: f.from.code,
          to: f.to.code,
          day: f.departure.slice(0, 10),
          route,
          cents: price,
          pkg,
          cabin,
          pax,
        } satisfies OfferToken,
        SEARCH_TTL,
      );
      // Packaged fares pair only within their airline; other fares also combine across airlines (interline).
      const groupKeys = multiCity
        ? ['-']
        : roundTrip
          ? pkg
            ? [`${f.airline.code}-${cabin}-PKG`]
            : [`${f.airline.code}-${cabin}`, `INTERLINE-${cabin}`]
          : [];
      return {
        // Round-trip and multicity offers (flightResponseListType 3) carry only offerIds per group key.
        ...(roundTrip || multiCity
          ? { offerIds: groupKeys.map((groupKey) => ({ groupKey, offerId: token.token })) }
          : { offerId: token.token }),
        expiresOn: exp,
        price: { amount: Number(centsToDecimal(price)), currency: 'USD' },
        singleAdultPrice: { amount: Number(centsToDecimal(f.fares[cabin])), currency: 'USD' },
        priceBreakDown: {
          items: [
            {
              passengerType: 1,
              passengerCount: pax.adt,
              price: { amount: Number(centsToDecimal(f.fares[cabin])), currency: 'USD' },
              airportTax: { amount: 25, currency: 'USD' },
            },
            ...(pax.chd
              ? [
                  {
                    passengerType: 2,
                    passengerCount: pax.chd,
                    price: { amount: Number(centsToDecimal(Math.round(f.fares[cabin] * 0.75))), currency: 'USD' },
                  },
                ]
              : []),
            ...(pax.inf
              ? [
                  {
                    passengerType: 3,
                    passengerCount: pax.inf,
                    price: { amount: Number(centsToDecimal(Math.round(f.fares[cabin] * 0.1))), currency: 'USD' },
                  },
                ]
              : []),
          ],
        },
        groupKeys,
        isPackageOffer: pkg,
        seatInfo: { availableSeatCount: 9, showSeatInfo: true },
        flightBrandInfo: { id: cabin === 'business' ? 'BIZ' : 'LIGHT', name: cabin === 'business' ? 'Business' : 'Light' },
        reservableInfo: { reservable: true },
      };
    };
    if (c.sc.has('no-avail', 'search'))
      return send(req, reply, c.sc, 'search', ok({ searchId: randomUUID(), expiresOn: exp, flights: [] }));
    if (multiCity) {
      const flights = legs.flatMap((leg, i) =>
        flightsOn(leg.from as typeof from, leg.to as typeof to, leg.day).flatMap((f) =>
          cabins.map((cabin) => ({
            provider: 'SIM',
            id: f.id,
            items: [{ ...segment(f, 1, cabin), segmentNumber: i + 1 }],
            offers: [build(f, i + 1, cabin)],
          })),
        ),
      );
      return send(
        req,
        reply,
        c.sc,
        'search',
        ok({ searchId: randomUUID(), expiresOn: exp, flights, details: { flightResponseListType: 3, enablePaging: false } }),
      );
    }
    const outbound = flightsOn(from, to, day);
    const back = roundTrip ? flightsOn(to, from, addDays(day, nights)) : [];
    const flights = [
      ...outbound.flatMap((f) =>
        cabins.map((cabin) => {
          const partner = back.find((r) => r.airline.code === f.airline.code);
          return {
            provider: 'SIM',
            id: f.id,
            items: [segment(f, 1, cabin)],
            offers: [build(f, 1, cabin, partner ? fareCents(partner, cabin, pax) : undefined)],
          };
        }),
      ),
      ...back.flatMap((f) =>
        cabins.map((cabin) => {
          const partner = outbound.find((o) => o.airline.code === f.airline.code);
          return {
            provider: 'SIM',
            id: f.id,
            items: [segment(f, 2, cabin)],
            offers: [build(f, 2, cabin, partner ? fareCents(partner, cabin, pax) : undefined)],
          };
        }),
      ),
    ];
    if (c.sc.has('absurd-prices', 'search') && flights.length > 2) {
      flights[0].offers[0].price.amount = 0;
      flights[1].offers[0].price.amount = flights[1].offers[0].price.amount * 100;
    }
    return send(req, reply, c.sc, 'search', ok({ searchId: randomUUID(), expiresOn: exp, flights }));
  });

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
    let cents =
      offers.every((o) => o.pkg) && offers.length === 2 ? Math.max(...offers.map((o) => o.cents)) : offers.reduce((s, o) => s + o.cents, 0);
    if (c.sc.has('price-change', 'quote')) cents = Math.round(cents * 1.15);
    const pax = offers[0].pax;
    const travellers = [
      ...Array.from({ length: pax.adt }, () => ({ passengerType: 1, type: 1 })),
      ...Array.from({ length: pax.chd }, () => ({ passengerType: 2, type: 2 })),
      ...Array.from({ length: pax.inf }, () => ({ passengerType: 3, type: 3 })),
    ].map((t, i) => ({
      travellerId: String(i + 1),
      ...t,
      isLeader: i === 0,
      availableTitles: [
        { id: '1', code: 'Mr' },
        { id: '2', code: 'Ms' },
      ],
    }));
    const transactionId = randomUUID();
    const exp = Date.now() + TRANSACTION_TTL;
    transactions.set(transactionId, { exp, offers, cents, travellers, sc: String(req.headers['x-sim-scenario'] ?? '') });
    const price = { amount: Number(centsToDecimal(cents)), currency: 'USD' };
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
            serviceDetails: { flightNo: o.f },
            cancellationPolicies: [
              {
                beginDate: new Date().toISOString(),
                dueDate: `${o.day}T00:00:00`,
                price: { amount: Number(centsToDecimal(Math.round(o.cents * 0.3))), currency: 'USD' },
              },
            ],
          })),
          reservationInfo: { salePrice: price, priceToPay: price },
        },
      }),
    );
  });

  const transactionOf = (id: unknown) => {
    const t = transactions.get(String(id ?? ''));
    if (!t) return 'missing' as const;
    if (t.exp < Date.now()) return 'expired' as const;
    return t;
  };

  app.post('/api/bookingservice/setreservationinfo', async (req, reply) => {
    const c = await open(req, reply, 'prebook');
    if (!c) return;
    const b = (req.body ?? {}) as X;
    const t = c.sc.has('expired-token', 'prebook') ? 'expired' : transactionOf(b.transactionId);
    if (t === 'missing') return send(req, reply, c.sc, 'prebook', bad('TransactionNotFound', 'Transaction not found'));
    if (t === 'expired') return send(req, reply, c.sc, 'prebook', bad('TransactionExpired', 'Transaction has expired'));
    const travellers = (b.travellers as X[]) ?? [];
    if (
      travellers.length !== t.travellers.length ||
      travellers.some((x) => !x.name || !x.surname || !t.travellers.some((tt) => tt.travellerId === x.travellerId))
    )
      return send(req, reply, c.sc, 'prebook', bad('InvalidTravellers', 'Travellers do not match the transaction'));
    t.info = { agencyReservationNumber: String(b.agencyReservationNumber ?? ''), note: String(b.reservationNote ?? '') };
    t.travellers = travellers;
    const price = { amount: Number(centsToDecimal(t.cents)), currency: 'USD' };
    return send(
      req,
      reply,
      c.sc,
      'prebook',
      ok({
        transactionId: b.transactionId,
        reservationData: {
          travellers,
          reservationInfo: {
            salePrice: price,
            priceToPay: price,
            agencyPriceToPay: price,
            agencyCommission: { amount: 0, currency: 'USD' },
          },
        },
      }),
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
    store.set(number, {
      number,
      agencyReservationNumber: String(t.info.agencyReservationNumber),
      status: 0,
      confirmation: c.sc.has('on-request', 'book') ? 0 : 1,
      offers: t.offers,
      travellers: t.travellers,
      totalCents: t.cents,
      note: String(t.info.note),
      created: new Date().toISOString(),
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

  const detail = (r: Reservation) => {
    const price = { amount: Number(centsToDecimal(r.totalCents)), currency: 'USD' };
    return {
      reservationNumber: r.number,
      encryptedReservationNumber: Buffer.from(r.number).toString('base64'),
      reservationData: {
        travellers: r.travellers,
        services: r.offers.map((o, i) => {
          const f = flightsOn(findAirport(o.from)!, findAirport(o.to)!, o.day).find((x) => x.id === o.f);
          return {
            id: `S${i + 1}`,
            type: 3,
            route: o.route,
            segments: f ? [segment(f, o.route, o.cabin)] : [],
            cancellationPolicies: [
              {
                beginDate: r.created,
                dueDate: `${o.day}T00:00:00`,
                price: { amount: Number(centsToDecimal(Math.round(o.cents * 0.3))), currency: 'USD' },
              },
            ],
          };
        }),
        reservationInfo: {
          reservationStatus: r.status,
          confirmationStatus: r.confirmation,
          paymentStatus: 2,
          agencyReservationNumber: r.agencyReservationNumber,
          reservationNote: r.note,
          salePrice: price,
          priceToPay: price,
          beginDate: `${r.offers[0].day}T00:00:00`,
          endDate: `${r.offers[r.offers.length - 1].day}T00:00:00`,
          createDate: r.created,
        },
      },
    };
  };
  const penaltyCents = (r: Reservation) => r.offers.reduce((s, o) => s + Math.round(o.cents * 0.3), 0);

  app.post('/api/bookingservice/getreservationdetail', async (req, reply) => {
    const c = await open(req, reply, 'read');
    if (!c) return;
    const r = store.get(String((req.body as X)?.ReservationNumber ?? (req.body as X)?.reservationNumber ?? ''));
    if (!r) return send(req, reply, c.sc, 'read', bad('ReservationNotFound', 'Reservation not found'));
    return send(req, reply, c.sc, 'read', ok(detail(r)));
  });

  app.post('/api/bookingservice/getreservationlist', async (req, reply) => {
    const c = await open(req, reply, 'list');
    if (!c) return;
    // Documented request: {culture, dateCriterias:[{type,from,to}]} (documented types: 0 SERVICEDATE, 1 REGISTER; the simulator reads 1 as the booking's creation day, anything else as its travel day).
    const criteria = ((req.body as X)?.dateCriterias as X[] | undefined) ?? [];
    const ref = String((req.body as X)?.agencyReservationNumber ?? '');
    if (!criteria.length && !ref) return send(req, reply, c.sc, 'list', bad('InvalidRequest', 'dateCriterias is required'));
    const inRange = (r: Reservation) =>
      criteria.every((dc) => {
        const day = Number(dc.type) === 2 ? String(r.offers[0]?.day ?? '').slice(0, 10) : r.created.slice(0, 10);
        return day >= String(dc.from ?? '').slice(0, 10) && day <= String(dc.to ?? '9999').slice(0, 10);
      });
    const list = c.sc.has('hide-booking', 'list')
      ? []
      : [...store.values()].filter((r) => inRange(r) && (!ref || r.agencyReservationNumber === ref));
    return send(
      req,
      reply,
      c.sc,
      'list',
      ok({
        reservations: list.map((r) => ({
          reservationNumber: r.number,
          agencyReservationNumber: r.agencyReservationNumber,
          reservationStatus: r.status,
        })),
      }),
    );
  });

  app.post('/api/bookingservice/getcancellationpenalty', async (req, reply) => {
    const c = await open(req, reply, 'quote');
    if (!c) return;
    const r = store.get(String((req.body as X)?.reservationNumber ?? ''));
    if (!r) return send(req, reply, c.sc, 'quote', bad('ReservationNotFound', 'Reservation not found'));
    if (r.status === 2 || r.status === 3)
      return send(req, reply, c.sc, 'quote', bad('ReservationAlreadyCancelled', 'Reservation is already cancelled'));
    const penalty = { amount: Number(centsToDecimal(penaltyCents(r))), currency: 'USD' };
    return send(
      req,
      reply,
      c.sc,
      'quote',
      ok({
        cancelPenalties: [
          {
            reason: { id: '1', name: 'Customer request' },
            services: r.offers.map((o, i) => ({
              id: `S${i + 1}`,
              isCancelable: true,
              priceDetail: { penalty: { amount: Number(centsToDecimal(Math.round(o.cents * 0.3))), currency: 'USD' } },
            })),
            price: penalty,
          },
        ],
      }),
    );
  });

  app.post('/api/bookingservice/cancelreservation', async (req, reply) => {
    const c = await open(req, reply, 'cancel');
    if (!c) return;
    const b = (req.body ?? {}) as X;
    const r = store.get(String(b.reservationNumber ?? ''));
    if (!r) return send(req, reply, c.sc, 'cancel', bad('ReservationNotFound', 'Reservation not found'));
    if (r.status === 2 || r.status === 3)
      return send(req, reply, c.sc, 'cancel', bad('ReservationAlreadyCancelled', 'Reservation is already cancelled'));
    if (!b.reason) return send(req, reply, c.sc, 'cancel', bad('InvalidRequest', 'reason is required'));
    r.status = penaltyCents(r) > 0 ? 3 : 2;
    return send(req, reply, c.sc, 'cancel', ok({ reservationNumber: r.number, reservationStatus: r.status }));
  });
}
