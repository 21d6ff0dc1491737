import { addDays, eachNight, isoWithOffset, localDay, nightsBetween } from './dates.js';
import { prng, seedOf } from './prng.js';

/**
 * Deterministic inventory shared by the four protocols: the same destination answers the same hotels,
 * rooms, boards, prices and policies on every run (seeded by codes and dates). Codes per supplier are
 * listed in apps/supplier-sim/README.md.
 */

export interface Destination {
  /** IATA city code; also the Hotelbeds destination code. */
  code: string;
  city: string;
  country: string;
  /** Main airport IATA code. */
  airport: string;
  utcOffset: string;
  currency: 'USD' | 'EUR';
  /** Juniper zones (numeric codes) inside this destination; Orlando has resort areas. */
  zones: { code: string; name: string; resort?: 'disney' | 'universal' }[];
  /** Restel country and province codes. */
  restel: { pais: string; provincia: string };
  /** Nightly base price (USD cents) for a 3-star double room. */
  base: number;
}

export const DESTINATIONS: Destination[] = [
  d(
    'CTG',
    'Cartagena',
    'CO',
    'CTG',
    '-05:00',
    'USD',
    [
      ['49001', 'Ciudad Amurallada'],
      ['49002', 'Bocagrande'],
    ],
    'COBOL',
    9_000,
  ),
  d(
    'MDE',
    'Medellín',
    'CO',
    'MDE',
    '-05:00',
    'USD',
    [
      ['49011', 'El Poblado'],
      ['49012', 'Laureles'],
    ],
    'COANT',
    7_000,
  ),
  d(
    'BOG',
    'Bogotá',
    'CO',
    'BOG',
    '-05:00',
    'USD',
    [
      ['49021', 'Chapinero'],
      ['49022', 'La Candelaria'],
    ],
    'COCUN',
    7_500,
  ),
  d(
    'SMR',
    'Santa Marta',
    'CO',
    'SMR',
    '-05:00',
    'USD',
    [
      ['49031', 'El Rodadero'],
      ['49032', 'Centro Histórico'],
    ],
    'COMAG',
    6_500,
  ),
  d(
    'ADZ',
    'San Andrés',
    'CO',
    'ADZ',
    '-05:00',
    'USD',
    [
      ['49041', 'North End'],
      ['49042', 'San Luis'],
    ],
    'COSAP',
    8_500,
  ),
  d(
    'CUN',
    'Cancún',
    'MX',
    'CUN',
    '-05:00',
    'USD',
    [
      ['52001', 'Zona Hotelera'],
      ['52002', 'Playa del Carmen'],
    ],
    'MXROO',
    13_000,
  ),
  {
    ...d('ORL', 'Orlando', 'US', 'MCO', '-05:00', 'USD', [['10001', 'International Drive']], 'USFLO', 14_000),
    zones: [
      { code: '10001', name: 'International Drive' },
      { code: '10002', name: 'Walt Disney World Resort', resort: 'disney' },
      { code: '10003', name: 'Lake Buena Vista', resort: 'disney' },
      { code: '10004', name: 'Universal Orlando Resort', resort: 'universal' },
    ],
  },
  d(
    'MAD',
    'Madrid',
    'ES',
    'MAD',
    '+01:00',
    'EUR',
    [
      ['34001', 'Centro'],
      ['34002', 'Salamanca'],
    ],
    'ESMAD',
    9_500,
  ),
  d(
    'BCN',
    'Barcelona',
    'ES',
    'BCN',
    '+01:00',
    'EUR',
    [
      ['34011', 'Eixample'],
      ['34012', 'Barceloneta'],
    ],
    'ESBCN',
    11_000,
  ),
  d(
    'MIA',
    'Miami',
    'US',
    'MIA',
    '-05:00',
    'USD',
    [
      ['10011', 'Miami Beach'],
      ['10012', 'Brickell'],
    ],
    'USFLM',
    16_000,
  ),
];

