import { activityExtras } from '../core/activity-extras.js';
import { addDays } from '../core/dates.js';
import type { Activity } from '../core/inventory.js';
import { centsToDecimal } from '../core/prng.js';
import type { SimContext } from '../core/sim.js';

/**
 * Hotelbeds Activities API v3 reply bodies (availability, details, booking), in the shapes of
 * developer.hotelbeds.com and the aliBordbar1992/HotelBedsSDK DTOs (sources in
 * apps/server/src/suppliers/hotelbeds/fixtures/README.md, A1–A6): modalities with `questions`, rates
 * with `rateDetails[{rateKey, operationDates[{from,to,cancellationPolicies}], sessions[{code,name}],
 * languages[{code,description}], pickup, totalAmount, paxAmounts}]`, the activity `content`, and
 * booking activities with `vouchers[{language,url,mimeType}]` when the provider issues its own.
 */

export const RATE_KEY_TTL = 30 * 60_000;
/** Adults from this age; children from CHILD_FROM; younger ones go free. */
export const ADULT_FROM = 12;
const CHILD_FROM = 3;

export interface ActKey extends Record<string, unknown> {
  a: string;
  m: string;
  from: string;
  to: string;
  ages: number[];
  c: number;
}

export interface ActBooking {
  reference: string;
  clientReference: string;
  status: 'CONFIRMED' | 'CANCELLED' | 'PRECONFIRMED';
  activity: Activity;
  key: ActKey;
  holder: { name: string; surname: string };
  paxes: { name: string; surname: string; age: number; type: string }[];
  session: string | null;
  language: string | null;
  answers: { code: string; answer: string }[];
  created: string;
  cancelCents?: number;
  /** Where the simulator serves the provider voucher, when the activity has one. */
  voucherBase: string | null;
}

export const money = (cents: number) => Number(centsToDecimal(cents));

export function priceOf(modality: Activity['modalities'][number], ages: number[]) {
  return ages.reduce((s, age) => s + (age >= ADULT_FROM ? modality.adultCents : age >= CHILD_FROM ? modality.childCents : 0), 0);
}

/** Free until `freeCancelDays` before the activity day, then the whole price. */
export function policy(a: Activity, day: string, cents: number) {
  return [{ dateFrom: `${addDays(day, -a.freeCancelDays)}T00:00:00-05:00`, amount: money(cents) }];
}

/** Every day of the range is an operation date (at most 14), each with its own cancellation policy. */
function operationDates(a: Activity, from: string, to: string, cents: number) {
  const days: string[] = [];
  for (let d = from; d <= to && days.length < 14; d = addDays(d, 1)) days.push(d);
  return days.map((d) => ({ from: d, to: d, cancellationPolicies: policy(a, d, cents) }));
}

function bands(m: Activity['modalities'][number]) {
  return [
    { paxType: 'ADULT', ageFrom: ADULT_FROM, ageTo: 99, amount: money(m.adultCents) },
    { paxType: 'CHILD', ageFrom: CHILD_FROM, ageTo: ADULT_FROM - 1, amount: money(m.childCents) },
  ];
}

function content(a: Activity) {
  const { content: c, category } = activityExtras(a);
  const mp = c.meetingPoint;
  return {
    name: a.name,
    description: c.description,
    // Group 1 of the factsheet's segmentation is the activity's category.
    segmentationGroups: [{ code: 1, name: 'Categorías', segments: [category] }],
    featureGroups: [
      {
        groupCode: 'GENERAL',
        included: c.included.map((description) => ({ featureType: 'GENERAL', description })),
        excluded: c.excluded.map((description) => ({ featureType: 'GENERAL', description })),
      },
    ],
    importantInfo: c.importantInfo,
    location: {
      startingPoints: [
        {
          type: 'MEETING_POINT',
          meetingPoint: {
            type: 'MEETING_POINT',
            geolocation: { latitude: mp.lat, longitude: mp.lng },
            address: mp.address,
            city: a.destination.city,
            country: { code: a.destination.country },
            description: mp.description,
          },
        },
      ],
    },
  };
}

function pickupOf(a: Activity) {
  const p = activityExtras(a).pickup;
  return p
    ? {
        pickupName: p.name,
        zoneCode: p.code,
        description: p.address,
        geolocation: { latitude: p.lat, longitude: p.lng },
        time: p.time,
      }
    : undefined;
}

