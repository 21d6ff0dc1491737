import { XMLParser } from 'fast-xml-parser';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { create } from 'xmlbuilder2';
import { addDays, nightsBetween, parseDay, today } from '../core/dates.js';
import {
  type BoardCode,
  cityZone,
  DESTINATIONS,
  findHotel,
  type Hotel,
  hotelsOf,
  isNonRefundable,
  penaltyNow,
  penaltySteps,
  ROOM_TYPES,
  type RoomOccupancy,
  roomFits,
  stayPrice,
} from '../core/inventory.js';
import { centsToDecimal, decimalToCents } from '../core/prng.js';
import { nextNumber, type Payload, prelude, SANDBOX_SECRET, type SimContext, type SimOperation, scenariosOf, send } from '../core/sim.js';
import { hotelContents } from './content.js';
import { juniperTicketRoutes } from './tickets.js';
import { JUNIPER_TRANSFER_OPS, juniperTransfers } from './transfers.js';

const NS = 'http://www.juniper.es/webservice/2007/';
const SOAP11_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
const SOAP12_NS = 'http://www.w3.org/2003/05/soap-envelope';

/** A SOAP 1.1 reply as SOAP 1.2: the 1.2 envelope namespace and media type. */
function toSoap12(p: Payload): Payload {
  return { ...p, contentType: 'application/soap+xml', body: p.body.split(SOAP11_NS).join(SOAP12_NS) };
}

/**
 * Juniper paths are case-insensitive on the real servers (published clients call
 * /WebService/jp/operations/availtransactions.asmx): the canonical spelling of any casing.
 */
export function canonicalJuniperPath(url: string): string {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const query = q < 0 ? '' : url.slice(q);
  const lower = path.toLowerCase();
  const ops = '/juniper/webservice/jp/operations/';
  if (lower.startsWith(ops)) {
    const file = lower.slice(ops.length);
    const group = ['avail', 'check', 'book', 'staticdata'].find((g) => file === `${g}transactions.asmx`);
    const name = group ? `${group === 'staticdata' ? 'StaticData' : group[0].toUpperCase() + group.slice(1)}Transactions.asmx` : file;
    return `/juniper/webservice/JP/Operations/${name}${query}`;
  }
  if (lower === '/juniper/webservice/jp/webservicejp.asmx') return `/juniper/webservice/JP/WebServiceJP.asmx${query}`;
  return url;
}

const WSDL_PORTS: Record<string, string[]> = {
  AvailTransactions: ['HotelAvail', 'HotelAvailCalendar', 'HotelFutureRates'],
  CheckTransactions: ['HotelCheckAvail', 'HotelBookingRules'],
  BookTransactions: ['HotelBooking', 'ReadBooking', 'CancelBooking', 'BookingList', 'HotelModify', 'HotelConfirmModify'],
  StaticDataTransactions: ['ZoneList', 'HotelPortfolio', 'HotelContent', 'HotelCatalogueData', 'GenericDataCatalogue'],
};

/** A minimal WSDL naming the documented ports and operations, with each port's address on this host. */
function wsdl(base: string): string {
  const ops = Object.values(WSDL_PORTS).flat();
  return create({ version: '1.0', encoding: 'utf-8' })
    .ele({
      'wsdl:definitions': {
        '@xmlns:wsdl': 'http://schemas.xmlsoap.org/wsdl/',
        '@xmlns:soap': 'http://schemas.xmlsoap.org/wsdl/soap/',
        '@xmlns:soap12': 'http://schemas.xmlsoap.org/wsdl/soap12/',
        '@xmlns:tns': NS,
        '@targetNamespace': NS,
        'wsdl:portType': Object.entries(WSDL_PORTS).map(([port, names]) => ({
          '@name': `${port}Soap`,
          'wsdl:operation': names.map((n) => ({ '@name': n })),
        })),
        'wsdl:binding': Object.keys(WSDL_PORTS).flatMap((port) =>
          (['soap', 'soap12'] as const).map((v) => ({
            '@name': `${port}${v === 'soap' ? 'Soap' : 'Soap12'}`,
            '@type': `tns:${port}Soap`,
            [`${v}:binding`]: { '@transport': 'http://schemas.xmlsoap.org/soap/http' },
            'wsdl:operation': WSDL_PORTS[port].map((n) => ({ '@name': n, [`${v}:operation`]: { '@soapAction': `${NS}${n}` } })),
          })),
        ),
        'wsdl:service': {
          '@name': 'WebServiceJP',
          'wsdl:port': Object.keys(WSDL_PORTS).flatMap((port) => [
            {
              '@name': `${port}Soap`,
              '@binding': `tns:${port}Soap`,
              'soap:address': { '@location': `${base}/webservice/JP/Operations/${port}.asmx` },
            },
            {
              '@name': `${port}Soap12`,
              '@binding': `tns:${port}Soap12`,
              'soap12:address': { '@location': `${base}/webservice/JP/Operations/${port}.asmx` },
            },
          ]),
        },
        '#comment': `operations: ${ops.length}`,
      },
    })
    .end({ prettyPrint: true });
}
const RATE_PLAN_TTL = 30 * 60_000;
const BOOKING_CODE_TTL = 10 * 60_000;

