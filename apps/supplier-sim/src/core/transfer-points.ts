import { DESTINATIONS, type Destination, findHotel, hotelsOf, VEHICLES } from './inventory.js';

/**
 * Where the simulated transfer suppliers drive: every inventory destination (its airport, its hotels,
 * GPS points near them) plus ports and stations, and Rome, which exists only for transfers so the
 * certification scenario "hotel → Rome Ciampino, the pickup time must be checked" can be played.
 * Shared by the Hotelbeds and Juniper transfer simulators.
 */
export interface TransferArea {
  key: string;
  city: string;
  currency: 'USD' | 'EUR';
  /** Price scale: cents of a 3-star night, as the destination's base. */
  base: number;
  airports: string[];
  /** Departures to these airports publish their final pickup time later (checkPickup). */
  checkPickupAirports: string[];
  /** Juniper zone code of the area (transfer zone list). */
  zone: string;
}

export type PointKind = 'airport' | 'hotel' | 'port' | 'station' | 'address';

export interface ResolvedPoint {
  area: TransferArea;
  kind: PointKind;
  type: 'IATA' | 'ATLAS' | 'GPS' | 'PORT' | 'STATION';
  code: string;
  name: string;
  address?: string;
  town?: string;
  zip?: string;
  latitude?: number;
  longitude?: number;
}

const areaOf = (d: Destination): TransferArea => ({
  key: d.code,
  city: d.city,
  currency: d.currency,
  base: d.base,
  airports: [d.airport],
  checkPickupAirports: [],
  zone: `${d.zones[0].code.slice(0, -1)}9`,
});

export const ROME: TransferArea = {
  key: 'ROM',
  city: 'Roma',
  currency: 'EUR',
  base: 12_000,
  airports: ['FCO', 'CIA'],
  checkPickupAirports: ['CIA', 'FCO'],
  zone: '39009',
};

export const TRANSFER_AREAS: TransferArea[] = [...DESTINATIONS.map(areaOf), ROME];
const area = (key: string) => TRANSFER_AREAS.find((a) => a.key === key) as TransferArea;

/** Rome's hotels for transfers only; 5643 is the ATLAS code of Hotelbeds' public certification scenario. */
const ROME_HOTELS = [
  { code: '5643', name: 'Hotel Sistina', address: 'Via Sistina 136', zip: '00187', latitude: 41.9043, longitude: 12.4862 },
  { code: '5644', name: 'Hotel Trastevere', address: 'Via Luciano Manara 24', zip: '00153', latitude: 41.8883, longitude: 12.4703 },
];

/** Ports (Hotelbeds PORT codes; 277 = Port of Barcelona in the public certification scenario) and stations. */
const TERMINALS: { type: 'PORT' | 'STATION'; code: string; name: string; area: string }[] = [
  { type: 'PORT', code: '277', name: 'Port of Barcelona', area: 'BCN' },
  { type: 'PORT', code: '901', name: 'Terminal de Cruceros de Cartagena', area: 'CTG' },
  { type: 'PORT', code: '902', name: 'PortMiami', area: 'MIA' },
  { type: 'PORT', code: '903', name: 'Puerto de Civitavecchia', area: 'ROM' },
  { type: 'STATION', code: 'MAD01', name: 'Madrid Puerta de Atocha', area: 'MAD' },
  { type: 'STATION', code: 'BCN01', name: 'Barcelona Sants', area: 'BCN' },
  { type: 'STATION', code: 'ROM01', name: 'Roma Termini', area: 'ROM' },
];

const AIRPORT_NAMES: Record<string, string> = { FCO: 'Roma Fiumicino', CIA: 'Roma Ciampino' };

function hotelPoint(code: string): ResolvedPoint | undefined {
  const rome = ROME_HOTELS.find((h) => h.code === code);
  if (rome)
    return {
      area: ROME,
      kind: 'hotel',
      type: 'ATLAS',
      code,
      name: rome.name,
      address: rome.address,
      town: 'Roma',
      zip: rome.zip,
      latitude: rome.latitude,
      longitude: rome.longitude,
    };
  const h = findHotel(code);
  if (!h) return undefined;
  return {
    area: area(h.destination.code),
    kind: 'hotel',
    type: 'ATLAS',
    code: String(h.code),
    name: h.name,
    address: h.address,
    town: h.destination.city,
    latitude: Number(h.latitude),
    longitude: Number(h.longitude),
  };
}

