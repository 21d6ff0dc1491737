import { XMLParser } from 'fast-xml-parser';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { create } from 'xmlbuilder2';
import { activityExtras } from '../core/activity-extras.js';
import { addDays, parseDay, today } from '../core/dates.js';
import { activitiesOf, cityZone, DESTINATIONS } from '../core/inventory.js';
import { centsToDecimal } from '../core/prng.js';
import { nextNumber, type Payload, prelude, SANDBOX_SECRET, type SimContext, type SimOperation, scenariosOf, send } from '../core/sim.js';
import {
  BOOKING_CODE_TTL,
  destinationOfZone,
  findService,
  penaltyNow,
  policyOf,
  price,
  requiredFields,
  reservation,
  serviceCode,
  serviceResult,
  type TicketBooking,
  type TicketPlan,
  type X,
} from './ticket-bodies.js';

/**
 * Juniper tickets (services) on the JP endpoints: ZoneList with ProductType TKT, ServiceAvail,
 * ServiceBookingRules and ServiceBooking, plus ReadBooking and CancelBooking of ticket bookings (kept in
 * the Juniper store, so the hotel BookingList lists them too). Registered before the hotel handler as a
 * preHandler: any other request goes on to it untouched. Scenarios as for hotels (README "Scenarios").
 */

const NS = 'http://www.juniper.es/webservice/2007/';
const SOAP12_NS = 'http://www.w3.org/2003/05/soap-envelope';
const OPS: Record<string, { rs: string; op: SimOperation }> = {
  ZoneList: { rs: 'ZoneListRS', op: 'static' },
  ServiceAvail: { rs: 'AvailabilityRS', op: 'search' },
  ServiceBookingRules: { rs: 'BookingRulesRS', op: 'quote' },
  ServiceBooking: { rs: 'BookingRS', op: 'book' },
  ReadBooking: { rs: 'BookingRS', op: 'read' },
  CancelBooking: { rs: 'BookingRS', op: 'cancel' },
};
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => ['Pax', 'RelPax', 'Comment'].includes(name),
});
const obj = (v: unknown): X => (v && typeof v === 'object' ? (v as X) : {});
const arr = (v: unknown): X[] => (Array.isArray(v) ? (v as X[]) : v ? [v as X] : []);
const text = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'object' && v && '#text' in v ? String((v as X)['#text']) : '';

function envelope(opName: string, rs: string, inner: X): string {
  return create({ version: '1.0', encoding: 'utf-8' })
    .ele({
      'soap:Envelope': {
        '@xmlns:soap': 'http://schemas.xmlsoap.org/soap/envelope/',
        'soap:Body': {
          [`${opName}Response`]: {
            '@xmlns': NS,
            [rs]: { '@Url': 'http://sim.travesia/juniper', '@TimeStamp': new Date().toISOString(), '@IntCode': 'sim', ...inner },
          },
        },
      },
    })
    .end();
}
const xml = (status: number, body: string, soap12: boolean): Payload => ({
  status,
  contentType: soap12 ? 'application/soap+xml' : 'text/xml',
  body: soap12 ? body.split('http://schemas.xmlsoap.org/soap/envelope/').join(SOAP12_NS) : body,
});
const faultBody = () =>
  create({ version: '1.0' })
    .ele({
      'soap:Envelope': {
        '@xmlns:soap': 'http://schemas.xmlsoap.org/soap/envelope/',
        'soap:Body': { 'soap:Fault': { faultcode: 'soap:Server', faultstring: 'Server was unable to process request.' } },
      },
    })
    .end();

/** Whether this request is a ticket one: a ticket operation, or a read/cancel of a ticket booking. */
function isTicketRequest(opName: string, rq: X, store: Map<string, Record<string, unknown>>): boolean {
  if (opName.startsWith('Service')) return true;
  if (opName === 'ZoneList') return obj(rq.ZoneListRequest)['@ProductType'] === 'TKT';
  const r = obj(rq.ReadRequest ?? rq.CancelRequest);
  const locator = String(r['@ReservationLocator'] ?? '');
  const external = String(r['@ExternalBookingReference'] ?? '');
  if (opName !== 'ReadBooking' && opName !== 'CancelBooking') return false;
  if (locator) return store.get(locator)?.kind === 'ticket';
  return Boolean(external) && [...store.values()].some((b) => b.kind === 'ticket' && b.external === external);
}