/** Juniper board types (Spanish codes) for our inventory's boards. */
const JP_BOARD: Record<BoardCode, { type: string; name: string }> = {
  RO: { type: 'SA', name: 'Solo Alojamiento' },
  BB: { type: 'AD', name: 'Alojamiento y Desayuno' },
  HB: { type: 'MP', name: 'Media Pensión' },
  FB: { type: 'PC', name: 'Pensión Completa' },
  AI: { type: 'TI', name: 'Todo Incluido' },
};

const OPS: Record<string, { rs: string; op: SimOperation }> = {
  HotelAvail: { rs: 'AvailabilityRS', op: 'search' },
  HotelCheckAvail: { rs: 'CheckAvailRS', op: 'quote' },
  HotelBookingRules: { rs: 'BookingRulesRS', op: 'quote' },
  HotelBooking: { rs: 'BookingRS', op: 'book' },
  ReadBooking: { rs: 'BookingRS', op: 'read' },
  // As documented (a published UAT log): CancelBookingResponse/BookingRS, CancelInfo inside Warnings.
  CancelBooking: { rs: 'BookingRS', op: 'cancel' },
  BookingList: { rs: 'BookingListRS', op: 'list' },
  ZoneList: { rs: 'ZoneListRS', op: 'static' },
  HotelContent: { rs: 'ContentRS', op: 'static' },
  ...JUNIPER_TRANSFER_OPS,
};

const ARRAYS = new Set(['Pax', 'RelPaxDist', 'RelPax', 'HotelCode', 'Hotel', 'Comment', 'SearchSegmentHotels']);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => ARRAYS.has(name),
});

type X = Record<string, unknown>;
const obj = (v: unknown): X => (v && typeof v === 'object' ? (v as X) : {});
const arr = (v: unknown): X[] => (Array.isArray(v) ? (v as X[]) : v ? [v as X] : []);
const text = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'object' && v && '#text' in v ? String((v as X)['#text']) : '';

interface RatePlan extends Record<string, unknown> {
  h: string;
  r: string;
  b: BoardCode;
  ci: string;
  co: string;
  occ: RoomOccupancy[];
  c: number;
  cur: string;
  st: 'OK' | 'RQ';
  nrf: boolean;
}

interface JpBooking extends Record<string, unknown> {
  locator: string;
  external: string;
  status: 'PAG' | 'CON' | 'PDI' | 'CAN' | 'CAC';
  itemStatus: 'OK' | 'RQ' | 'CA';
  plan: RatePlan;
  hotel: Hotel;
  paxes: X[];
  holderId: string;
  cancelCost?: number;
  created: string;
}

function envelope(opName: string, rs: string, inner: X, attrs: X = {}): string {
  return create({ version: '1.0', encoding: 'utf-8' })
    .ele({
      'soap:Envelope': {
        '@xmlns:soap': 'http://schemas.xmlsoap.org/soap/envelope/',
        'soap:Body': {
          [`${opName}Response`]: {
            '@xmlns': NS,
            [rs]: { '@Url': 'http://sim.travesia/juniper', '@TimeStamp': new Date().toISOString(), '@IntCode': 'sim', ...attrs, ...inner },
          },
        },
      },
    })
    .end();
}

