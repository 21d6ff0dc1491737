import type { BoardCode, HotelCategory, PolicyDefinition } from '@travesia/contracts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { hotelProducts, hotelRoomTypes, places, ticketProducts, transferProducts } from '../../db/schema/index.js';
import type { SeedContext } from '../../db/seed/index.js';

interface DemoHotel {
  name: string;
  city: string;
  country: string;
  address: string;
  stars: number;
  category: HotelCategory;
  /** Double room, per night, USD. */
  base: number;
  boards: BoardCode[];
  amenities: string[];
  policy: PolicyDefinition;
}

const FLEX: PolicyDefinition = {
  nonRefundable: false,
  rules: [{ before: 7, unit: 'days', penalty: { type: 'nights', value: '1' } }],
  noShow: { type: 'percent', value: '100' },
};
const STRICT: PolicyDefinition = {
  nonRefundable: false,
  rules: [
    { before: 14, unit: 'days', penalty: { type: 'percent', value: '50' } },
    { before: 72, unit: 'hours', penalty: { type: 'percent', value: '100' } },
  ],
  noShow: null,
};
const NRF: PolicyDefinition = { nonRefundable: true, rules: [], noShow: null };

const HOTELS: DemoHotel[] = [
  {
    name: 'Casa Travesía Ciudad Amurallada',
    city: 'Cartagena de Indias',
    country: 'CO',
    address: 'Calle del Cuartel 36-77',
    stars: 5,
    category: 'deluxe',
    base: 210,
    boards: ['BB', 'HB'],
    amenities: ['Piscina', 'Wifi', 'Spa'],
    policy: FLEX,
  },
  {
    name: 'Travesía Bocagrande Playa',
    city: 'Cartagena de Indias',
    country: 'CO',
    address: 'Carrera 1 #5-20, Bocagrande',
    stars: 4,
    category: 'moderate',
    base: 120,
    boards: ['RO', 'BB', 'AI'],
    amenities: ['Playa', 'Piscina', 'Wifi'],
    policy: FLEX,
  },
  {
    name: 'Travesía El Poblado',
    city: 'Medellín',
    country: 'CO',
    address: 'Carrera 37 #8A-32',
    stars: 4,
    category: 'moderate',
    base: 95,
    boards: ['RO', 'BB'],
    amenities: ['Gimnasio', 'Wifi'],
    policy: FLEX,
  },
  {
    name: 'Hostal Travesía Laureles',
    city: 'Medellín',
    country: 'CO',
    address: 'Circular 4 #70-10',
    stars: 2,
    category: 'value',
    base: 45,
    boards: ['RO', 'BB'],
    amenities: ['Wifi'],
    policy: NRF,
  },
  {
    name: 'Travesía Bogotá Chicó',
    city: 'Bogotá D.C.',
    country: 'CO',
    address: 'Calle 93 #11-30',
    stars: 4,
    category: 'moderate',
    base: 110,
    boards: ['RO', 'BB'],
    amenities: ['Gimnasio', 'Wifi', 'Parqueadero'],
    policy: FLEX,
  },
  {
    name: 'Travesía Santa Marta Rodadero',
    city: 'Santa Marta',
    country: 'CO',
    address: 'Carrera 1 #7-65, El Rodadero',
    stars: 3,
    category: 'value',
    base: 70,
    boards: ['RO', 'BB', 'HB'],
    amenities: ['Playa', 'Piscina'],
    policy: FLEX,
  },
  {
    name: 'Cabañas Travesía Tayrona',
    city: 'Santa Marta',
    country: 'CO',
    address: 'Km 30 vía Riohacha',
    stars: 3,
    category: 'campgrounds',
    base: 85,
    boards: ['BB', 'FB'],
    amenities: ['Naturaleza', 'Restaurante'],
    policy: STRICT,
  },
  {
    name: 'Travesía Cancún Resort',
    city: 'Cancún',
    country: 'MX',
    address: 'Blvd. Kukulcán km 9.5, Zona Hotelera',
    stars: 5,
    category: 'deluxe',
    base: 260,
    boards: ['AI'],
    amenities: ['Playa', 'Piscina', 'Spa', 'Club infantil'],
    policy: STRICT,
  },
  {
    name: 'Villas Travesía Cancún',
    city: 'Cancún',
    country: 'MX',
    address: 'Blvd. Kukulcán km 16',
    stars: 5,
    category: 'deluxe-villas',
    base: 420,
    boards: ['RO', 'BB'],
    amenities: ['Piscina privada', 'Cocina'],
    policy: STRICT,
  },
  {
    name: 'Travesía Orlando Parks',
    city: 'Orlando',
    country: 'US',
    address: '8001 International Dr',
    stars: 3,
    category: 'moderate',
    base: 130,
    boards: ['RO', 'BB'],
    amenities: ['Piscina', 'Transporte a parques'],
    policy: FLEX,
  },
  {
    name: 'Travesía Madrid Gran Vía',
    city: 'Madrid',
    country: 'ES',
    address: 'Gran Vía 45',
    stars: 4,
    category: 'moderate',
    base: 150,
    boards: ['RO', 'BB'],
    amenities: ['Wifi', 'Terraza'],
    policy: FLEX,
  },
  {
    name: 'Travesía Miami Beach',
    city: 'Miami Beach',
    country: 'US',
    address: '1601 Collins Ave',
    stars: 4,
    category: 'deluxe',
    base: 240,
    boards: ['RO', 'BB'],
    amenities: ['Playa', 'Piscina'],
    policy: NRF,
  },
];

