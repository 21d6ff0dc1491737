import { DEFAULT_PROVIDER_SETTINGS, type SupplierId } from '@travesia/contracts';
import { and, desc, eq, ilike, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { agencies, places, providerAccounts, supplierDestinations } from '../../../db/schema/index.js';
import type { SeedContext } from '../../../db/seed/index.js';
import { sealCredentials } from '../../provider-account/credentials.js';

/**
 * The simulator's sandbox credentials (apps/supplier-sim/README.md: any identity, every secret
 * 'sandbox'), one account per supplier for the demo agencies.
 */
export const DEMO_PROVIDER_ACCOUNTS: ReadonlyArray<{
  agency: string;
  supplier: SupplierId;
  name: string;
  credentials: Record<string, string>;
}> = [
  {
    agency: 'Viajes Andinos',
    supplier: 'hotelbeds',
    name: 'Hotelbeds sandbox',
    credentials: {
      hotelsApiKey: 'andinos-hotels',
      hotelsSecret: 'sandbox',
      activitiesApiKey: 'andinos-activities',
      activitiesSecret: 'sandbox',
      transfersApiKey: 'andinos-transfers',
      transfersSecret: 'sandbox',
    },
  },
  {
    agency: 'Viajes Andinos',
    supplier: 'juniper',
    name: 'Juniper sandbox',
    credentials: { email: 'andinos@demo.com', password: 'sandbox' },
  },
  {
    agency: 'Viajes Andinos',
    supplier: 'restel',
    name: 'Restel sandbox',
    credentials: { codigousu: 'ANDINOS', clausu: 'sandbox', afiliacio: 'RS', secacc: 'sandbox' },
  },
  {
    agency: 'Viajes Andinos',
    supplier: 'santsg',
    name: 'TourVisio sandbox',
    credentials: { agency: 'ANDINOS', user: 'andinos', password: 'sandbox' },
  },
  {
    agency: 'Agencia Norte',
    supplier: 'hotelbeds',
    name: 'Hotelbeds sandbox',
    credentials: { hotelsApiKey: 'norte-hotels', hotelsSecret: 'sandbox' },
  },
  { agency: 'Agencia Norte', supplier: 'juniper', name: 'Juniper sandbox', credentials: { email: 'norte@demo.com', password: 'sandbox' } },
];

/** Gives the demo agencies their sandbox provider accounts (skipped without a secret box). Idempotent by agency + name. */
export async function seedDemoProviderAccounts({ db, log, secrets }: SeedContext) {
  if (!secrets) {
    log.warn('no secret box in the seed context: demo provider accounts skipped');
    return;
  }
  const box = secrets();
  let inserted = 0;
  for (const a of DEMO_PROVIDER_ACCOUNTS) {
    const [agency] = await db.select({ id: agencies.id }).from(agencies).where(eq(agencies.name, a.agency)).limit(1);
    if (!agency) continue;
    const [existing] = await db
      .select({ id: providerAccounts.id })
      .from(providerAccounts)
      .where(and(eq(providerAccounts.agencyId, agency.id), sql`lower(${providerAccounts.name}) = lower(${a.name})`))
      .limit(1);
    if (existing) continue;
    const id = crypto.randomUUID();
    await db.insert(providerAccounts).values({
      id,
      agencyId: agency.id,
      supplier: a.supplier,
      name: a.name,
      active: true,
      shared: false,
      credentialsEnc: sealCredentials(box, id, a.credentials),
      settings: { ...DEFAULT_PROVIDER_SETTINGS, timeouts: {} },
    });
    inserted++;
  }
  log.info({ inserted }, 'demo provider accounts seeded');
}

/** One simulator destination (apps/supplier-sim/README.md "Inventory") and how to find our place for it. */
interface SimDestination {
  /** City place: name prefix (case-insensitive) within the country, the most populated one. */
  city: { prefix: string; country: string };
  airport: string;
  hotelbeds: string;
  /** Juniper city zone (first code ending in 0). */
  juniper: string;
  restel: string;
  /** Curated tourist areas (exact name) -> Juniper zone code. */
  areas?: Record<string, string>;
}

export const SIM_DESTINATIONS: readonly SimDestination[] = [
  {
    city: { prefix: 'Cartagena', country: 'CO' },
    airport: 'CTG',
    hotelbeds: 'CTG',
    juniper: '49000',
    restel: 'COBOL',
    areas: { 'Ciudad Amurallada': '49001', Bocagrande: '49002' },
  },
  {
    city: { prefix: 'Medellín', country: 'CO' },
    airport: 'MDE',
    hotelbeds: 'MDE',
    juniper: '49010',
    restel: 'COANT',
    areas: { 'El Poblado': '49011', Laureles: '49012' },
  },
  {
    city: { prefix: 'Bogotá', country: 'CO' },
    airport: 'BOG',
    hotelbeds: 'BOG',
    juniper: '49020',
    restel: 'COCUN',
    areas: { Chapinero: '49021', 'La Candelaria': '49022' },
  },
  {
    city: { prefix: 'Santa Marta', country: 'CO' },
    airport: 'SMR',
    hotelbeds: 'SMR',
    juniper: '49030',
    restel: 'COMAG',
    areas: { 'El Rodadero': '49031' },
  },
  { city: { prefix: 'San Andrés', country: 'CO' }, airport: 'ADZ', hotelbeds: 'ADZ', juniper: '49040', restel: 'COSAP' },
  {
    city: { prefix: 'Cancún', country: 'MX' },
    airport: 'CUN',
    hotelbeds: 'CUN',
    juniper: '52000',
    restel: 'MXROO',
    areas: { 'Zona Hotelera': '52001', 'Playa del Carmen': '52002' },
  },
  {
    city: { prefix: 'Orlando', country: 'US' },
    airport: 'MCO',
    hotelbeds: 'ORL',
    juniper: '10000',
    restel: 'USFLO',
    areas: {
      'International Drive': '10001',
      'Walt Disney World Resort': '10002',
      'Lake Buena Vista': '10003',
      'Universal Orlando Resort': '10004',
    },
  },
  {
    city: { prefix: 'Madrid', country: 'ES' },
    airport: 'MAD',
    hotelbeds: 'MAD',
    juniper: '34000',
    restel: 'ESMAD',
    areas: { Salamanca: '34002' },
  },
  {
    city: { prefix: 'Barcelona', country: 'ES' },
    airport: 'BCN',
    hotelbeds: 'BCN',
    juniper: '34010',
    restel: 'ESBCN',
    areas: { Eixample: '34011', Barceloneta: '34012' },
  },
  {
    city: { prefix: 'Miami', country: 'US' },
    airport: 'MIA',
    hotelbeds: 'MIA',
    juniper: '10010',
    restel: 'USFLM',
    areas: { 'Miami Beach': '10011', Brickell: '10012' },
  },
];

async function findCity(db: Db, prefix: string, country: string) {
  const [row] = await db
    .select({ id: places.id })
    .from(places)
    .where(and(eq(places.type, 'city'), eq(places.countryCode, country), ilike(places.name, `${prefix}%`)))
    .orderBy(sql`${places.population} desc nulls last`, places.name)
    .limit(1);
  return row?.id ?? null;
}

async function findAirport(db: Db, iata: string) {
  const [row] = await db
    .select({ id: places.id })
    .from(places)
    .where(and(eq(places.type, 'airport'), eq(places.iataCode, iata)))
    .limit(1);
  return row?.id ?? null;
}

/** A named place inside the city (tourist area, neighbourhood…): its path contains the city. */
async function findInside(db: Db, cityId: string, name: string) {
  const [row] = await db
    .select({ id: places.id })
    .from(places)
    .where(and(ilike(places.name, name), sql`${cityId}::uuid = any(${places.path})`))
    .orderBy(desc(places.type))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Maps the seeded places of the simulator's cities (city, airport, tourist areas) to each hotel
 * supplier's code. Places that are not in the tree are skipped (logged); rows that exist are kept.
 */
export async function seedSupplierDestinations({ db, log }: SeedContext) {
  const rows: Array<{ supplier: SupplierId; placeId: string; code: string }> = [];
  const missing: string[] = [];
  for (const d of SIM_DESTINATIONS) {
    const cityId = await findCity(db, d.city.prefix, d.city.country);
    if (!cityId) {
      missing.push(d.city.prefix);
      continue;
    }
    const cityCodes = { hotelbeds: d.hotelbeds, juniper: d.juniper, restel: d.restel } as const;
    const airportId = await findAirport(db, d.airport);
    for (const placeId of [cityId, airportId]) {
      if (!placeId) continue;
      for (const [supplier, code] of Object.entries(cityCodes)) rows.push({ supplier: supplier as SupplierId, placeId, code });
    }
    for (const [name, zone] of Object.entries(d.areas ?? {})) {
      const areaId = await findInside(db, cityId, name);
      if (!areaId) continue;
      rows.push({ supplier: 'juniper', placeId: areaId, code: zone });
    }
  }
  const inserted = rows.length
    ? await db.insert(supplierDestinations).values(rows).onConflictDoNothing().returning({ placeId: supplierDestinations.placeId })
    : [];
  log.info({ mapped: rows.length, inserted: inserted.length, missing }, 'supplier destinations seeded');
}