function d(
  code: string,
  city: string,
  country: string,
  airport: string,
  utcOffset: string,
  currency: 'USD' | 'EUR',
  zones: [string, string][],
  provincia: string,
  base: number,
): Destination {
  return {
    code,
    city,
    country,
    airport,
    utcOffset,
    currency,
    zones: zones.map(([c, n]) => ({ code: c, name: n })),
    restel: { pais: country, provincia },
    base,
  };
}

const NAME_A = ['Casa', 'Hotel', 'Gran Hotel', 'Suites', 'Boutique', 'Resort', 'Palacio', 'Estelar', 'Mirador', 'Plaza'];
const NAME_B = [
  'del Mar',
  'Real',
  'Colonial',
  'Las Palmas',
  'Central',
  'Imperial',
  'Sol',
  'Brisas',
  'La Luna',
  'Bahía',
  'Jardín',
  'Alameda',
];

export const ROOM_TYPES = [
  { code: 'DBL.ST', name: 'DOUBLE STANDARD', factor: 1, maxAdults: 2, maxPax: 3 },
  { code: 'TWN.ST', name: 'TWIN STANDARD', factor: 1, maxAdults: 2, maxPax: 3 },
  { code: 'DBL.SU', name: 'DOUBLE SUPERIOR', factor: 1.35, maxAdults: 3, maxPax: 4 },
  { code: 'SGL.ST', name: 'SINGLE STANDARD', factor: 0.8, maxAdults: 1, maxPax: 1 },
  { code: 'FAM.ST', name: 'FAMILY ROOM', factor: 1.6, maxAdults: 4, maxPax: 5 },
  { code: 'JSU.ST', name: 'JUNIOR SUITE', factor: 2.1, maxAdults: 3, maxPax: 4 },
] as const;
export type RoomType = (typeof ROOM_TYPES)[number];

/** Board codes as Hotelbeds writes them (RO/BB/HB/FB/AI), with names; each protocol renames them. */
export const BOARDS = [
  { code: 'RO', name: 'ROOM ONLY', factor: 1 },
  { code: 'BB', name: 'BED AND BREAKFAST', factor: 1.12 },
  { code: 'HB', name: 'HALF BOARD', factor: 1.3 },
  { code: 'FB', name: 'FULL BOARD', factor: 1.45 },
  { code: 'AI', name: 'ALL INCLUSIVE', factor: 1.75 },
] as const;
export type BoardCode = (typeof BOARDS)[number]['code'];

export interface Hotel {
  /** Hotelbeds numeric code. */
  code: number;
  /** Juniper JPCode. */
  jpCode: string;
  /** Restel 6-digit code. */
  restelCode: string;
  name: string;
  stars: number;
  destination: Destination;
  zone: { code: string; name: string; resort?: 'disney' | 'universal' };
  rooms: RoomType[];
  boards: BoardCode[];
  /** Nightly base in the destination currency (cents). */
  base: number;
  /** Days before check-in until which cancelling is free (refundable rates). */
  freeCancelDays: number;
  address: string;
  latitude: string;
  longitude: string;
}

const hotelsByDestination = new Map<string, Hotel[]>();

export function hotelsOf(dest: Destination): Hotel[] {
  const cached = hotelsByDestination.get(dest.code);
  if (cached) return cached;
  const list: Hotel[] = [];
  const destIndex = DESTINATIONS.indexOf(dest);
  const perZone = dest.zones.length > 2 ? 4 : 5;
  dest.zones.forEach((zone, zi) => {
    for (let i = 0; i < perZone; i++) {
      const r = prng(seedOf('hotel', dest.code, zone.code, i));
      const n = zi * perZone + i;
      const stars = r.int(2, 5);
      const rooms = ROOM_TYPES.filter((_, idx) => idx === 0 || r.chance(0.5));
      const boards = BOARDS.map((b) => b.code).filter((b, idx) => idx === 0 || (stars >= 4 && b === 'AI' ? r.chance(0.7) : r.chance(0.5)));
      const name = `${r.pick(NAME_A)} ${r.pick(NAME_B)} ${zone.resort === 'disney' ? 'Lake Buena Vista' : zone.resort === 'universal' ? 'Universal Blvd' : dest.city}`;
      list.push({
        code: 100_000 + destIndex * 1_000 + n,
        jpCode: `JP${String(46_000 + destIndex * 100 + n).padStart(6, '0')}`,
        restelCode: String(300_000 + destIndex * 1_000 + n),
        name,
        stars,
        destination: dest,
        zone,
        rooms: [...rooms],
        boards,
        base: Math.round(dest.base * (0.6 + stars * 0.2) * (0.85 + r.next() * 0.3)),
        freeCancelDays: r.pick([2, 3, 7, 14]),
        address: `Calle ${r.int(1, 120)} # ${r.int(1, 99)}-${r.int(1, 99)}`,
        latitude: (10 + r.next()).toFixed(6),
        longitude: (-75 - r.next()).toFixed(6),
      });
    }
  });
  hotelsByDestination.set(dest.code, list);
  return list;
}

