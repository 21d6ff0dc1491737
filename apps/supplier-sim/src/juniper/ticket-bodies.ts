import { activityExtras } from '../core/activity-extras.js';
import { addDays } from '../core/dates.js';
import { type Activity, activitiesOf, cityZone, DESTINATIONS, type Destination } from '../core/inventory.js';
import { centsToDecimal } from '../core/prng.js';
import type { SimContext } from '../core/sim.js';

/**
 * Juniper JP ticket (service) reply parts, in the JP WSDL's element names (JAXB classes generated
 * from it: Gnafpas/ATBHolidaysAPIs `src/main/java/DAOs/JuniperAPIDAOs/JPService*.java`; sources in
 * apps/server/src/suppliers/juniper/fixtures/README.md, J10–J13). The activities are the same
 * inventory the Hotelbeds Activities simulator sells.
 */

export const RATE_PLAN_TTL = 30 * 60_000;
export const BOOKING_CODE_TTL = 10 * 60_000;
const ADULT_FROM = 12;
const CHILD_FROM = 3;

export type X = Record<string, unknown>;

/** What a ticket RatePlanCode stands for: one activity option, day, session and the searched ages. */
export interface TicketPlan extends Record<string, unknown> {
  a: string;
  m: string;
  day: string;
  time: string | null;
  ages: number[];
  c: number;
  cur: string;
}

/** A ticket booking, kept in the Juniper store beside hotel bookings: BookingList reads `plan.ci`. */
export interface TicketBooking extends Record<string, unknown> {
  kind: 'ticket';
  locator: string;
  external: string;
  status: 'PAG' | 'PDI' | 'CAN' | 'CAC';
  itemStatus: 'OK' | 'RQ' | 'CA';
  plan: { ci: string };
  ticket: TicketPlan;
  paxes: X[];
  holderId: string;
  meetingPoint: X | null;
  cancelCost?: number;
  created: string;
}

export const serviceCode = (a: Activity) => `JPS-${a.code.slice(2)}`;

export function findService(code: string): Activity | undefined {
  return DESTINATIONS.flatMap(activitiesOf).find((a) => serviceCode(a) === code || a.code === code);
}

export function destinationOfZone(zone: string): Destination | undefined {
  return DESTINATIONS.find((d) => cityZone(d) === zone || d.zones.some((z) => z.code === zone));
}

export function priceOf(m: Activity['modalities'][number], ages: number[]) {
  return ages.reduce((s, age) => s + (age >= ADULT_FROM ? m.adultCents : age >= CHILD_FROM ? m.childCents : 0), 0);
}

export function price(cents: number, cur: string) {
  return {
    Price: {
      '@Type': 'S',
      '@Currency': cur,
      TotalFixAmounts: {
        '@Gross': centsToDecimal(Math.round(cents * 1.1)),
        '@Nett': centsToDecimal(cents),
        Service: { '@Amount': centsToDecimal(cents) },
        ServiceTaxes: { '@Included': 'true', '@Amount': '0' },
      },
    },
  };
}

/** Free until `freeCancelDays` before the day, then the whole price (Rule Type V with dates). */
export function policyOf(a: Activity, plan: TicketPlan) {
  return {
    '@CurrencyCode': plan.cur,
    Description: `Cancelación gratuita hasta ${a.freeCancelDays} día(s) antes de la actividad.`,
    PolicyRules: {
      Rule: [
        {
          '@DateFrom': addDays(plan.day, -a.freeCancelDays),
          '@DateTo': plan.day,
          '@Type': 'V',
          '@FixedPrice': centsToDecimal(plan.c),
          '@PercentPrice': '0',
        },
      ],
    },
  };
}

export const penaltyNow = (a: Activity, plan: TicketPlan, now = new Date()) =>
  now.toISOString().slice(0, 10) >= addDays(plan.day, -a.freeCancelDays) ? plan.c : 0;

