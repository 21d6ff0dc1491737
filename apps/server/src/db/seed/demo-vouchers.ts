import { VOUCHER_STATUSES, type VoucherStatus, type VoucherType } from '@travesia/contracts';
import Decimal from 'decimal.js';
import { eq, inArray, sql } from 'drizzle-orm';
import { agencies, type NewVoucherRow, type PolicyRuleData, users, voucherEvents, vouchers } from '../schema/index.js';
import { demoSection } from './demo-voucher-sections.js';
import type { SeedContext } from './index.js';

/** A small seeded PRNG (mulberry32) so the demo data is the same on every machine. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HOTELS = [
  { name: 'Hotel Caribe Real', destination: 'Cartagena, Colombia', address: 'Cra. 1 #2-87, Bocagrande', category: '4' },
  { name: 'Sonesta Bogotá', destination: 'Bogotá, Colombia', address: 'Cra. 15 #127-15', category: '5' },
  { name: 'Hotel Dann Carlton Medellín', destination: 'Medellín, Colombia', address: 'Cra. 43A #7-50', category: '5' },
  { name: 'Decameron Isleño', destination: 'San Andrés, Colombia', address: 'Av. Colombia', category: '4' },
  { name: 'Meliá Cusco', destination: 'Cusco, Perú', address: 'Calle Santa Catalina 112', category: '4' },
  { name: 'Iberostar Selection Cancún', destination: 'Cancún, México', address: 'Blvd. Kukulcán km 17', category: '5' },
  { name: 'Disney’s All-Star Movies Resort', destination: 'Orlando, EE. UU.', address: '1901 W Buena Vista Dr', category: '3' },
  { name: 'Universal’s Cabana Bay Beach Resort', destination: 'Orlando, EE. UU.', address: '6550 Adventure Way', category: '3' },
  { name: 'Hotel Arts Barcelona', destination: 'Barcelona, España', address: 'Carrer de la Marina 19-21', category: '5' },
  { name: 'NH Collection Madrid Suecia', destination: 'Madrid, España', address: 'Calle del Marqués de Casa Riera 4', category: '4' },
];
const TICKETS = [
  'Tour Islas del Rosario',
  'Entrada Parque Xcaret',
  'Magic Kingdom 1 día',
  'Tour Machu Picchu',
  'Sagrada Família sin filas',
];
const TRANSFERS = ['Traslado aeropuerto - hotel', 'Traslado hotel - aeropuerto', 'Traslado privado ida y vuelta'];
const FLIGHTS = ['BOG - MIA', 'MDE - MAD', 'BOG - CUN', 'CLO - PTY'];
const NAMES = [
  'Laura',
  'Andrés',
  'Valentina',
  'Santiago',
  'Mariana',
  'Juan Pablo',
  'Camila',
  'Felipe',
  'Daniela',
  'Sebastián',
  'Isabella',
  'Mateo',
];
const SURNAMES = [
  'Restrepo',
  'Gómez',
  'Rodríguez',
  'Martínez',
  'López',
  'Hernández',
  'Quintero',
  'Ospina',
  'Zapata',
  'Cárdenas',
  'Vargas',
  'Rojas',
];
const BOARDS = ['Solo alojamiento', 'Desayuno', 'Media pensión', 'Todo incluido'];
const RATES: Record<string, string> = { USD: '1', COP: '0.00025', EUR: '1.08' };

const STATUS_WEIGHTS: Array<[VoucherStatus, number]> = [
  ['confirmed', 55],
  ['confirmed-paid', 20],
  ['cancelled', 10],
  ['on-request', 5],
  ['quotation', 4],
  ['pending-provider', 3],
  ['pre-reserved', 3],
];

const DAY = 86_400_000;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);

/**
 * Two years of varied vouchers for both demo agencies, ending today (all statuses, products,
 * suppliers, currencies and users), so the dashboard and the bookings list are alive on first start.
 * Idempotent: skips when the demo agencies already have vouchers.
 */