export function activityBody(sim: SimContext, a: Activity, from: string, to: string, ages: number[], bump: number) {
  const cur = a.destination.currency;
  const extras = activityExtras(a);
  return {
    code: a.code,
    name: a.name,
    currency: cur,
    type: 'TICKET',
    amountsFrom: bands(a.modalities[0]).slice(0, 1),
    content: content(a),
    modalities: a.modalities.map((m) => {
      const c = Math.round(priceOf(m, ages) * bump);
      const key: ActKey = { a: a.code, m: m.code, from, to, ages, c };
      return {
        code: m.code,
        name: m.name,
        duration: { value: Number.parseInt(m.duration, 10), metric: 'HOURS' },
        questions: extras.questions,
        amountsFrom: bands(m),
        rates: [
          {
            rateCode: 'STANDARD',
            rateClass: 'NOR',
            rateDetails: [
              {
                rateKey: sim.tokens.encode(key, RATE_KEY_TTL).token,
                operationDates: operationDates(a, from, to, c),
                ...(extras.languages.length ? { languages: extras.languages.map((l) => ({ code: l.code, description: l.name })) } : {}),
                ...(extras.sessions.length ? { sessions: extras.sessions } : {}),
                ...(pickupOf(a) ? { pickup: pickupOf(a) } : {}),
                totalAmount: { amount: money(c), currency: cur },
                paxAmounts: ages.map((age) => ({
                  paxType: age >= ADULT_FROM ? 'ADULT' : 'CHILD',
                  ageFrom: age,
                  ageTo: age,
                  amount: money(age >= ADULT_FROM ? m.adultCents : age >= CHILD_FROM ? m.childCents : 0),
                })),
              },
            ],
          },
        ],
      };
    }),
  };
}

export function bookingBody(b: ActBooking) {
  const m = b.activity.modalities.find((x) => x.code === b.key.m) ?? b.activity.modalities[0];
  const cur = b.activity.destination.currency;
  const extras = activityExtras(b.activity);
  const session = extras.sessions.find((s) => s.code === b.session);
  const language = extras.languages.find((l) => l.code === b.language);
  return {
    reference: b.reference,
    clientReference: b.clientReference,
    creationDate: b.created,
    status: b.status,
    currency: cur,
    total: money(b.key.c),
    totalNet: money(b.key.c),
    pendingAmount: b.status === 'CANCELLED' ? 0 : money(b.key.c),
    holder: b.holder,
    ...(b.cancelCents !== undefined ? { cancelValuationAmount: money(b.cancelCents) } : {}),
    activities: [
      {
        id: `${b.reference.replace(/-.*/, '')}#T#1`,
        status: b.status,
        code: b.activity.code,
        name: b.activity.name,
        type: 'TICKET',
        modality: {
          code: m.code,
          name: m.name,
          rates: [
            {
              rateClass: 'NOR',
              rateDetails: [
                {
                  ...(session ? { session: { code: session.code, name: session.name } } : {}),
                  ...(language ? { language: { code: language.code, name: language.name } } : {}),
                },
              ],
            },
          ],
        },
        dateFrom: b.key.from,
        dateTo: b.key.to,
        paxes: b.paxes.map((p, i) => ({ ...p, customerId: String(i + 1) })),
        questions: b.answers.map((x) => ({ question: { code: x.code }, answer: x.answer })),
        amountDetail: { totalAmount: { amount: money(b.key.c), currency: cur } },
        cancellationPolicies: policy(b.activity, b.key.from, b.key.c),
        ...(pickupOf(b.activity) ? { pickup: [pickupOf(b.activity)] } : {}),
        contactInfo: {
          address: extras.content.meetingPoint.address,
          city: b.activity.destination.city,
          telephone: '+5756600000',
          country: { code: b.activity.destination.country },
        },
        providerInformation: { name: 'Proveedor local (sim)' },
        supplier: { name: 'HOTELBEDS COLOMBIA SAS (sim)', vatNumber: '900000000-1' },
        ...(b.voucherBase
          ? {
              vouchers: [
                { language: 'es', url: `${b.voucherBase}/${b.reference}.pdf`, mimeType: 'application/pdf' },
                { language: 'es', url: `${b.voucherBase}/${b.reference}.html`, mimeType: 'text/html' },
              ],
            }
          : {}),
      },
    ],
  };
}