function meetingPoints(a: Activity) {
  const p = activityExtras(a).pickup;
  return p
    ? {
        RestrictedMeetingPoints: {
          MeetingPoint: [
            {
              '@Code': p.code,
              '@Time': p.time,
              '@Address': p.address,
              '@Latitude': String(p.lat),
              '@Longitude': String(p.lng),
              Name: p.name,
            },
          ],
        },
      }
    : {};
}

/** The ServiceOption of one modality: a Date per day of the range and session, each with its RatePlanCode. */
function serviceOption(sim: SimContext, a: Activity, m: Activity['modalities'][number], range: string[], ages: number[], bump: number) {
  const cur = a.destination.currency;
  const times = activityExtras(a).sessions.map((s) => s.name);
  const c = Math.round(priceOf(m, ages) * bump);
  const dates = range.flatMap((day) =>
    (times.length ? times : [null]).map((time) => {
      const plan: TicketPlan = { a: a.code, m: m.code, day, time, ages, c, cur };
      return {
        '@Start': `${day}T${time ?? '00:00'}:00`,
        '@End': `${day}T23:59:00`,
        '@RatePlanCode': sim.tokens.encode(plan, RATE_PLAN_TTL).token,
        Prices: price(c, cur),
        SupplierName: 'Proveedor local (sim)',
      };
    }),
  );
  return {
    '@Code': m.code,
    '@Duration': `PT${Number.parseInt(m.duration, 10)}H`,
    Name: m.name,
    Description: activityExtras(a).content.description,
    Dates: { Date: dates },
    ...meetingPoints(a),
  };
}

export function serviceResult(sim: SimContext, a: Activity, zone: string, range: string[], ages: number[], bump: number) {
  return {
    '@Code': serviceCode(a),
    '@Start': range[0],
    '@End': range[range.length - 1],
    '@DestinationZone': zone,
    '@Status': 'OK',
    ServiceInfo: {
      Name: a.name,
      Description: activityExtras(a).content.description,
      Images: { Image: [`https://img.sim.travesia/${a.code}.jpg`] },
    },
    ServiceOptions: { ServiceOption: a.modalities.map((m) => serviceOption(sim, a, m, range, ages, bump)) },
  };
}

/**
 * ServiceRequiredFields: a ServiceBooking skeleton naming what the booking must carry — the holder's
 * name (and contact and address with `required-address`), every pax's age, and the hotel to pick up
 * from when the activity has a pickup.
 */
export function requiredFields(a: Activity, ages: number[], requireAddress: boolean) {
  const holder = requireAddress ? { PhoneNumbers: '', Address: '', City: '', Country: '', PostalCode: '' } : {};
  return {
    ServiceBooking: {
      Paxes: { Pax: ages.map((_, i) => ({ '@IdPax': String(i + 1), ...(i === 0 ? { Name: '', Surname: '', ...holder } : {}), Age: '' })) },
      ...(activityExtras(a).pickup ? { Elements: { ServiceElement: { ServiceBookingInfo: { HotelService: { Name: '' } } } } } : {}),
    },
  };
}

export function reservation(b: TicketBooking, a: Activity) {
  const m = a.modalities.find((x) => x.code === b.ticket.m) ?? a.modalities[0];
  return {
    Reservations: {
      Reservation: {
        '@Locator': b.locator,
        '@Status': b.status,
        ExternalBookingReference: b.external,
        Holder: { RelPax: { '@IdPax': b.holderId } },
        Paxes: { Pax: b.paxes },
        Items: {
          ServiceItem: {
            '@ItemId': '1',
            '@Status': b.itemStatus,
            '@Start': b.ticket.day,
            '@End': b.ticket.day,
            '@Code': serviceCode(a),
            Prices: price(b.ticket.c, b.ticket.cur),
            CancellationPolicy: policyOf(a, b.ticket),
            ServiceInfo: { Name: a.name },
            ServiceOptions: {
              ServiceOption: {
                '@Code': m.code,
                '@Start': `${b.ticket.day}T${b.ticket.time ?? '00:00'}:00`,
                Name: m.name,
                ...(b.meetingPoint ? { RestrictedMeetingPoints: { MeetingPoint: b.meetingPoint } } : {}),
              },
            },
          },
        },
      },
    },
  };
}