/** A GPS point ("lat,lng", at least three decimals as Hotelbeds asks) within ~40 km of a known hotel. */
function gpsPoint(code: string): ResolvedPoint | undefined {
  const m = /^(-?\d{1,2}\.\d{3,}),(-?\d{1,3}\.\d{3,})$/.exec(code.trim());
  if (!m) return undefined;
  const [lat, lng] = [Number(m[1]), Number(m[2])];
  const candidates = [
    ...ROME_HOTELS.map((h) => ({ area: ROME, lat: h.latitude, lng: h.longitude })),
    ...DESTINATIONS.flatMap((d) => hotelsOf(d).map((h) => ({ area: area(d.code), lat: Number(h.latitude), lng: Number(h.longitude) }))),
  ];
  const near = candidates.find((c) => Math.abs(c.lat - lat) < 0.4 && Math.abs(c.lng - lng) < 0.4);
  if (!near) return undefined;
  return { area: near.area, kind: 'address', type: 'GPS', code, name: `GPS ${code}`, latitude: lat, longitude: lng };
}

export function resolvePoint(type: string, code: string): ResolvedPoint | undefined {
  const c = code.trim();
  switch (type) {
    case 'IATA': {
      const a = TRANSFER_AREAS.find((x) => x.airports.includes(c.toUpperCase()));
      if (!a) return undefined;
      const d = DESTINATIONS.find((x) => x.airport === c.toUpperCase());
      return {
        area: a,
        kind: 'airport',
        type: 'IATA',
        code: c.toUpperCase(),
        name: AIRPORT_NAMES[c.toUpperCase()] ?? `${d?.city ?? a.city} (${c.toUpperCase()})`,
      };
    }
    case 'ATLAS':
      return hotelPoint(c);
    case 'GPS':
      return gpsPoint(c);
    case 'PORT':
    case 'STATION': {
      const t = TERMINALS.find((x) => x.type === type && x.code.toUpperCase() === c.toUpperCase());
      return t ? { area: area(t.area), kind: type === 'PORT' ? 'port' : 'station', type, code: t.code, name: t.name } : undefined;
    }
    default:
      return undefined;
  }
}

/** Juniper transfer zones: numeric, per area — the area (…9), its airports (…8, …7), ports and stations (…6, …5) and its hotel zones. */
export interface TransferZone {
  code: string;
  name: string;
  areaType: 'CTY' | 'AIR' | 'POR' | 'EST' | 'ZON';
  parent?: string;
  iata?: string;
  point: ResolvedPoint;
}

let zoneList: TransferZone[] | null = null;
export function transferZones(): TransferZone[] {
  if (zoneList) return zoneList;
  const prefix = (a: TransferArea) => a.zone.slice(0, -1);
  zoneList = TRANSFER_AREAS.flatMap((a) => {
    const d = DESTINATIONS.find((x) => x.code === a.key);
    const hotelZones = d ? d.zones : [{ code: `${prefix(a)}1`, name: 'Centro Storico' }];
    const hotel = (name: string, code: string): ResolvedPoint => ({ area: a, kind: 'hotel', type: 'ATLAS', code, name, town: a.city });
    return [
      { code: a.zone, name: a.city, areaType: 'CTY' as const, point: hotel(a.city, a.zone) },
      ...a.airports.map((iata, i) => ({
        code: `${prefix(a)}${8 - i}`,
        name: AIRPORT_NAMES[iata] ?? `${a.city} (${iata})`,
        areaType: 'AIR' as const,
        parent: a.zone,
        iata,
        point: resolvePoint('IATA', iata) as ResolvedPoint,
      })),
      ...TERMINALS.filter((t) => t.area === a.key).map((t, i) => ({
        code: `${prefix(a)}${6 - i}`,
        name: t.name,
        areaType: t.type === 'PORT' ? ('POR' as const) : ('EST' as const),
        parent: a.zone,
        point: resolvePoint(t.type, t.code) as ResolvedPoint,
      })),
      ...hotelZones.map((z) => ({ code: z.code, name: z.name, areaType: 'ZON' as const, parent: a.zone, point: hotel(z.name, z.code) })),
    ];
  });
  return zoneList;
}

export const findTransferZone = (code: string) => transferZones().find((z) => z.code === code.trim());

export const shift = (at: string, hours: number) => {
  const t = new Date(`${at}Z`).getTime() + hours * 3_600_000;
  return new Date(t).toISOString().slice(0, 19);
};

/** Pickup time: to an airport 3 h before the flight, to a station 1 h before the train; otherwise the asked time. */
export function pickupAt(from: ResolvedPoint, to: ResolvedPoint, asked: string): string {
  if (isTerminal(from)) return asked;
  if (to.kind === 'airport') return shift(asked, -3);
  if (to.kind === 'station') return shift(asked, -1);
  return asked;
}

export function isTerminal(p: ResolvedPoint): boolean {
  return p.kind === 'airport' || p.kind === 'port' || p.kind === 'station';
}

/** Price of a vehicle for `pax` passengers in an area, cents; null when the vehicle does not fit. */
export function areaTransferPrice(vehicleId: string, a: TransferArea, pax: number): number | null {
  const v = VEHICLES.find((x) => x.id === vehicleId);
  if (!v || pax > v.max || pax < v.min) return null;
  return Math.round((v.perPax ? v.cents * pax : v.cents) * (a.base / 10_000));
}