export function juniperTicketRoutes(app: FastifyInstance, sim: SimContext) {
  const store = sim.bookings.juniper as Map<string, Record<string, unknown>>;

  app.addHook('preHandler', async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.method !== 'POST' || typeof req.body !== 'string') return;
    let doc: X;
    try {
      doc = parser.parse(req.body) as X;
    } catch {
      return; // the hotel handler answers the fault
    }
    const body = obj(obj(doc.Envelope).Body);
    const opName = Object.keys(body)[0] ?? '';
    const rq = obj(Object.values(obj(body[opName]))[0]);
    const meta = OPS[opName];
    if (!meta || !isTicketRequest(opName, rq, store)) return;
    const soap12 = /application\/soap\+xml/i.test(String(req.headers['content-type'] ?? '')) || req.body.includes(SOAP12_NS);
    const login = obj(rq.Login);
    const email = String(login['@Email'] ?? '');
    const sc = scenariosOf(req, email);
    const answer = async (p: Payload) => {
      await send(req, reply, sc, meta.op, p);
      return reply;
    };
    const ok = (inner: X) => answer(xml(200, envelope(opName, meta.rs, inner), soap12));
    const fail = (code: string, t: string) =>
      answer(xml(200, envelope(opName, meta.rs, { Errors: { Error: { '@Code': code, '@Text': t } } }), soap12));
    if (!/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')))
      return fail('COMPRESSION_REQUIRED', 'Compression is required (Accept-Encoding: gzip)');
    if (!email || login['@Password'] !== SANDBOX_SECRET) return fail('ACCESS_DENIED', 'Invalid login');
    const quota = () =>
      xml(
        200,
        envelope(opName, meta.rs, {
          Errors: { Error: { '@Code': 'MAX_REQUESTS_EXCEEDED', '@Text': 'Maximum number of requests exceeded' } },
        }),
        soap12,
      );
    if (await prelude(sim, 'juniper', req, reply, sc, meta.op, { server: () => xml(500, faultBody(), soap12), quota })) return reply;

    switch (opName) {
      case 'ZoneList':
        return ok({
          ZoneList: {
            Zone: DESTINATIONS.map((d) => ({
              '@JPDCode': `JPD${d.code}`,
              '@Code': cityZone(d),
              '@IATA': d.code,
              '@AreaType': 'CTY',
              Name: d.city,
            })),
          },
        });
      case 'ServiceAvail': {
        const seg = obj(obj(obj(rq.ServiceRequest).SearchSegmentsServices).SearchSegmenServices);
        const from = String(seg['@Start'] ?? '');
        const to = String(seg['@End'] ?? '');
        if (!parseDay(from) || !parseDay(to) || to < from || from < today()) return fail('REQ_PRACTICE', 'Invalid dates');
        const zone = String(seg['@DestinationZone'] ?? '');
        const dest = destinationOfZone(zone);
        if (!dest) return fail('REQ_PRACTICE', 'DestinationZone is required');
        const ages = arr(obj(rq.Paxes).Pax).map((p) => Number(text(p.Age) || 30));
        if (!ages.length || ages.some((a) => !Number.isInteger(a) || a < 0 || a > 120))
          return fail('JP_BOOK_OCCUPANCY_ERROR', 'Invalid paxes');
        if (sc.has('no-avail', 'search')) return fail('NO_AVAIL_FOUND', 'No results found');
        const range: string[] = [];
        for (let d = from; d <= to && range.length < 14; d = addDays(d, 1)) range.push(d);
        const results = activitiesOf(dest).map((a) =>
          serviceResult(sim, a, zone, range, ages, sc.has('price-change', 'search') ? 1.15 : 1),
        );
        if (sc.has('absurd-prices', 'search') && results.length > 2) {
          for (const [i, factor] of [
            [0, 0],
            [1, 100],
          ] as const) {
            for (const option of results[i].ServiceOptions.ServiceOption)
              for (const date of option.Dates.Date) {
                const c = Math.round(Number(date.Prices.Price.TotalFixAmounts['@Nett']) * 100 * factor);
                date.Prices = price(c, dest.currency);
              }
          }
        }
        return ok({ Results: { ServiceResult: results } });
      }
      case 'ServiceBookingRules': {
        const code = String(obj(obj(rq.ServiceBookingRuleRequest).ServiceRuleOption)['@RatePlanCode'] ?? '');
        const decoded = sc.has('expired-token', 'quote') ? 'expired' : sim.tokens.decode<TicketPlan>(code);
        if (decoded === 'expired') return fail('RATEPLAN_EXPIRED', 'The RatePlanCode has expired');
        const a = decoded ? findService(decoded.a) : undefined;
        if (!decoded || !a) return fail('REQ_PRACTICE', 'Invalid RatePlanCode');
        const plan: TicketPlan = { ...decoded, c: sc.has('price-change', 'quote') ? Math.round(decoded.c * 1.15) : decoded.c };
        const bookingCode = sim.tokens.encode(plan, BOOKING_CODE_TTL);
        const m = a.modalities.find((x) => x.code === plan.m) ?? a.modalities[0];
        return ok({
          ...(plan.c !== decoded.c ? { Warnings: { Warning: { '@Code': 'warnPriceChanged', '@Text': 'Price has changed' } } } : {}),
          Results: {
            ServiceResult: {
              '@Status': sc.has('on-request', 'quote') ? 'RQ' : 'OK',
              '@Start': plan.day,
              '@End': plan.day,
              '@DestinationZone': cityZone(a.destination),
              '@Code': serviceCode(a),
              BookingCode: { '@ExpirationDate': bookingCode.expiresAt.toISOString(), '#': bookingCode.token },
              ServiceRequiredFields: requiredFields(a, plan.ages, sc.has('required-address', 'quote')),
              CancellationPolicy: policyOf(a, plan),
              PriceInformation: {
                ServiceInfo: { Name: a.name },
                ServiceOptions: {
                  ServiceOption: {
                    '@Code': m.code,
                    '@Start': `${plan.day}T${plan.time ?? '00:00'}:00`,
                    Name: m.name,
                    Dates: {
                      Date: { '@Start': `${plan.day}T${plan.time ?? '00:00'}:00`, '@RatePlanCode': code, Prices: price(plan.c, plan.cur) },
                    },
                  },
                },
              },
            },
          },
        });
      }
      case 'ServiceBooking': {
        const element = obj(obj(rq.Elements).ServiceElement);
        const decoded = sc.has('expired-token', 'book') ? 'expired' : sim.tokens.decode<TicketPlan>(text(element.BookingCode));
        if (decoded === 'expired') return fail('BOOKING_CODE_EXPIRED', 'The BookingCode has expired');
        const a = decoded ? findService(decoded.a) : undefined;
        if (!decoded || !a) return fail('REQ_PRACTICE', 'Invalid BookingCode');
        const paxes = arr(obj(rq.Paxes).Pax);
        const external = text(rq.ExternalBookingReference);
        if (paxes.length !== decoded.ages.length || paxes.some((p) => !text(p.Name) || !text(p.Surname)) || !external)
          return fail('JP_BOOK_OCCUPANCY_ERROR', 'Paxes, names and ExternalBookingReference are required');
        const holder = paxes.find((p) => String(p['@IdPax']) === String(obj(obj(rq.Holder).RelPax)['@IdPax'] ?? '1')) ?? paxes[0];
        const info = obj(element.ServiceBookingInfo);
        if (activityExtras(a).pickup && !text(obj(info.HotelService).Name)) return fail('REQ_PRACTICE', 'HotelService is required');
        if (sc.has('required-address', 'book') && ['Address', 'City', 'Country', 'PostalCode'].some((f) => !text(holder[f])))
          return fail('REQ_PRACTICE', 'Holder address is required');
        const mp = obj(info.MeetingPointInfo);
        const pickup = activityExtras(a).pickup;
        const onRequest = sc.has('on-request', 'book');
        const b: TicketBooking = {
          kind: 'ticket',
          locator: `TKT${nextNumber(sim, 'jp-tkt', 310_000)}`,
          external,
          status: onRequest ? 'PDI' : 'PAG',
          itemStatus: onRequest ? 'RQ' : 'OK',
          plan: { ci: decoded.day },
          ticket: decoded,
          paxes: paxes.map((p) => ({ '@IdPax': p['@IdPax'], Name: text(p.Name), Surname: text(p.Surname), Age: text(p.Age) || undefined })),
          holderId: String(holder['@IdPax'] ?? '1'),
          meetingPoint:
            pickup && mp['@Code'] === pickup.code
              ? {
                  '@Code': pickup.code,
                  '@Time': pickup.time,
                  '@Address': pickup.address,
                  '@Latitude': String(pickup.lat),
                  '@Longitude': String(pickup.lng),
                  Name: pickup.name,
                }
              : null,
          created: new Date().toISOString(),
        };
        store.set(b.locator, b);
        return ok(reservation(b, a));
      }
      case 'ReadBooking': {
        const r = obj(rq.ReadRequest);
        const locator = String(r['@ReservationLocator'] ?? '');
        const b = (
          locator
            ? store.get(locator)
            : [...store.values()].find((x) => x.kind === 'ticket' && x.external === r['@ExternalBookingReference'])
        ) as TicketBooking | undefined;
        const a = b ? findService(b.ticket.a) : undefined;
        if (!b || !a) return fail('BOOKING_NOT_FOUND', 'Reservation not found');
        return ok(reservation(b, a));
      }
      case 'CancelBooking': {
        const r = obj(rq.CancelRequest);
        const b = store.get(String(r['@ReservationLocator'] ?? '')) as TicketBooking | undefined;
        const a = b ? findService(b.ticket.a) : undefined;
        if (!b || !a) return fail('BOOKING_NOT_FOUND', 'Reservation not found');
        if (b.status === 'CAN' || b.status === 'CAC') return fail('BOOKING_ALREADY_CANCELLED', 'Reservation already cancelled');
        const cost = penaltyNow(a, b.ticket);
        const onlyFees = r['@OnlyCancellationFees'] === 'true';
        if (!onlyFees) {
          b.status = cost > 0 ? 'CAC' : 'CAN';
          b.itemStatus = 'CA';
          b.cancelCost = cost;
        }
        return ok({
          Warnings: {
            Warning: {
              '@Code': onlyFees ? 'warnCancellationCostRetrieved' : 'warnCancelledAndCancellationCostRetrieved',
              '@Text': onlyFees ? 'Cancellation cost retrieved.' : 'Cancellation cost retrieved. Reservation was cancelled.',
            },
            CancelInfo: {
              BookingCodeState: onlyFees ? b.status : b.status === 'CAC' ? 'CaC' : 'CaN',
              BookingCancelCost: centsToDecimal(cost),
              BookingCancelCostCurrency: b.ticket.cur,
            },
          },
          ...reservation(b, a),
        });
      }
    }
  });
}