export function allHotels(): Hotel[] {
  return DESTINATIONS.flatMap(hotelsOf);
}

/** Juniper city-level zone (parent of the destination's zones): 49000 Cartagena, 49010 Medellín…, 10000 Orlando. */
export function cityZone(d: Destination): string {
  return d.code === 'ORL' ? '10000' : `${d.zones[0].code.slice(0, -1)}0`;
}

export function findDestination(code: string): Destination | undefined {
  const c = code.trim().toUpperCase();
  return DESTINATIONS.find(
    (x) =>
      x.code === c ||
      x.airport === c ||
      x.city.toUpperCase() === c ||
      x.zones.some((z) => z.code === c) ||
      x.restel.provincia === c ||
      cityZone(x) === c,
  );
}

export function findHotel(code: string | number): Hotel | undefined {
  const c = String(code);
  return allHotels().find((h) => String(h.code) === c || h.jpCode === c || h.restelCode === c);
}

export interface RoomOccupancy {
  adults: number;
  childrenAges: number[];
}

/** Price of one room for one night in cents (destination currency). */
export function nightlyPrice(hotel: Hotel, room: RoomType, board: BoardCode, night: string, occ: RoomOccupancy): number {
  const season = 0.9 + prng(seedOf('season', hotel.code, night)).next() * 0.3;
  const boardFactor = BOARDS.find((b) => b.code === board)?.factor ?? 1;
  const adults = 1 + 0.35 * Math.max(0, occ.adults - 1) + 0.25 * occ.childrenAges.filter((a) => a >= 2).length;
  return Math.round(hotel.base * room.factor * boardFactor * adults * season);
}

export function stayPrice(hotel: Hotel, room: RoomType, board: BoardCode, checkIn: string, checkOut: string, occ: RoomOccupancy) {
  const nights = eachNight(checkIn, checkOut).map((night) => ({ night, cents: nightlyPrice(hotel, room, board, night, occ) }));
  return { nights, total: nights.reduce((s, n) => s + n.cents, 0) };
}

export function roomFits(room: RoomType, occ: RoomOccupancy): boolean {
  return occ.adults <= room.maxAdults && occ.adults + occ.childrenAges.length <= room.maxPax;
}

/** Rate class: refundable (NOR) or non-refundable (NRF), alternating deterministically per room and board. */
export function isNonRefundable(hotel: Hotel, room: RoomType, board: BoardCode): boolean {
  return prng(seedOf('nrf', hotel.code, room.code, board)).chance(0.25);
}

export interface PenaltyStep {
  /** ISO with offset. */
  from: string;
  day: string;
  /** Penalty in cents. */
  cents: number;
  nights: number;
}