/**
 * A dozen own hotels in the seeded cities, two room types each, and 12 months of availability from
 * today (one set-based statement): weekends +20 %, high season (Dec, Jan, Jun, Jul) +25 %. Idempotent:
 * hotels are matched by name, nights already loaded are left alone.
 */
export async function seedInventory({ db, log }: SeedContext) {
  const cities = [...new Set(HOTELS.map((h) => h.city))];
  const found = await db
    .select({ id: places.id, name: places.name, countryCode: places.countryCode })
    .from(places)
    .where(and(inArray(places.name, cities), eq(places.type, 'city')))
    .orderBy(desc(places.population));
  const existing = new Set((await db.select({ name: hotelProducts.name }).from(hotelProducts)).map((r) => r.name));
  let created = 0;
  for (const h of HOTELS) {
    if (existing.has(h.name)) continue;
    const place = found.find((p) => p.name === h.city && p.countryCode === h.country);
    if (!place) {
      log.warn({ city: h.city }, 'inventory seed: city not found, hotel skipped');
      continue;
    }
    const [row] = await db
      .insert(hotelProducts)
      .values({
        name: h.name,
        placeId: place.id,
        address: h.address,
        stars: h.stars,
        category: h.category,
        description: `${h.name}: hotel de demostración del inventario propio.`,
        amenities: h.amenities,
        currency: 'USD',
        boards: h.boards,
        policy: h.policy,
      })
      .returning({ id: hotelProducts.id });
    const single = h.category === 'deluxe-villas' || h.category === 'campgrounds' ? null : 0.85;
    await db.insert(hotelRoomTypes).values([
      {
        hotelId: row.id,
        name: 'Habitación estándar',
        maxAdults: 3,
        maxChildren: 2,
        childAgeLimit: 11,
        beds: '2 camas dobles',
        position: 0,
      },
      { hotelId: row.id, name: 'Habitación superior', maxAdults: 2, maxChildren: 1, childAgeLimit: 11, beds: '1 cama king', position: 1 },
    ]);
    await db.execute(sql`
      insert into hotel_inventory (room_type_id, day, allotment, price_1, price_2, price_3, price_extra_adult, price_child, board_supplements)
      select rt.id, d::date, 8,
        case when ${single}::numeric is null then null else round(p.price * ${single ?? 0}::numeric, 2) end,
        p.price, case when rt.max_adults >= 3 then round(p.price * 1.3, 2) end, round(p.price * 0.3, 2), round(p.price * 0.2, 2),
        jsonb_build_object('BB', ${(h.base * 0.08).toFixed(2)}::text, 'HB', ${(h.base * 0.2).toFixed(2)}::text, 'FB', ${(h.base * 0.3).toFixed(2)}::text, 'AI', ${(h.base * 0.45).toFixed(2)}::text)
      from hotel_room_types rt
      cross join generate_series(current_date, current_date + 365, interval '1 day') d
      cross join lateral (select round(${h.base}::numeric * (case when rt.position = 1 then 1.35 else 1 end)
        * (case when extract(dow from d) in (5, 6) then 1.2 else 1 end)
        * (case when extract(month from d) in (12, 1, 6, 7) then 1.25 else 1 end), 2) as price) p
      where rt.hotel_id = ${row.id}::uuid
      on conflict (room_type_id, day) do nothing`);
    created++;
  }
  log.info({ created }, 'inventory seed');
  await seedTransfers({ db, log }, found);
  await seedTickets({ db, log }, found);
}

