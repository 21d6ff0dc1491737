import { addDays, today } from '../core/dates.js';
import { VEHICLES } from '../core/inventory.js';
import { centsToDecimal } from '../core/prng.js';
import { nextNumber, type ScenarioSet, type SimContext, type SimOperation } from '../core/sim.js';
import { areaTransferPrice, findTransferZone, isTerminal, pickupAt, type TransferZone, transferZones } from '../core/transfer-points.js';

/**
 * Juniper JP transfers (docs/decisions/0226): ZoneList ProductType TRF, TransferAvail, TransferBookingRules,
 * TransferBooking, and ReadBooking / CancelBooking / BookingList for transfer locators. Element names as
 * published client code sends and reads them (server fixtures/README.md J-T1…J-T3); the rest is our guess.
 * Registered by one line in routes.ts, which runs the shared checks (gzip, login, scenarios) first.
 */
export const JUNIPER_TRANSFER_OPS: Record<string, { rs: string; op: SimOperation }> = {
  TransferAvail: { rs: 'AvailabilityRS', op: 'search' },
  TransferBookingRules: { rs: 'BookingRulesRS', op: 'quote' },
  TransferBooking: { rs: 'BookingRS', op: 'book' },
};

type X = Record<string, unknown>;
const obj = (v: unknown): X => (v && typeof v === 'object' ? (v as X) : {});
const arr = (v: unknown): X[] => (Array.isArray(v) ? (v as X[]) : v ? [v as X] : []);
const text = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'object' && v && '#text' in v ? String((v as X)['#text']) : '';

const RATE_PLAN_TTL = 30 * 60_000;
const BOOKING_CODE_TTL = 10 * 60_000;
const TYPE: Record<string, string> = { airport: 'AIR', port: 'POR', station: 'EST', hotel: 'ALO', address: 'ALO' };

interface TrPlan extends Record<string, unknown> {
  v: string;
  o: string;
  d: string;
  at: string;
  ages: number[];
  c: number;
  cur: string;
}

interface TrItem {
  plan: TrPlan;
  status: 'OK' | 'RQ' | 'CA';
  flight?: string;
  meeting?: { name: string; address: string; postalCode: string };
}

interface TrReservation {
  locator: string;
  external: string;
  status: 'PAG' | 'CAN' | 'CAC';
  items: TrItem[];
  paxes: X[];
  comment?: string;
  created: string;
  cancelCost?: number;
}

export interface JuniperOpContext {
  rq: X;
  sc: ScenarioSet;
  reply200: (inner: X, attrs?: X) => Promise<unknown>;
  fail: (code: string, text: string) => Promise<unknown>;
}

const zone = (code: string) => findTransferZone(code) as TransferZone;
const vehicle = (id: string) => VEHICLES.find((v) => v.id === id) as (typeof VEHICLES)[number];
const images = (v: string) => ({
  Image: [{ '@Featured': 'true', FileName: `https://sim.travesia.test/img/transfers/${v.toLowerCase()}-large.jpg` }],
});
const price = (cents: number, cur: string) => ({
  Price: {
    '@Type': 'S',
    '@Currency': cur,
    TotalFixAmounts: { '@Gross': centsToDecimal(cents), '@Nett': centsToDecimal(cents), Service: { '@Amount': centsToDecimal(cents) } },
  },
});
const end = (z: TransferZone) => ({ '@Code': z.code, '@Type': TYPE[z.point.kind], Name: z.name });
const nonRefundable = (p: TrPlan) => vehicle(p.v).category === 'PREMIUM';

/** Free until the day before (rule V), then 100 %; premium cars non-refundable (rule R from confirmation). */
function policy(p: TrPlan) {
  const day = p.at.slice(0, 10);
  const rules = nonRefundable(p)
    ? [{ '@Type': 'R', '@From': '0', '@PercentPrice': '100', '@FixedPrice': '0' }]
    : [
        { '@Type': 'V', '@DateFrom': today(), '@DateTo': addDays(day, -1), '@FixedPrice': '0', '@PercentPrice': '0' },
        { '@Type': 'V', '@DateFrom': addDays(day, -1), '@DateTo': day, '@FixedPrice': '0', '@PercentPrice': '100' },
      ];
  return {
    '@CurrencyCode': p.cur,
    Description: nonRefundable(p) ? 'Non refundable.' : 'Free cancellation until the day before the service.',
    PolicyRules: { Rule: rules },
  };
}
const costNow = (p: TrPlan) => (nonRefundable(p) || today() >= addDays(p.at.slice(0, 10), -1) ? p.c : 0);