export async function seedDemoVouchers({ db }: SeedContext) {
  const demo = await db
    .select({ id: agencies.id, name: agencies.name })
    .from(agencies)
    .where(inArray(agencies.name, ['Viajes Andinos', 'Agencia Norte']));
  if (demo.length === 0) return;
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(vouchers)
    .where(
      inArray(
        vouchers.agencyId,
        demo.map((d) => d.id),
      ),
    );
  if (Number(n) > 0) return;

  const rand = prng(20240611);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
  const weighted = () => {
    let r = rand() * 100;
    for (const [s, w] of STATUS_WEIGHTS) {
      r -= w;
      if (r < 0) return s;
    }
    return 'confirmed' as VoucherStatus;
  };

  const now = Date.now();
  const rows: NewVoucherRow[] = [];
  for (const agency of demo) {
    const staff = await db.select({ id: users.id, profile: users.profile }).from(users).where(eq(users.agencyId, agency.id));
    if (!staff.length) continue;
    const perDay = agency.name === 'Viajes Andinos' ? 2.6 : 0.9;
    let seq = 0;
    for (let d = 730; d >= 0; d--) {
      // Growing business with a December/July season.
      const dayStart = now - d * DAY;
      const month = new Date(dayStart).getUTCMonth();
      const season = month === 11 || month === 6 ? 1.6 : month === 0 ? 1.3 : 1;
      const expected = perDay * season * (0.6 + (0.8 * (730 - d)) / 730);
      const count = Math.max(0, Math.round(expected + (rand() - 0.5) * 2));
      for (let i = 0; i < count; i++) {
        const createdAt = d === 0 ? now - Math.floor(rand() * 6 * 3_600_000) - 60_000 : dayStart - Math.floor(rand() * DAY);
        rows.push(makeRow(agency, pick(staff), createdAt, weighted(), seq++));
      }
    }
    // Every status shows up at least once for each agency.
    for (const [k, s] of VOUCHER_STATUSES.entries())
      rows.push(makeRow(agency, staff[k % staff.length], now - (k + 1) * 3_600_000, s, seq++));
  }

  function makeRow(
    agency: { id: string; name: string },
    user: { id: string; profile: { name: string; lastName: string } },
    createdAt: number,
    status: VoucherStatus,
    seq: number,
  ): NewVoucherRow {
    const kindRoll = rand();
    const type: VoucherType = kindRoll < 0.7 ? 'hotel' : kindRoll < 0.82 ? 'ticket' : kindRoll < 0.92 ? 'transfer' : 'flight';
    const provider =
      type === 'flight'
        ? 'santsg'
        : type === 'hotel'
          ? pick(['travesia', 'hotelbeds', 'juniper', 'restel', 'travesia'])
          : type === 'ticket'
            ? pick(['travesia', 'hotelbeds', 'juniper'])
            : pick(['travesia', 'juniper']);
    const currency = provider === 'restel' ? 'EUR' : rand() < 0.3 ? 'COP' : 'USD';
    const startT = createdAt + (3 + Math.floor(rand() * 90)) * DAY;
    const nights = type === 'hotel' ? 1 + Math.floor(rand() * 7) : type === 'flight' ? 0 : 0;
    const usdCost = new Decimal(type === 'hotel' ? 80 + rand() * 260 : type === 'flight' ? 250 + rand() * 700 : 25 + rand() * 120).mul(
      Math.max(1, nights),
    );
    const rate = new Decimal(RATES[currency]);
    const cost = usdCost.div(rate).toDecimalPlaces(currency === 'COP' ? 0 : 2);
    const markupPct = new Decimal(8 + Math.floor(rand() * 10));
    const markup = cost.mul(markupPct).div(100).toDecimalPlaces(2);
    const gross = cost.plus(markup);
    const hotel = pick(HOTELS);
    const name = type === 'hotel' ? hotel.name : type === 'ticket' ? pick(TICKETS) : type === 'transfer' ? pick(TRANSFERS) : pick(FLIGHTS);
    const board = pick(BOARDS);
    const adults = 1 + Math.floor(rand() * 3);
    const client = {
      name: pick(NAMES),
      surname: pick(SURNAMES),
      email: `cliente${seq}@correo.example`,
      document: String(10_000_000 + Math.floor(rand() * 89_999_999)),
      documentType: 'CC',
      nationality: 'Colombia',
    };
    const policies: PolicyRuleData[] =
      provider === 'santsg'
        ? [{ from: new Date(createdAt).toISOString(), percent: '100', currency }]
        : [
            { from: new Date(startT - 7 * DAY).toISOString(), percent: '50', currency },
            { from: new Date(startT - 2 * DAY).toISOString(), nights: 1, currency },
            { from: new Date(startT).toISOString(), percent: '100', currency },
          ];
    const paid = status === 'confirmed-paid' || (status === 'confirmed' && rand() < 0.6);
    const ref = `TRVDEMO${agency.name === 'Viajes Andinos' ? 'A' : 'N'}${String(seq).padStart(5, '0')}`;
    const locator = status === 'quotation' ? null : `${provider.slice(0, 3).toUpperCase()}-${100000 + Math.floor(rand() * 899999)}`;
    const penalty =
      status === 'cancelled'
        ? {
            penalty: gross.mul(rate).mul(0.5).toDecimalPlaces(2).toFixed(2),
            penaltyCurrency: 'USD',
            penaltyType: '%' as const,
            penaltyValue: '50',
            penaltyCaused: { type: 'cancellation' as const, time: 120, timeType: 'hours' as const },
            amount: gross.mul(0.5).toDecimalPlaces(2).toFixed(2),
            currency,
          }
        : null;
    return {
      agencyId: agency.id,
      userId: user.id,
      agencyName: agency.name,
      userName: `${user.profile.name} ${user.profile.lastName}`,
      type,
      integrator: provider,
      provider,
      status,
      startDate: iso(startT),
      endDate: iso(startT + Math.max(nights, type === 'flight' ? 7 : 0) * DAY),
      nights: type === 'hotel' ? nights : null,
      client,
      companions: adults > 1 ? [{ name: pick(NAMES), surname: client.surname }] : [],
      priceGross: gross.toFixed(2),
      priceCurrency: currency,
      costNet: cost.toFixed(2),
      costCurrency: currency,
      markups: [{ name: 'agency', type: 'percentage', value: markupPct.toFixed(0), amount: markup.toFixed(2), currency }],
      priceUsd: gross.mul(rate).toDecimalPlaces(2).toFixed(2),
      costUsd: cost.mul(rate).toDecimalPlaces(2).toFixed(2),
      usdRate: rate.toString(),
      costUsdRate: rate.toString(),
      payments: {
        ...(paid
          ? {
              client: {
                amount: gross.toFixed(2),
                currency,
                method: pick(['tarjeta', 'transferencia', 'efectivo']),
                paidAt: new Date(createdAt).toISOString(),
              },
            }
          : {}),
        ...(type === 'hotel' && rand() < 0.3 ? { payableAtHotel: { amount: (12 * Math.max(1, nights)).toFixed(2), currency: 'USD' } } : {}),
      },
      bookingCodes: provider === 'travesia' ? [] : [`${provider}:${seq.toString(36)}`],
      policies,
      penalty,
      externalBookingReference: ref,
      locator,
      supplierReferences: locator ? [locator.replace(/^\w+-/, '')] : [],
      shortLocator: locator ? locator.slice(-6) : null,
      product:
        type === 'hotel'
          ? {
              name,
              destination: hotel.destination,
              address: hotel.address,
              category: hotel.category,
              board,
              rooms: [{ name: pick(['Doble estándar', 'Suite junior', 'Familiar']), board, adults, children: 0 }],
            }
          : {
              name,
              destination: type === 'flight' ? name : hotel.destination,
              section: demoSection(type, {
                seq,
                name,
                destination: hotel.destination,
                hotel: hotel.name,
                start: iso(startT),
                end: iso(startT + Math.max(nights, type === 'flight' ? 7 : 0) * DAY),
                adults,
                holder: `${client.name} ${client.surname}`,
              }),
            },
      productName: name,
      approvalStatus: status === 'quotation' ? 'pending' : null,
      createdBy: user.id,
      createdAt: new Date(createdAt),
      updatedAt: new Date(createdAt),
    };
  }

  // One transaction; the per-row stats trigger is off for the bulk load and the figures rebuilt once.
  await db.transaction(async (tx) => {
    await tx.execute(sql`alter table vouchers disable trigger vouchers_stats`);
    for (let i = 0; i < rows.length; i += 500) {
      const batch = rows.slice(i, i + 500);
      const inserted = await tx.insert(vouchers).values(batch).returning({
        id: vouchers.id,
        status: vouchers.status,
        createdAt: vouchers.createdAt,
        userId: vouchers.userId,
        userName: vouchers.userName,
      });
      await tx.insert(voucherEvents).values(
        inserted.map((v) => ({
          voucherId: v.id,
          at: v.createdAt,
          kind: 'created',
          toStatus: v.status,
          actorKind: 'user' as const,
          actorUserId: v.userId,
          actorName: v.userName,
          note: 'Datos de demostración',
        })),
      );
    }
    await tx.execute(sql`alter table vouchers enable trigger vouchers_stats`);
    await tx.execute(sql`select voucher_daily_stats_rebuild()`);
  });
}