const xml = (status: number, body: string): Payload => ({ status, contentType: 'text/xml', body });
const errorRs = (opName: string, code: string, textMsg: string) =>
  xml(200, envelope(opName, OPS[opName]?.rs ?? 'ErrorRS', { Errors: { Error: { '@Code': code, '@Text': textMsg } } }));

const fault = (): Payload =>
  xml(
    500,
    create({ version: '1.0' })
      .ele({
        'soap:Envelope': {
          '@xmlns:soap': 'http://schemas.xmlsoap.org/soap/envelope/',
          'soap:Body': { 'soap:Fault': { faultcode: 'soap:Server', faultstring: 'Server was unable to process request.' } },
        },
      })
      .end(),
  );

/** Zones of a resort area and their children. */
function zoneAndChildren(code: string): string[] {
  const out = [code];
  if (code === '10002') out.push('10003');
  if (code === '10000') out.push('10001', '10002', '10003', '10004');
  return out;
}

function cancellationPolicy(hotel: Hotel, plan: RatePlan) {
  const nights = nightsBetween(plan.ci, plan.co);
  const free = addDays(plan.ci, -hotel.freeCancelDays);
  const rules = plan.nrf
    ? [
        {
          '@From': '0',
          '@To': '999',
          '@Type': 'R',
          '@FixedPrice': '0',
          '@PercentPrice': '100',
          '@Nights': '0',
          '@ApplicationTypeNights': 'Average',
        },
      ]
    : [
        {
          '@From': '0',
          '@To': String(hotel.freeCancelDays - 1),
          '@DateFrom': free,
          '@DateTo': plan.ci,
          '@Type': 'V',
          '@FixedPrice': '0',
          '@PercentPrice': '0',
          '@Nights': '1',
          '@ApplicationTypeNights': 'FirstNight',
        },
        { '@Type': 'S', '@FixedPrice': '0', '@PercentPrice': '100', '@Nights': '0', '@ApplicationTypeNights': 'Average' },
      ];
  return {
    '@CurrencyCode': plan.cur,
    FirstDayCostCancellation: { '@Hour': '00:00', '#': plan.nrf ? today() : free },
    Description: plan.nrf
      ? 'Tarifa no reembolsable: la cancelación tiene un costo del 100%.'
      : `Cancelación gratuita hasta ${hotel.freeCancelDays} días antes de la llegada; después se cobra la primera noche. No show: 100%.`,
    PolicyRules: { Rule: rules },
    _nights: nights,
  };
}

function hotelOption(hotel: Hotel, plan: RatePlan, token: string, extra: X = {}) {
  const room = ROOM_TYPES.find((r) => r.code === plan.r)!;
  const { _nights, ...policy } = cancellationPolicy(hotel, plan);
  return {
    '@RatePlanCode': token,
    '@Status': plan.st,
    '@NonRefundable': String(plan.nrf),
    Board: { '@Type': JP_BOARD[plan.b].type, '#': JP_BOARD[plan.b].name },
    Prices: {
      Price: {
        '@Type': 'S',
        '@Currency': plan.cur,
        TotalFixAmounts: {
          '@Gross': centsToDecimal(Math.round(plan.c * 1.1)),
          '@Nett': centsToDecimal(plan.c),
          Service: { '@Amount': centsToDecimal(plan.c) },
        },
      },
    },
    HotelRooms: {
      HotelRoom: plan.occ.map((o, i) => ({
        '@Units': '1',
        '@Source': String(i + 1),
        '@AvailRooms': '5',
        Name: room.name,
        RoomCategory: { '@Type': room.code, '#': room.name },
        RoomOccupancy: {
          '@Occupancy': String(o.adults + o.childrenAges.length),
          '@Adults': String(o.adults),
          '@Children': String(o.childrenAges.length),
        },
      })),
    },
    CancellationPolicy: policy,
    ...extra,
  };
}