type CityRow = { id: string; name: string; countryCode: string | null };
const cityOf = (found: CityRow[], city: string, country: string) => found.find((p) => p.name === city && p.countryCode === country);

/** Airport → city transfers (private per vehicle, shared per person) for the demo cities. Idempotent by name. */
async function seedTransfers({ db, log }: SeedContext, found: CityRow[]) {
  const AIRPORTS: Array<{ iata: string; city: string; country: string; priv: string; shared: string }> = [
    { iata: 'CTG', city: 'Cartagena de Indias', country: 'CO', priv: '25.00', shared: '8.00' },
    { iata: 'MDE', city: 'Medellín', country: 'CO', priv: '40.00', shared: '12.00' },
    { iata: 'BOG', city: 'Bogotá D.C.', country: 'CO', priv: '30.00', shared: '10.00' },
    { iata: 'SMR', city: 'Santa Marta', country: 'CO', priv: '28.00', shared: '9.00' },
    { iata: 'CUN', city: 'Cancún', country: 'MX', priv: '55.00', shared: '18.00' },
    { iata: 'MCO', city: 'Orlando', country: 'US', priv: '70.00', shared: '22.00' },
    { iata: 'MAD', city: 'Madrid', country: 'ES', priv: '50.00', shared: '15.00' },
  ];
  const airports = await db
    .select({ id: places.id, iata: places.iataCode })
    .from(places)
    .where(
      and(
        eq(places.type, 'airport'),
        inArray(
          places.iataCode,
          AIRPORTS.map((a) => a.iata),
        ),
      ),
    );
  const existing = new Set((await db.select({ name: transferProducts.name }).from(transferProducts)).map((r) => r.name));
  let created = 0;
  for (const a of AIRPORTS) {
    const airport = airports.find((x) => x.iata === a.iata);
    const city = cityOf(found, a.city, a.country);
    if (!airport || !city) continue;
    const common = { originId: airport.id, destinationId: city.id, currency: 'USD', policy: FLEX, startHour: '00:00', endHour: '23:59' };
    const rows = [
      {
        ...common,
        name: `Traslado privado aeropuerto ${a.iata} - ${a.city}`,
        type: 'private' as const,
        vehicle: 'van' as const,
        minPax: 1,
        maxPax: 6,
        priceMode: 'per-vehicle' as const,
        price: a.priv,
      },
      {
        ...common,
        name: `Traslado compartido aeropuerto ${a.iata} - ${a.city}`,
        type: 'shared' as const,
        vehicle: 'minibus' as const,
        minPax: 1,
        maxPax: 15,
        priceMode: 'per-person' as const,
        price: a.shared,
        startHour: '06:00',
        endHour: '22:00',
      },
    ].filter((r) => !existing.has(r.name));
    if (rows.length) await db.insert(transferProducts).values(rows);
    created += rows.length;
  }
  // 12 months of capacity (decision 0086): 8 vehicles a day for private transfers, 40 seats for shared ones.
  await db.execute(sql`
    insert into transfer_capacity (transfer_id, day, capacity)
    select t.id, d::date, case when t.type = 'private' then 8 else 40 end
    from transfer_products t
    cross join generate_series(current_date, current_date + 365, interval '1 day') d
    where t.name like 'Traslado % aeropuerto %'
    on conflict do nothing`);
  log.info({ created }, 'inventory seed: transfers');
}