/** Cancellation steps: refundable rates are free until `freeCancelDays` before check-in, then 1 night, then 100% from check-in. */
export function penaltySteps(
  hotel: Hotel,
  nonRefundable: boolean,
  checkIn: string,
  totalCents: number,
  nights: number,
  now = new Date(),
): PenaltyStep[] {
  const off = hotel.destination.utcOffset;
  // The destination's today: at 21:00 in Bogotá the UTC day is already tomorrow, whose midnight is still to come.
  const todayDay = localDay(now, off);
  if (nonRefundable) return [{ from: isoWithOffset(todayDay, '00:00:00', off), day: todayDay, cents: totalCents, nights }];
  const firstDay = addDays(checkIn, -hotel.freeCancelDays);
  const oneNight = Math.round(totalCents / Math.max(1, nights));
  const steps: PenaltyStep[] = [];
  const startDay = [firstDay, todayDay].sort()[1];
  steps.push({ from: isoWithOffset(startDay, '00:00:00', off), day: startDay, cents: oneNight, nights: 1 });
  steps.push({ from: isoWithOffset(checkIn, '00:00:00', off), day: checkIn, cents: totalCents, nights });
  return steps;
}

/** The penalty that applies now for a booking with these steps. */
export function penaltyNow(steps: PenaltyStep[], now = new Date()): number {
  let cents = 0;
  for (const s of steps) if (Date.parse(s.from) <= now.getTime()) cents = Math.max(cents, s.cents);
  return cents;
}

// ---------------------------------------------------------------- activities

export interface Activity {
  code: string;
  name: string;
  destination: Destination;
  modalities: { code: string; name: string; adultCents: number; childCents: number; duration: string }[];
  freeCancelDays: number;
}

const ACTIVITY_NAMES = [
  'City tour',
  'Boat trip to the islands',
  'Food walking tour',
  'Museum pass',
  'Snorkel experience',
  'Theme park ticket',
];

export function activitiesOf(dest: Destination): Activity[] {
  return ACTIVITY_NAMES.slice(0, 4 + (dest.code === 'ORL' ? 2 : 0)).map((name, i) => {
    const r = prng(seedOf('activity', dest.code, i));
    const adult = Math.round((dest.base / 3) * (0.5 + r.next()));
    return {
      code: `E-${dest.code}-${String(i + 1).padStart(4, '0')}`,
      name: `${name} ${dest.city}`,
      destination: dest,
      modalities: [
        { code: 'STD', name: 'Standard', adultCents: adult, childCents: Math.round(adult * 0.6), duration: '4h' },
        ...(r.chance(0.6)
          ? [{ code: 'PRM', name: 'Premium', adultCents: Math.round(adult * 1.5), childCents: Math.round(adult * 0.9), duration: '6h' }]
          : []),
      ],
      freeCancelDays: r.pick([1, 2, 3]),
    };
  });
}

export function findActivity(code: string): Activity | undefined {
  return DESTINATIONS.flatMap(activitiesOf).find((a) => a.code === code);
}

// ---------------------------------------------------------------- transfers

export const VEHICLES = [
  { id: 'SHR-BUS', transferType: 'SHARED', vehicle: 'Shuttle bus', category: 'STANDARD', min: 1, max: 20, perPax: true, cents: 1_800 },
  { id: 'PRV-CAR', transferType: 'PRIVATE', vehicle: 'Car', category: 'STANDARD', min: 1, max: 3, perPax: false, cents: 4_500 },
  { id: 'PRV-VAN', transferType: 'PRIVATE', vehicle: 'Minivan', category: 'STANDARD', min: 1, max: 7, perPax: false, cents: 7_000 },
  { id: 'PRV-LUX', transferType: 'PRIVATE', vehicle: 'Car', category: 'PREMIUM', min: 1, max: 3, perPax: false, cents: 9_500 },
] as const;

export function transferPrice(vehicleId: string, dest: Destination, pax: number): number | null {
  const v = VEHICLES.find((x) => x.id === vehicleId);
  if (!v || pax > v.max || pax < v.min) return null;
  const scale = dest.base / 10_000;
  return Math.round((v.perPax ? v.cents * pax : v.cents) * scale);
}

// ---------------------------------------------------------------- flights

export interface Airport {
  code: string;
  city: string;
  cityCode: string;
  country: string;
  name: string;
}

