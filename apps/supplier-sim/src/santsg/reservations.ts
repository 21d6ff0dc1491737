import { findAirport, flightsOn } from '../core/inventory.js';
import { centsToDecimal } from '../core/prng.js';
import { send } from '../core/sim.js';
import { item } from './flights.js';
import type { TvContext } from './routes.js';
import { bad, type OfferToken, ok, type Reservation, type X } from './wire.js';

const usd = (cents: number) => ({ amount: Number(centsToDecimal(cents)), currency: 'USD' });
const penaltyCents = (r: Reservation) => r.offers.reduce((s, o) => s + Math.round(o.cents * 0.3), 0);
const flightOf = (o: OfferToken) => {
  const from = findAirport(o.from);
  const to = findAirport(o.to);
  return from && to ? flightsOn(from, to, o.day).find((x) => x.id === o.f) : undefined;
};

/** GetReservationDetail (booking.md): travellers with their services' `ticketNo`, one flight service per offer. */
function detail(r: Reservation) {
  const price = usd(r.totalCents);
  return {
    reservationNumber: r.number,
    encryptedReservationNumber: Buffer.from(r.number).toString('base64'),
    reservationData: {
      travellers: r.travellers.map((t) => ({
        ...t,
        services: r.offers.map((_, i) => ({
          id: `S${i + 1}`,
          type: 3,
          ...(r.tickets[String(t.travellerId)] ? { ticketNo: r.tickets[String(t.travellerId)] } : {}),
          passengerType: t.passengerType ?? t.type,
        })),
      })),
      services: r.offers.map((o, i) => {
        const f = flightOf(o);
        return {
          id: `S${i + 1}`,
          type: 3,
          productType: 3,
          route: o.route,
          // Not in the published (hotel) detail sample: the PNR per flight service is our guess.
          pnrNo: r.pnr,
          segments: f ? [item(f, o.route, o.cabin, o.pax)] : [],
          cancellationPolicies: [{ beginDate: r.created, dueDate: `${o.day}T00:00:00`, price: usd(Math.round(o.cents * 0.3)) }],
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
}

const RULES = (o: OfferToken, penalty: number) => [
  {
    code: '16',
    name: 'PENALTIES',
    texts: [
      `CHANGES PERMITTED FOR A FEE OF USD ${centsToDecimal(Math.round(penalty / 2))}.`,
      `CANCELLATION PERMITTED FOR A FEE OF USD ${centsToDecimal(penalty)}.`,
      'NO-SHOW: FARE NOT REFUNDABLE.',
    ],
  },
  {
    code: '0',
    name: 'APPLICATION AND OTHER CONDITIONS',
    texts: [`${o.cabin === 'business' ? 'BUSINESS' : 'ECONOMY'} CLASS FARES ${o.from}-${o.to}`],
  },
  { code: '31', name: 'VOLUNTARY CHANGES', texts: ['CHANGES PERMITTED BEFORE DEPARTURE. FARE DIFFERENCE APPLIES.'] },
  { code: '33', name: 'VOLUNTARY REFUNDS', texts: [o.pkg ? 'PACKAGE FARES ARE NOT REFUNDABLE.' : 'REFUNDABLE LESS THE CANCELLATION FEE.'] },
];

/** getreservationdetail, getreservationlist, getcancellationpenalty, cancelreservation and flightservice/getfarerules. */
export function reservationRoutes({ app, open, store, transactionOf }: TvContext) {
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
    // Documented request: {culture, dateCriterias:[{type,from,to}]} (1 REGISTER read as the booking's creation day, anything else as its travel day).
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
          confirmationStatus: r.confirmation,
          // As the documented list items: the airline PNR and the ticket numbers, comma separated.
          pnrNo: r.pnr,
          ticketNos: Object.values(r.tickets).join(','),
          serviceTypes: 'FLIGHT',
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
              priceDetail: { penalty: usd(Math.round(o.cents * 0.3)) },
            })),
            price: usd(penaltyCents(r)),
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

  // flightservice.md "GetFareRules": by transactionId or reservationNumber, a serviceId and segment.id.
  app.post('/api/flightservice/getfarerules', async (req, reply) => {
    const c = await open(req, reply, 'read');
    if (!c) return;
    const b = (req.body ?? {}) as X;
    let offers: OfferToken[];
    if (b.transactionId) {
      const t = transactionOf(b.transactionId);
      if (t === 'missing') return send(req, reply, c.sc, 'read', bad('TransactionNotFound', 'Transaction not found'));
      if (t === 'expired') return send(req, reply, c.sc, 'read', bad('TransactionExpired', 'Transaction has expired'));
      offers = t.offers;
    } else {
      const r = store.get(String(b.reservationNumber ?? ''));
      if (!r) return send(req, reply, c.sc, 'read', bad('ReservationNotFound', 'Reservation not found'));
      offers = r.offers;
    }
    const index = Number(String(b.serviceId ?? '').replace(/^S/, '')) - 1;
    const o = offers[index];
    if (!o || !(b.segment as X | undefined)?.id)
      return send(req, reply, c.sc, 'read', bad('InvalidRequest', 'serviceId and segment.id are required'));
    return send(req, reply, c.sc, 'read', ok({ rules: RULES(o, Math.round(o.cents * 0.3)) }));
  });
}
