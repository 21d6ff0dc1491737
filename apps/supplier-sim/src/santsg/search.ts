import { randomUUID } from 'node:crypto';
import { addDays, parseDay, today } from '../core/dates.js';
import { checkInDates, findAirport, flightsOn, type GeneratedFlight } from '../core/inventory.js';
import { centsToDecimal } from '../core/prng.js';
import { nextNumber, prelude, SANDBOX_SECRET, scenariosOf, send } from '../core/sim.js';
import { FEE_ONE_WAY, FEE_ROUND_TRIP, fareCents, feeKeyOf, item, offerDetails } from './flights.js';
import type { TvContext } from './routes.js';
import { bad, type OfferToken, ok, SEARCH_TTL, TOKEN_TTL, type X } from './wire.js';

/** authenticationservice/login, productservice/getcheckindates and productservice/pricesearch. */
export function searchRoutes({ app, sim, open }: TvContext) {
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
    // Documented reply: dates with the server's offset ("2021-05-02T00:00:00+03:00").
    return send(req, reply, c.sc, 'search', ok({ dates: checkInDates(from, to, today()).map((d) => `${d}T00:00:00-05:00`) }));
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
    const passengers = (field('Passengers') as { type: number; count: number; ages?: unknown }[]) ?? [];
    const of = (type: number) => passengers.find((p) => p.type === type);
    const pax = { adt: of(1)?.count ?? 0, chd: of(2)?.count ?? 0, inf: of(3)?.count ?? 0 };
    if (pax.adt < 1 || pax.adt + pax.chd > 9 || pax.inf > pax.adt)
      return send(req, reply, c.sc, 'search', bad('InvalidPassengers', 'Passengers are not valid'));
    // Ages, when sent, one per child (2..11) and infant (0..1).
    const agesOf = (type: number, min: number, max: number) => {
      const a = of(type)?.ages;
      if (a === undefined) return [];
      if (!Array.isArray(a) || a.length !== of(type)?.count || a.some((x) => !Number.isInteger(x) || x < min || x > max)) return null;
      return a as number[];
    };
    const childAges = agesOf(2, 2, 11);
    const infantAges = agesOf(3, 0, 1);
    if (!childAges || !infantAges) return send(req, reply, c.sc, 'search', bad('InvalidPassengers', 'Passenger ages are not valid'));
    const nights = Number(field('Night') ?? 0);
    if (roundTrip && (!Number.isInteger(nights) || nights < 1 || nights > 60))
      return send(req, reply, c.sc, 'search', bad('InvalidNight', 'Night is required for round trips'));
    const classes = (field('FlightClasses') as number[] | undefined) ?? [1];
    const cabins: ('economy' | 'business')[] = classes.includes(2) ? ['business'] : ['economy'];
    const nonStop = field('ShowOnlyNonStopFlight') === true;
    const exp = new Date(Date.now() + SEARCH_TTL).toISOString();
    const fees = field('CalculateFlightFees') === true;
    const on = (from: (typeof legs)[0]['from'], to: (typeof legs)[0]['to'], day: string) =>
      flightsOn(from as NonNullable<typeof from>, to as NonNullable<typeof to>, day).filter((f) => !nonStop || f.stops === 0);

    const build = (f: GeneratedFlight, route: number, cabin: 'economy' | 'business', partnerCents?: number) => {
      const cents = fareCents(f, cabin, pax);
      const pkg = roundTrip && f.airline.packaged;
      // A packaged leg is priced as the whole package (the documented rule takes the higher of the two).
      const price = pkg && partnerCents ? Math.max(cents, partnerCents) + Math.round(Math.min(cents, partnerCents) * 0.6) : cents;
      const seats = pax.adt + pax.chd;
      const t: OfferToken = {
        f: f.id,
        from: f.from.code,
        to: f.to.code,
        day: f.departure.slice(0, 10),
        route,
        cents: price,
        pkg,
        cabin,
        pax,
        ages: [...childAges, ...infantAges],
        feeKey: feeKeyOf(f),
        feeOneWay: fees ? FEE_ONE_WAY * seats : 0,
        feeRoundTrip: fees ? FEE_ROUND_TRIP * seats : 0,
      };
      const token = sim.tokens.encode(t, SEARCH_TTL);
      // Packaged fares pair only within their airline; other fares also combine across airlines (interline).
      const groupKeys = multiCity
        ? ['-']
        : roundTrip
          ? pkg
            ? [`${f.airline.code}-${cabin}-PKG`]
            : [`${f.airline.code}-${cabin}`, `INTERLINE-${cabin}`]
          : ['-'];
      const { fees: feeBlock, ...details } = offerDetails(f, t);
      return {
        segmentNumber: 0,
        // Round-trip and multicity offers (flightResponseListType 3) carry only offerIds per group key.
        ...(roundTrip || multiCity
          ? { offerIds: groupKeys.map((groupKey) => ({ groupKey, offerId: token.token })) }
          : { offerId: token.token }),
        expiresOn: exp,
        price: { amount: Number(centsToDecimal(price)), currency: 'USD' },
        ...details,
        ...(fees ? { fees: feeBlock } : {}),
        groupKeys,
        isPackageOffer: pkg,
        route: 0,
      };
    };
    const flight = (
      f: GeneratedFlight,
      route: number,
      cabin: 'economy' | 'business',
      partner?: GeneratedFlight,
      segmentNumber?: number,
    ) => ({
      provider: 'SIM',
      id: `${f.id}-${route}`,
      items: [{ ...item(f, multiCity ? 1 : route, cabin, pax), segmentNumber: segmentNumber ?? 1 }],
      offers: [build(f, route, cabin, partner ? fareCents(partner, cabin, pax) : undefined)],
    });
    const body = (flights: unknown[]) =>
      ok({ searchId: randomUUID(), expiresOn: exp, flights, details: { flightResponseListType: 3, enablePaging: false } });
    if (c.sc.has('no-avail', 'search')) return send(req, reply, c.sc, 'search', body([]));
    if (multiCity) {
      const flights = legs.flatMap((leg, i) =>
        on(leg.from, leg.to, leg.day).flatMap((f) => cabins.map((cabin) => flight(f, i + 1, cabin, undefined, i + 1))),
      );
      return send(req, reply, c.sc, 'search', body(flights));
    }
    const [{ day, from, to }] = legs;
    const outbound = on(from, to, day);
    const back = roundTrip ? on(to, from, addDays(day, nights)) : [];
    const partnerOf = (list: GeneratedFlight[], f: GeneratedFlight) => list.find((x) => x.airline.code === f.airline.code);
    const flights = [
      ...outbound.flatMap((f) => cabins.map((cabin) => flight(f, 1, cabin, partnerOf(back, f)))),
      ...back.flatMap((f) => cabins.map((cabin) => flight(f, 2, cabin, partnerOf(outbound, f)))),
    ];
    if (c.sc.has('absurd-prices', 'search') && flights.length > 2) {
      flights[0].offers[0].price.amount = 0;
      flights[1].offers[0].price.amount = flights[1].offers[0].price.amount * 100;
    }
    return send(req, reply, c.sc, 'search', body(flights));
  });
}