export const AIRPORTS: Airport[] = [
  { code: 'CTG', city: 'Cartagena', cityCode: 'CTG', country: 'CO', name: 'Rafael Núñez' },
  { code: 'MDE', city: 'Medellín', cityCode: 'MDE', country: 'CO', name: 'José María Córdova' },
  { code: 'BOG', city: 'Bogotá', cityCode: 'BOG', country: 'CO', name: 'El Dorado' },
  { code: 'SMR', city: 'Santa Marta', cityCode: 'SMR', country: 'CO', name: 'Simón Bolívar' },
  { code: 'ADZ', city: 'San Andrés', cityCode: 'ADZ', country: 'CO', name: 'Gustavo Rojas Pinilla' },
  { code: 'CUN', city: 'Cancún', cityCode: 'CUN', country: 'MX', name: 'Cancún International' },
  { code: 'MCO', city: 'Orlando', cityCode: 'ORL', country: 'US', name: 'Orlando International' },
  { code: 'MAD', city: 'Madrid', cityCode: 'MAD', country: 'ES', name: 'Adolfo Suárez Madrid-Barajas' },
  { code: 'BCN', city: 'Barcelona', cityCode: 'BCN', country: 'ES', name: 'Josep Tarradellas Barcelona-El Prat' },
  { code: 'MIA', city: 'Miami', cityCode: 'MIA', country: 'US', name: 'Miami International' },
];

export function findAirport(code: string): Airport | undefined {
  const c = code.trim().toUpperCase();
  return AIRPORTS.find((a) => a.code === c || a.cityCode === c);
}

const AIRLINES = [
  { code: 'AV', name: 'Avianca', packaged: false },
  { code: 'LA', name: 'LATAM', packaged: false },
  { code: 'CM', name: 'Copa Airlines', packaged: true },
  { code: 'IB', name: 'Iberia', packaged: false },
  { code: 'AA', name: 'American Airlines', packaged: false },
  { code: 'JA', name: 'JetSMART', packaged: true },
];

export interface GeneratedFlight {
  id: string;
  airline: { code: string; name: string; packaged: boolean };
  flightNo: string;
  from: Airport;
  to: Airport;
  departure: string;
  arrival: string;
  stops: number;
  /** One-way fare per adult, cents USD, by cabin. */
  fares: { economy: number; business: number };
}

/** Scheduled flights between two airports on a day: 4–8, stable per (from, to, day). */
export function flightsOn(from: Airport, to: Airport, day: string): GeneratedFlight[] {
  if (from.code === to.code) return [];
  const r = prng(seedOf('flights', from.code, to.code, day));
  const distance = 1 + (seedOf('dist', [from.code, to.code].sort().join('-')) % 9);
  const count = r.int(4, 8);
  const out: GeneratedFlight[] = [];
  for (let i = 0; i < count; i++) {
    const airline = r.pick(AIRLINES);
    const depMinutes = r.int(5 * 4, 22 * 4) * 15;
    const stops = distance > 5 && r.chance(0.5) ? 1 : 0;
    const duration = 45 + distance * 55 + stops * 90;
    const dep = new Date(`${day}T00:00:00Z`);
    dep.setUTCMinutes(depMinutes);
    const arr = new Date(dep.getTime() + duration * 60_000);
    const economy = Math.round((6_000 + distance * 4_500) * (0.8 + r.next() * 0.6));
    out.push({
      id: `${airline.code}${r.int(100, 9899)}-${day}`,
      airline,
      flightNo: `${airline.code}${r.int(100, 9899)}`,
      from,
      to,
      departure: dep.toISOString().slice(0, 19),
      arrival: arr.toISOString().slice(0, 19),
      stops,
      fares: { economy, business: Math.round(economy * 2.8) },
    });
  }
  return out.sort((a, b) => a.departure.localeCompare(b.departure));
}

/** Days with flights in the next 180 days (every day but one weekday per route). */
export function checkInDates(from: Airport, to: Airport, start: string): string[] {
  const skip = seedOf('skip', from.code, to.code) % 7;
  const out: string[] = [];
  for (let i = 1; i <= 180; i++) {
    const day = addDays(start, i);
    if (new Date(`${day}T00:00:00Z`).getUTCDay() !== skip) out.push(day);
  }
  return out;
}

export { nightsBetween };