function hotelInfo(h: Hotel) {
  return {
    '@Code': h.jpCode,
    '@JPCode': h.jpCode,
    '@DestinationZone': h.zone.code,
    HotelInfo: { Name: h.name, HotelCategory: { '@Type': `${h.stars}est`, '#': `${h.stars} Estrellas` }, Address: h.address },
  };
}

/** Reads Paxes + RelPaxesDist into room occupancies (no age means a 30-year-old adult). */
function occupancies(rq: X): RoomOccupancy[] | string {
  const paxes = new Map<string, number>();
  for (const p of arr(obj(rq.Paxes).Pax)) paxes.set(String(p['@IdPax']), p.Age !== undefined ? Number(text(p.Age)) : 30);
  const dists = arr(obj(obj(rq.HotelRequest ?? rq).RelPaxesDist).RelPaxDist);
  if (!dists.length) return 'RelPaxesDist is required';
  if (dists.length > 5) return 'Too many rooms';
  const rooms: RoomOccupancy[] = [];
  for (const d of dists) {
    const ids = arr(obj(d.RelPaxes).RelPax).map((r) => String(r['@IdPax']));
    if (!ids.length || ids.some((id) => !paxes.has(id))) return 'RelPax refers to an unknown Pax';
    const ages = ids.map((id) => paxes.get(id) as number);
    rooms.push({ adults: ages.filter((a) => a >= 18).length, childrenAges: ages.filter((a) => a < 18) });
  }
  if (rooms.some((r) => r.adults < 1)) return 'Each room needs one adult';
  return rooms;
}