export function juniperTransfers(sim: SimContext) {
  const store = new Map<string, TrReservation>();

  const infoOf = (p: TrPlan) => {
    const v = vehicle(p.v);
    return {
      Name: `${v.transferType === 'SHARED' ? 'Shared shuttle' : 'Private transfer'} ${v.category}`,
      Description: 'Meet and greet included.',
      Images: images(v.id),
    };
  };

  const reservation = (r: TrReservation) => ({
    Reservations: {
      Reservation: {
        '@Locator': r.locator,
        '@Status': r.status,
        ExternalBookingReference: r.external,
        Holder: { RelPax: { '@IdPax': '1' } },
        Paxes: {
          Pax: r.paxes.map((p) => ({ '@IdPax': p['@IdPax'], Name: text(p.Name), Surname: text(p.Surname), Age: text(p.Age) || undefined })),
        },
        ...(r.comment ? { Comments: { Comment: { '@Type': 'RES', '#': r.comment } } } : {}),
        Items: {
          TransferItem: r.items.map((it, i) => {
            const [o, d] = [zone(it.plan.o), zone(it.plan.d)];
            return {
              '@ItemId': String(i + 1),
              '@Status': it.status,
              '@Start': it.plan.at.slice(0, 10),
              '@End': it.plan.at.slice(0, 10),
              '@Code': `TR-${it.plan.v}`,
              Prices: price(it.plan.c, it.plan.cur),
              CancellationPolicy: policy(it.plan),
              TransferInfo: infoOf(it.plan),
              TransfersBookingInfo: {
                TransferBookingInfo: {
                  Origin: {
                    ...end(o),
                    ...(it.flight && isTerminal(o.point) ? { FlightInfo: { '@FlightNumber': it.flight, '@FlightTime': it.plan.at } } : {}),
                    MeetingPointInfo: {
                      '@MeetingTime': it.plan.at,
                      Name: it.meeting?.name ?? o.name,
                      ...(it.meeting ? { Address: it.meeting.address, PostalCode: it.meeting.postalCode } : {}),
                    },
                  },
                  Destination: { ...end(d), ...(it.flight && isTerminal(d.point) ? { FlightInfo: { '@FlightNumber': it.flight } } : {}) },
                },
              },
            };
          }),
        },
      },
    },
  });

  const avail = (c: JuniperOpContext) => {
    const request = obj(c.rq.TransferRequest);
    const seg = obj(arr(obj(request.SearchSegmentsTransfers).SearchSegmentTransfers)[0]);
    const [o, d] = [findTransferZone(String(seg['@OriginZone'] ?? '')), findTransferZone(String(seg['@DestinationZone'] ?? ''))];
    const start = String(seg['@Start'] ?? '');
    const hour = String(seg['@Hour'] ?? '12:00');
    if (!o || !d || !/^\d{4}-\d{2}-\d{2}$/.test(start) || !/^\d{2}:\d{2}$/.test(hour))
      return c.fail('REQ_PRACTICE', 'OriginZone, DestinationZone, Start and Hour are required');
    if (start < today()) return c.fail('REQ_PRACTICE', 'Start is in the past');
    if (o.point.area !== d.point.area || o.code === d.code || c.sc.has('no-avail', 'search'))
      return c.fail('NO_AVAIL_FOUND', 'No availability found');
    const ages = arr(obj(c.rq.Paxes).Pax).map((p) => Number(text(p.Age) || 30));
    const pax = ages.filter((a) => a >= 2).length;
    const at = pickupAt(o.point, d.point, `${start}T${hour}:00`);
    const results = VEHICLES.flatMap((v, i) => {
      const cents = areaTransferPrice(v.id, o.point.area, pax);
      if (cents === null || !pax) return [];
      const absurd = c.sc.has('absurd-prices', 'search') ? [0, 100][i] : undefined;
      const plan: TrPlan = {
        v: v.id,
        o: o.code,
        d: d.code,
        at,
        ages,
        c: absurd === undefined ? cents : cents * absurd,
        cur: o.point.area.currency,
      };
      return [
        {
          '@Code': `TR-${v.id}`,
          '@Status': 'OK',
          '@Start': start,
          '@End': start,
          TransferInfo: infoOf(plan),
          TransferOptions: {
            TransferOption: {
              '@Code': v.id,
              '@Duration': '45',
              '@MinPax': String(v.min),
              '@MaxPax': String(v.max),
              Name: v.transferType === 'SHARED' ? `${v.vehicle} (shared shuttle)` : v.vehicle,
              Description: v.transferType === 'SHARED' ? 'Shared ride, several stops.' : 'Exclusive ride for your party.',
              OriginName: o.name,
              DestinationName: d.name,
              Dates: {
                Date: { '@RatePlanCode': sim.tokens.encode(plan, RATE_PLAN_TTL).token, '@Start': at, Prices: price(plan.c, plan.cur) },
              },
            },
          },
          Origins: { Origin: end(o) },
          Destinations: { Destination: end(d) },
        },
      ];
    });
    return c.reply200({ Results: { TransferResult: results } });
  };

  const rules = (c: JuniperOpContext) => {
    const token = String(obj(obj(c.rq.TransferBookingRuleRequest).TransferRuleOption)['@RatePlanCode'] ?? '');
    const plan = c.sc.has('expired-token', 'quote') ? 'expired' : sim.tokens.decode<TrPlan>(token);
    if (plan === 'expired') return c.fail('RATEPLAN_EXPIRED', 'The RatePlanCode has expired');
    if (!plan) return c.fail('REQ_PRACTICE', 'Invalid RatePlanCode');
    const changed = c.sc.has('price-change', 'quote');
    const next: TrPlan = { ...plan, c: changed ? Math.round(plan.c * 1.15) : plan.c };
    const code = sim.tokens.encode(next, BOOKING_CODE_TTL);
    const [o, d] = [zone(plan.o), zone(plan.d)];
    const terminal = isTerminal(o.point) ? 'Origin' : isTerminal(d.point) ? 'Destination' : null;
    return c.reply200({
      ...(changed ? { Warnings: { Warning: { '@Code': 'warnPriceChanged', '@Text': 'The price has changed' } } } : {}),
      Results: {
        TransferResult: {
          '@Code': `TR-${plan.v}`,
          '@Status': 'OK',
          '@Start': plan.at.slice(0, 10),
          '@End': plan.at.slice(0, 10),
          BookingCode: { '@ExpirationDate': code.expiresAt.toISOString(), '#': code.token },
          TransferRequiredFields: {
            TransferBooking: {
              Paxes: { Pax: [{ '@IdPax': '1', Name: '', Surname: '', Email: '', PhoneNumbers: { PhoneNumber: '' } }] },
              Elements: {
                TransferElement: {
                  BookingCode: code.token,
                  TransfersBookingInfo: {
                    TransferBookingInfo: {
                      Origin: {
                        '@Type': TYPE[o.point.kind],
                        ...(terminal === 'Origin'
                          ? { FlightInfo: { '@FlightNumber': '', '@FlightTime': '' } }
                          : { MeetingPointInfo: { '@Code': '000', '@MeetingTime': '' } }),
                      },
                      Destination: {
                        '@Type': TYPE[d.point.kind],
                        ...(terminal === 'Destination' ? { FlightInfo: { '@FlightNumber': '', '@FlightTime': '' } } : {}),
                      },
                    },
                  },
                },
              },
            },
          },
          CancellationPolicy: policy(next),
          PriceInformation: { TransferInfo: infoOf(next), Prices: price(next.c, next.cur) },
        },
      },
    });
  };

  const book = (c: JuniperOpContext) => {
    const external = text(c.rq.ExternalBookingReference);
    const paxes = arr(obj(c.rq.Paxes).Pax);
    const holder = paxes[0] ?? {};
    if (!external || !text(holder.Name) || !text(holder.Surname))
      return c.fail('REQ_PRACTICE', 'Holder name and ExternalBookingReference are required');
    if (!text(holder.Email) || !text(obj(holder.PhoneNumbers).PhoneNumber))
      return c.fail('REQ_PRACTICE', 'The holder Email and PhoneNumbers are required');
    const elements = arr(obj(c.rq.Elements).TransferElement);
    if (!elements.length) return c.fail('REQ_PRACTICE', 'At least one TransferElement is required');
    const items: TrItem[] = [];
    for (const el of elements) {
      const plan = c.sc.has('expired-token', 'book') ? 'expired' : sim.tokens.decode<TrPlan>(text(el.BookingCode));
      if (plan === 'expired') return c.fail('BOOKING_CODE_EXPIRED', 'The BookingCode has expired');
      if (!plan) return c.fail('REQ_PRACTICE', 'Invalid BookingCode');
      const info = obj(arr(obj(el.TransfersBookingInfo).TransferBookingInfo)[0]);
      const [o, d] = [zone(plan.o), zone(plan.d)];
      const origin = obj(info.Origin);
      const flight = String(obj(origin.FlightInfo)['@FlightNumber'] ?? obj(obj(info.Destination).FlightInfo)['@FlightNumber'] ?? '');
      if ((isTerminal(o.point) || isTerminal(d.point)) && !flight.trim())
        return c.fail('REQ_PRACTICE', 'FlightNumber is required for this transfer');
      const meeting = obj(origin.MeetingPointInfo);
      items.push({
        plan,
        status: c.sc.has('on-request', 'book') ? 'RQ' : 'OK',
        ...(flight ? { flight } : {}),
        ...(text(meeting.Address)
          ? { meeting: { name: text(meeting.Name), address: text(meeting.Address), postalCode: text(meeting.PostalCode) } }
          : {}),
      });
    }
    const r: TrReservation = {
      locator: `TRF${nextNumber(sim, 'jp-trf', 500_000)}`,
      external,
      status: 'PAG',
      items,
      paxes,
      comment: text(obj(arr(obj(c.rq.Comments).Comment)[0])) || undefined,
      created: new Date().toISOString(),
    };
    store.set(r.locator, r);
    return c.reply200(reservation(r));
  };

  const cancel = (c: JuniperOpContext, r: TrReservation, onlyFees: boolean) => {
    if (r.status !== 'PAG') return c.fail('BOOKING_ALREADY_CANCELLED', 'Reservation already cancelled');
    const cost = r.items.reduce((s, it) => s + costNow(it.plan), 0);
    if (!onlyFees) {
      r.status = cost > 0 ? 'CAC' : 'CAN';
      r.cancelCost = cost;
      for (const it of r.items) it.status = 'CA';
    }
    return c.reply200({
      Warnings: {
        Warning: {
          '@Code': onlyFees ? 'warnCancellationCostRetrieved' : 'warnCancelledAndCancellationCostRetrieved',
          '@Text': onlyFees ? 'Cancellation cost retrieved.' : 'Cancellation cost retrieved. Reservation was cancelled.',
        },
        CancelInfo: {
          BookingCodeState: onlyFees ? r.status : r.status === 'CAC' ? 'CaC' : 'CaN',
          BookingCancelCost: centsToDecimal(cost),
          BookingCancelCostCurrency: r.items[0].plan.cur,
        },
      },
      ...reservation(r),
    });
  };

  /** Answers the operations that concern transfers; null leaves the request to the hotel handler. */
  return (opName: string, c: JuniperOpContext): Promise<unknown> | null => {
    switch (opName) {
      case 'ZoneList':
        if (obj(c.rq.ZoneListRequest)['@ProductType'] !== 'TRF') return null;
        return c.reply200({
          ZoneList: {
            Zone: transferZones().map((z) => ({
              '@Code': z.code,
              '@AreaType': z.areaType,
              ...(z.parent ? { '@ParentCode': z.parent } : {}),
              ...(z.iata ? { '@IATA': z.iata } : {}),
              Name: z.name,
            })),
          },
        });
      case 'TransferAvail':
        return avail(c);
      case 'TransferBookingRules':
        return rules(c);
      case 'TransferBooking':
        return book(c);
      case 'ReadBooking': {
        const r = store.get(String(obj(c.rq.ReadRequest)['@ReservationLocator'] ?? ''));
        return r ? c.reply200(reservation(r)) : null;
      }
      case 'CancelBooking': {
        const req = obj(c.rq.CancelRequest);
        const r = store.get(String(req['@ReservationLocator'] ?? ''));
        return r ? cancel(c, r, req['@OnlyCancellationFees'] === 'true') : null;
      }
      case 'BookingList': {
        const req = obj(c.rq.BookingListRequest);
        const external = text(req.ExternalBookingReference);
        const range = obj(req.StartingBookingDate);
        const list = [...store.values()].filter(
          (r) =>
            r.external === external &&
            r.status === 'PAG' &&
            r.items[0].plan.at.slice(0, 10) >= String(range['@From']) &&
            r.items[0].plan.at.slice(0, 10) <= String(range['@To']),
        );
        if (!external || ![...store.values()].some((r) => r.external === external)) return null;
        return c.reply200({
          Reservations: {
            Reservation: c.sc.has('hide-booking', 'list')
              ? []
              : list.map((r) => ({ '@Locator': r.locator, BookingDate: r.created.slice(0, 10) })),
          },
        });
      }
      default:
        return null;
    }
  };
}