/** City tours (two sessions) and park/museum tickets (whole day) with 12 months of capacity. Idempotent by name. */
async function seedTickets({ db, log }: SeedContext, found: CityRow[]) {
  const TICKETS: Array<{
    name: string;
    city: string;
    country: string;
    price: string;
    full: string;
    child: string | null;
    sessions: string[];
    cap: number;
    max: number;
    /** Decision 0450: guide languages per session, default languages, cut-off in minutes, age bands. */
    sessionLanguages?: Record<string, string[]>;
    languages?: string[];
    cutoff?: number;
    bands?: { name: string; ageFrom: number; ageTo: number; price: string }[];
  }> = [
    {
      name: 'City tour Cartagena histórica',
      city: 'Cartagena de Indias',
      country: 'CO',
      price: '35.00',
      full: '45.00',
      child: '20.00',
      sessions: ['09:00', '15:00'],
      cap: 30,
      max: 10,
      sessionLanguages: { '09:00': ['es', 'en'], '15:00': ['es'] },
      cutoff: 120,
      bands: [
        { name: 'Infante', ageFrom: 0, ageTo: 2, price: '0.00' },
        { name: 'Niño', ageFrom: 3, ageTo: 12, price: '20.00' },
        { name: 'Adulto', ageFrom: 13, ageTo: 99, price: '35.00' },
      ],
    },
    {
      name: 'Islas del Rosario en lancha',
      city: 'Cartagena de Indias',
      country: 'CO',
      price: '60.00',
      full: '75.00',
      child: '40.00',
      sessions: ['08:00'],
      cap: 40,
      max: 12,
    },
    {
      name: 'Tour Comuna 13 y grafitis',
      city: 'Medellín',
      country: 'CO',
      price: '25.00',
      full: '30.00',
      child: '15.00',
      sessions: ['10:00', '14:00'],
      cap: 25,
      max: 10,
    },
    {
      name: 'Entrada Museo del Oro y Monserrate',
      city: 'Bogotá D.C.',
      country: 'CO',
      price: '30.00',
      full: '38.00',
      child: '18.00',
      sessions: [],
      cap: 100,
      max: 20,
    },
    {
      name: 'Entrada Parque Tayrona con transporte',
      city: 'Santa Marta',
      country: 'CO',
      price: '55.00',
      full: '65.00',
      child: '35.00',
      sessions: ['07:00'],
      cap: 35,
      max: 10,
    },
    {
      name: 'Parque ecológico en la Riviera Maya',
      city: 'Cancún',
      country: 'MX',
      price: '120.00',
      full: '150.00',
      child: '90.00',
      sessions: [],
      cap: 200,
      max: 15,
    },
    {
      name: 'Entrada 1 día parque temático',
      city: 'Orlando',
      country: 'US',
      price: '140.00',
      full: '165.00',
      child: '130.00',
      sessions: [],
      cap: 300,
      max: 15,
    },
    {
      name: 'Visita guiada Museo del Prado',
      city: 'Madrid',
      country: 'ES',
      price: '32.00',
      full: '40.00',
      child: null,
      sessions: ['10:00', '16:00'],
      cap: 20,
      max: 8,
      languages: ['es', 'en'],
      cutoff: 60,
    },
  ];
  const existing = new Set((await db.select({ name: ticketProducts.name }).from(ticketProducts)).map((r) => r.name));
  let created = 0;
  for (const t of TICKETS) {
    if (existing.has(t.name)) continue;
    const city = cityOf(found, t.city, t.country);
    if (!city) continue;
    const [row] = await db
      .insert(ticketProducts)
      .values({
        name: t.name,
        placeId: city.id,
        description: `${t.name}: producto de demostración del inventario propio.`,
        currency: 'USD',
        price: t.price,
        fullPrice: t.full,
        childPrice: t.child,
        maxPeople: t.max,
        startHour: t.sessions[0] ?? '08:00',
        endHour: '18:00',
        sessions: t.sessions,
        sessionLanguages: t.sessionLanguages ?? {},
        languages: t.languages ?? [],
        cutoffMinutes: t.cutoff ?? 0,
        ageBands: t.bands ?? [],
        policy: FLEX,
      })
      .returning({ id: ticketProducts.id });
    const sessions = t.sessions.length ? t.sessions : [''];
    await db.execute(sql`
      insert into ticket_capacity (ticket_id, day, session, capacity)
      select ${row.id}::uuid, d::date, s, ${t.cap}
      from generate_series(current_date, current_date + 365, interval '1 day') d
      cross join unnest(${`{${sessions.map((x) => `"${x}"`).join(',')}}`}::text[]) s
      on conflict do nothing`);
    created++;
  }
  log.info({ created }, 'inventory seed: tickets');
}