export function juniperRoutes(app: FastifyInstance, sim: SimContext) {
  juniperTicketRoutes(app, sim);
  const store = sim.bookings.juniper as Map<string, JpBooking>;
  const transfers = juniperTransfers(sim);

  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    // Some published clients speak SOAP 1.2 (PHP SoapClient with SOAP_1_2): answer them in 1.2.
    const soap12 = /application\/soap\+xml/i.test(String(req.headers['content-type'] ?? '')) || String(req.body ?? '').includes(SOAP12_NS);
    const sendJp = (r: FastifyRequest, rep: FastifyReply, s: ReturnType<typeof scenariosOf>, op: SimOperation, p: Payload) =>
      send(r, rep, s, op, soap12 ? toSoap12(p) : p);
    let doc: X;
    try {
      doc = parser.parse(String(req.body ?? '')) as X;
    } catch {
      return sendJp(req, reply, scenariosOf(req), 'search', fault());
    }
    const body = obj(obj(doc.Envelope).Body);
    const opName = Object.keys(body)[0] ?? '';
    const meta = OPS[opName];
    if (!meta) return sendJp(req, reply, scenariosOf(req), 'search', fault());
    const inner = obj(body[opName]);
    const rq = obj(Object.values(inner)[0]);
    const login = obj(rq.Login);
    const email = String(login['@Email'] ?? '');
    const sc = scenariosOf(req, email);
    if (!/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      return sendJp(req, reply, sc, meta.op, errorRs(opName, 'COMPRESSION_REQUIRED', 'Compression is required (Accept-Encoding: gzip)'));
    }
    if (!email || login['@Password'] !== SANDBOX_SECRET)
      return sendJp(req, reply, sc, meta.op, errorRs(opName, 'ACCESS_DENIED', 'Invalid login'));
    const quota = () => errorRs(opName, 'MAX_REQUESTS_EXCEEDED', 'Maximum number of requests exceeded');
    if (
      await prelude(sim, 'juniper', req, reply, sc, meta.op, {
        server: () => (soap12 ? toSoap12(fault()) : fault()),
        quota: () => (soap12 ? toSoap12(quota()) : quota()),
      })
    )
      return;
    const reply200 = (inner: X, attrs: X = {}) => sendJp(req, reply, sc, meta.op, xml(200, envelope(opName, meta.rs, inner, attrs)));
    const fail = (code: string, t: string) => sendJp(req, reply, sc, meta.op, errorRs(opName, code, t));
    const transfer = transfers(opName, { rq, sc, reply200, fail });
    if (transfer) return transfer;

    switch (opName) {
      case 'ZoneList': {
        const zones = DESTINATIONS.flatMap((d) => [
          {
            '@JPDCode': `JPD${d.code}`,
            '@Code': cityZone(d),
            '@AreaType': 'CTY',
            Name: d.city,
          },
          ...d.zones.map((z) => ({
            '@JPDCode': `JPD${z.code}`,
            '@Code': z.code,
            '@ParentCode': z.code === '10003' ? '10002' : cityZone(d),
            '@AreaType': z.resort ? 'ARE' : 'ZON',
            Name: z.name,
          })),
        ]);
        return reply200({ ZoneList: { Zone: zones } });
      }
      case 'HotelContent': {
        const codes = arr(obj(rq.HotelContentList).Hotel).map((x) => String(x['@Code']));
        if (!codes.length || codes.length > 25) return fail('REQ_PRACTICE', 'Between 1 and 25 hotels per request');
        return reply200({ Contents: { HotelContent: hotelContents(req, codes) } });
      }
      case 'HotelAvail': {
        const seg = arr(obj(obj(rq.HotelRequest).SearchSegmentsHotels).SearchSegmentHotels)[0] ?? {};
        const ci = String(seg['@Start'] ?? '');
        const co = String(seg['@End'] ?? '');
        if (!parseDay(ci) || !parseDay(co) || co <= ci || ci < today()) return fail('REQ_PRACTICE', 'Invalid dates');
        const residence = text(obj(obj(rq.HotelRequest).SearchSegmentsHotels).CountryOfResidence);
        if (!/^[A-Z]{2}$/.test(residence)) return fail('REQ_PRACTICE', 'CountryOfResidence is required');
        const occ = occupancies(rq);
        if (typeof occ === 'string') return fail('REQ_PRACTICE', occ);
        const zone = String(seg['@DestinationZone'] ?? '');
        const codes = arr(obj(obj(obj(rq.HotelRequest).SearchSegmentsHotels).HotelCodes).HotelCode).map(text);
        let hotels: Hotel[];
        if (codes.length) hotels = codes.map((c) => findHotel(c)).filter((h): h is Hotel => !!h);
        else if (zone) {
          const zones = zoneAndChildren(zone);
          hotels = DESTINATIONS.flatMap(hotelsOf).filter((h) => zones.includes(h.zone.code) || cityZone(h.destination) === zone);
        } else return fail('REQ_PRACTICE', 'HotelCodes or DestinationZone is required');
        const currency = text(obj(rq.AdvancedOptions).UseCurrency) || 'USD';
        if (sc.has('no-avail', 'search') || !hotels.length) return fail('NO_AVAIL_FOUND', 'No availability found');
        const results = hotels
          .map((h) => {
            const options = h.rooms
              .filter((room) => occ.every((o) => roomFits(room, o)))
              .flatMap((room) =>
                h.boards.map((b) => {
                  const c = occ.reduce((s, o) => s + stayPrice(h, room, b, ci, co, o).total, 0);
                  const plan: RatePlan = {
                    h: h.jpCode,
                    r: room.code,
                    b,
                    ci,
                    co,
                    occ,
                    c,
                    cur: currency,
                    st: 'OK',
                    nrf: isNonRefundable(h, room, b),
                  };
                  return hotelOption(h, plan, sim.tokens.encode(plan, RATE_PLAN_TTL).token);
                }),
              );
            if (sc.has('absurd-prices', 'search') && options.length >= 2) {
              options[0].Prices.Price.TotalFixAmounts['@Nett'] = '0.00';
              options[1].Prices.Price.TotalFixAmounts['@Nett'] = centsToDecimal(
                decimalToCents(options[1].Prices.Price.TotalFixAmounts['@Nett']) * 100,
              );
            }
            return options.length ? { ...hotelInfo(h), HotelOptions: { HotelOption: options } } : null;
          })
          .filter(Boolean);
        if (!results.length) return fail('NO_AVAIL_FOUND', 'No availability found');
        return reply200({ Results: { HotelResult: results } });
      }
      case 'HotelCheckAvail':
      case 'HotelBookingRules': {
        const request = obj(rq.HotelCheckAvailRequest ?? rq.HotelBookingRulesRequest);
        const token = String(obj(request.HotelOption)['@RatePlanCode'] ?? '');
        const plan = sc.has('expired-token', 'quote') ? 'expired' : sim.tokens.decode<RatePlan>(token);
        if (plan === 'expired') return fail('RATEPLAN_EXPIRED', 'The RatePlanCode has expired');
        if (!plan) return fail('REQ_PRACTICE', 'Invalid RatePlanCode');
        const hotel = findHotel(plan.h)!;
        const warnings: X[] = [];
        let next: RatePlan = plan;
        if (opName === 'HotelCheckAvail' && sc.has('price-change', 'quote')) {
          next = { ...next, c: Math.round(plan.c * 1.15) };
          warnings.push({ '@Code': 'warnPriceChanged', '@Text': 'The price has changed' });
        }
        if (opName === 'HotelCheckAvail' && sc.has('on-request', 'quote')) {
          next = { ...next, st: 'RQ' };
          warnings.push({ '@Code': 'warnStatusChanged', '@Text': 'The status has changed' });
        }
        const newToken = next === plan ? token : sim.tokens.encode(next, RATE_PLAN_TTL).token;
        if (opName === 'HotelCheckAvail') {
          return reply200({
            ...(warnings.length ? { Warnings: { Warning: warnings } } : {}),
            Results: { HotelResult: { ...hotelInfo(hotel), HotelOptions: { HotelOption: hotelOption(hotel, next, newToken) } } },
          });
        }
        // `required-address:quote`: the holder's postal address and phone are required, as in the
        // recorded UAT BookingRules (docs/decisions/0160); the booking is refused without them.
        const needsAddress = sc.has('required-address', 'quote');
        const booking = sim.tokens.encode({ ...next, rp: token, ...(needsAddress ? { ra: 1 } : {}) }, BOOKING_CODE_TTL);
        const full = hotelOption(hotel, next, newToken);
        const option = hotelOption(hotel, next, newToken, {
          BookingCode: { '@ExpirationDate': booking.expiresAt.toISOString(), '#': booking.token },
          HotelRequiredFields: {
            HotelBooking: {
              Paxes: {
                Pax: needsAddress
                  ? [
                      {
                        '@IdPax': '1',
                        Name: '',
                        Surname: '',
                        PhoneNumbers: { PhoneNumber: '' },
                        Address: '',
                        City: '',
                        Country: '',
                        PostalCode: '',
                        Age: '',
                        Nationality: '',
                      },
                      ...plan.occ
                        .flatMap((o) => Array.from({ length: o.adults + o.childrenAges.length }, () => 0))
                        .slice(1)
                        .map((_, i) => ({ '@IdPax': String(i + 2), Age: '' })),
                    ]
                  : { '@IdPax': '1', Name: '', Surname: '', Nationality: '' },
              },
              Holder: { RelPax: { '@IdPax': '1' } },
              Elements: { HotelElement: { BookingCode: '', RelPaxesDist: '', HotelBookingInfo: { Price: '', HotelCode: '' } } },
            },
          },
          // As in the recorded UAT reply: the price, board and rooms of BookingRules live under PriceInformation.
          PriceInformation: { Board: full.Board, HotelRooms: full.HotelRooms, Prices: full.Prices },
          OptionalElements: {
            Comments: {
              Comment: [
                {
                  '@Type': 'HOT',
                  '#': `Check-in desde las 15:00. ${hotel.stars >= 4 ? 'Tasa de resort pagadera en el hotel.' : ''}`.trim(),
                },
              ],
            },
          },
        });
        const { Prices: _p, HotelRooms: _r, Board: _b, '@RatePlanCode': _c, ...rulesOption } = option;
        return reply200({ Results: { HotelResult: { ...hotelInfo(hotel), HotelOptions: { HotelOption: rulesOption } } } });
      }
      case 'HotelBooking': {
        const element = obj(obj(obj(rq.Elements).HotelElement));
        const code = text(element.BookingCode);
        const plan = sc.has('expired-token', 'book') ? 'expired' : sim.tokens.decode<RatePlan & { rp: string; ra?: 1 }>(code);
        if (plan === 'expired') return fail('BOOKING_CODE_EXPIRED', 'The BookingCode has expired');
        if (!plan) return fail('REQ_PRACTICE', 'Invalid BookingCode');
        const external = text(rq.ExternalBookingReference);
        if (!external || external.length > 50) return fail('REQ_PRACTICE', 'ExternalBookingReference is required (max 50)');
        const paxes = arr(obj(rq.Paxes).Pax);
        const occ = occupancies({ Paxes: rq.Paxes, RelPaxesDist: element.RelPaxesDist });
        if (typeof occ === 'string') return fail('REQ_PRACTICE', occ);
        const same =
          occ.length === plan.occ.length &&
          occ.every((o, i) => o.adults === plan.occ[i].adults && o.childrenAges.join() === plan.occ[i].childrenAges.join());
        if (!same) return fail('JP_BOOK_OCCUPANCY_ERROR', 'The distribution does not match the availability');
        if (paxes.some((p) => !text(p.Name) || !text(p.Surname))) return fail('REQ_PRACTICE', 'Pax Name and Surname are required');
        if (plan.ra) {
          const holder = paxes.find((p) => p['@IdPax'] === '1') ?? {};
          const absent = ['Address', 'City', 'Country', 'PostalCode'].filter((f) => !text(holder[f]));
          if (!text(obj(holder.PhoneNumbers).PhoneNumber)) absent.push('PhoneNumbers');
          if (absent.length) return fail('REQ_PRACTICE', `Required fields missing for pax 1: ${absent.join(', ')}`);
        }
        const range = obj(obj(obj(element.HotelBookingInfo).Price).PriceRange);
        const max = decimalToCents(String(range['@Maximum'] ?? ''));
        if (!Number.isFinite(max) || max < plan.c) return fail('PRICE_OUT_OF_RANGE', 'The price is higher than the PriceRange maximum');
        const onRequest = plan.st === 'RQ' || sc.has('on-request', 'book');
        const b: JpBooking = {
          locator: `SIM${String(nextNumber(sim, 'jp-locator', 40_000)).padStart(6, '0')}`,
          external,
          status: onRequest ? 'PDI' : 'PAG',
          itemStatus: onRequest ? 'RQ' : 'OK',
          plan,
          hotel: findHotel(plan.h)!,
          paxes,
          holderId: String(obj(obj(rq.Holder).RelPax)['@IdPax'] ?? '1'),
          created: new Date().toISOString(),
        };
        store.set(b.locator, b);
        return reply200(reservation(b));
      }
      case 'ReadBooking': {
        const r = obj(rq.ReadRequest);
        const locator = String(r['@ReservationLocator'] ?? '');
        const external = String(r['@ExternalBookingReference'] ?? '');
        const b = locator ? store.get(locator) : [...store.values()].find((x) => external && x.external === external);
        if (!b) return fail('BOOKING_NOT_FOUND', 'Reservation not found');
        return reply200(reservation(b));
      }
      case 'BookingList': {
        // Documented: at least one date filter; lists PAG bookings by locator (with BookingDate).
        const r = obj(rq.BookingListRequest);
        const range = obj(r.StartingBookingDate);
        const created = obj(r.BookingDate);
        const from = String(range['@From'] ?? created['@From'] ?? '');
        const to = String(range['@To'] ?? created['@To'] ?? '');
        if (!parseDay(from) || !parseDay(to)) return fail('REQ_PRACTICE', 'At least one date filter is required');
        const external = text(r.ExternalBookingReference);
        const byCheckIn = Boolean(range['@From']);
        const list = sc.has('hide-booking', 'list')
          ? []
          : [...store.values()].filter((b) => {
              const day = byCheckIn ? b.plan.ci : b.created.slice(0, 10);
              return b.status === 'PAG' && day >= from && day <= to && (!external || b.external === external);
            });
        return reply200({
          Reservations: { Reservation: list.map((b) => ({ '@Locator': b.locator, BookingDate: b.created.slice(0, 10) })) },
        });
      }
      case 'CancelBooking': {
        const r = obj(rq.CancelRequest);
        const b = store.get(String(r['@ReservationLocator'] ?? ''));
        if (!b) return fail('BOOKING_NOT_FOUND', 'Reservation not found');
        if (b.status === 'CAN' || b.status === 'CAC') return fail('BOOKING_ALREADY_CANCELLED', 'Reservation already cancelled');
        const hotel = b.hotel;
        const steps = penaltySteps(hotel, b.plan.nrf, b.plan.ci, b.plan.c, nightsBetween(b.plan.ci, b.plan.co));
        const cost = penaltyNow(steps);
        const onlyFees = r['@OnlyCancellationFees'] === 'true';
        if (!onlyFees) {
          b.status = cost > 0 ? 'CAC' : 'CAN';
          b.itemStatus = 'CA';
          b.cancelCost = cost;
        }
        // BookingCodeState is mixed case in the published log ("CaC").
        const state = onlyFees ? b.status : b.status === 'CAC' ? 'CaC' : 'CaN';
        return reply200({
          Warnings: {
            Warning: {
              '@Code': onlyFees ? 'warnCancellationCostRetrieved' : 'warnCancelledAndCancellationCostRetrieved',
              '@Text': onlyFees ? 'Cancellation cost retrieved.' : 'Cancellation cost retrieved. Reservation was cancelled.',
            },
            CancelInfo: {
              BookingCodeState: state,
              BookingCancelCost: centsToDecimal(cost),
              BookingCancelCostCurrency: b.plan.cur,
            },
          },
          ...reservation(b),
        });
      }
    }
  };

  app.post('/webservice/JP/Operations/:group', handler);
  app.post('/webservice/JP/WebServiceJP.asmx', handler);
  // The service description real clients load first (`?WSDL`); its content is our reconstruction.
  app.get('/webservice/JP/WebServiceJP.asmx', async (req, reply) => {
    const host = `http://${req.headers.host ?? 'localhost'}/juniper`;
    return reply.type('text/xml; charset=utf-8').send(wsdl(host));
  });
  app.get('/webservice/JP/Operations/:group', async (req, reply) => {
    const host = `http://${req.headers.host ?? 'localhost'}/juniper`;
    return reply.type('text/xml; charset=utf-8').send(wsdl(host));
  });
}

function reservation(b: JpBooking) {
  const { _nights, ...policy } = cancellationPolicy(b.hotel, b.plan);
  const room = ROOM_TYPES.find((r) => r.code === b.plan.r)!;
  return {
    Reservations: {
      Reservation: {
        '@Locator': b.locator,
        '@Status': b.status,
        ExternalBookingReference: b.external,
        Holder: { RelPax: { '@IdPax': b.holderId } },
        Paxes: {
          Pax: b.paxes.map((p) => ({ '@IdPax': p['@IdPax'], Name: text(p.Name), Surname: text(p.Surname), Age: text(p.Age) || undefined })),
        },
        Items: {
          HotelItem: {
            '@ItemId': '1',
            '@Status': b.itemStatus,
            '@Start': b.plan.ci,
            '@End': b.plan.co,
            Prices: {
              Price: {
                '@Type': 'S',
                '@Currency': b.plan.cur,
                TotalFixAmounts: { '@Gross': centsToDecimal(Math.round(b.plan.c * 1.1)), '@Nett': centsToDecimal(b.plan.c) },
              },
            },
            CancellationPolicy: policy,
            HotelInfo: { '@Code': b.hotel.jpCode, Name: b.hotel.name, HotelCategory: { '@Type': `${b.hotel.stars}est` } },
            Board: { '@Type': JP_BOARD[b.plan.b].type, '#': JP_BOARD[b.plan.b].name },
            HotelRooms: {
              HotelRoom: b.plan.occ.map((_, i) => ({
                '@Units': '1',
                '@Source': String(i + 1),
                Name: room.name,
                RoomCategory: { '@Type': room.code, '#': room.name },
              })),
            },
            ...(b.status === 'PAG' ? { ExternalInfo: { HotelConfirmationNumber: `HCN${b.locator.slice(3)}` } } : {}),
          },
        },
      },
    },
  };
}
