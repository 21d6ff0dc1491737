import type { PlaceType } from '@travesia/contracts';
import { and, arrayContains, asc, count, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { type PlaceRow, places } from '../../db/schema/index.js';
import { escapeLike } from '../../db/sql.js';

export type NewPlace = typeof places.$inferInsert;

/**
 * Larger places first when the match is equally good (spec issue 3): a country, then cities and
 * airports, then states and regions, then areas, then single buildings and points.
 */
export const PLACE_TYPE_WEIGHT: Record<PlaceType, number> = {
  country: 0,
  city: 1,
  airport: 1,
  state: 2,
  region: 2,
  'tourist-area': 3,
  'ski-resort': 3,
  neighborhood: 4,
  cologne: 4,
  port: 4,
  station: 4,
  'point-of-interest': 5,
  hotel: 5,
  accommodation: 5,
  location: 6,
  other: 6,
};

const typeWeightSql = sql.join(
  [
    sql`case ${places.type}`,
    ...Object.entries(PLACE_TYPE_WEIGHT).map(([t, w]) => sql`when ${t} then ${sql.raw(String(w))}`),
    sql`else 9 end`,
  ],
  sql` `,
);

/** Kinds searched first; the partial indexes of 0100-places.sql name the same list. */
export const LARGE_PLACE_TYPES: PlaceType[] = ['country', 'state', 'region', 'city', 'airport', 'tourist-area', 'ski-resort'];
// Literal lists (not parameters), so the planner can prove the partial indexes apply.
const typeList = sql.raw(LARGE_PLACE_TYPES.map((t) => `'${t}'`).join(', '));
const isLarge = sql`${places.type} in (${typeList})`;
const isSmall = sql`${places.type} not in (${typeList})`;
/** Small places matching only by a later word are taken from at most this many candidates. */
const SMALL_CANDIDATES = 500;

/** The city an airport hangs from, for its size (an airport seeded under its country serves no known city). */
const served = alias(places, 'served');
/**
 * An airport's own name says "International"/"Internacional": the seed data (OpenFlights) has no size
 * or traffic, so that word and the size of the city served are what tell a main airport from an airfield.
 */
const isInternational = sql`(${places.nameKey} like '% international%' or ${places.nameKey} like '% internacional%')`;
/**
 * Size for ranking: inhabitants for cities and the like; for an airport, those of the place it serves,
 * doubled for an international one (El Dorado, Bogotá's, before a Venezuelan "El Dorado" airfield).
 */
const sizeSql = sql`coalesce(${places.population}, case when ${places.type} = 'airport'
  then ${served.population} * (case when ${isInternational} then 2 else 1 end) end)`;

export interface AutocompleteQuery {
  /** Normalised by `normaliseKeyword`: lower case, unaccented, single spaces. */
  key: string;
  types?: PlaceType[];
  parentId?: string | null;
  limit: number;
  includeInactive: boolean;
}

/**
 * A flight-place search (type `airport`, or `city,airport`, as the flight search's origin and
 * destination boxes ask): the airports of every matching city are listed too, right after it.
 */
export const isAirportSearch = (types: PlaceType[] | undefined) =>
  !!types?.includes('airport') && types.every((t) => t === 'airport' || t === 'city');

export interface ListFilter {
  type?: PlaceType;
  parentId?: string;
  includeInactive: boolean;
}

/** Escapes LIKE wildcards; normalised keys hold none, but a key is never trusted to be a pattern. */

/** A PostgreSQL array literal ('{"a","b"}'), passed as one text parameter whatever the driver. */
export const pgArray = (values: string[]) => `{${values.map((v) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;

/**
 * SQL that is true when `column` (a place id) is `ancestorId` or lies anywhere below it. Other modules
 * use it to filter their rows by a place: `where(withinPlace(hotels.placeId, colombiaId))`.
 */
export function withinPlace(column: AnyPgColumn | SQL, ancestorId: string): SQL {
  return sql`place_is_within(${column}, ${ancestorId}::uuid)`;
}

/**
 * The time zone of a place (decision 0450, SQL function of migration 1260): its own, else its nearest
 * ancestor's that has one; null when none has (callers fall back to DEFAULT_TIME_ZONE).
 */
export function placeTimeZone(placeId: AnyPgColumn | SQL): SQL<string | null> {
  return sql<string | null>`place_time_zone(${placeId})`;
}

export class PlaceRepository {
  constructor(private readonly db: Db) {}

  async findById(id: string): Promise<PlaceRow | undefined> {
    const [row] = await this.db.select().from(places).where(eq(places.id, id)).limit(1);
    return row;
  }

  async findByIds(ids: string[], includeInactive: boolean): Promise<PlaceRow[]> {
    if (!ids.length) return [];
    const where = includeInactive ? inArray(places.id, ids) : and(inArray(places.id, ids), eq(places.active, true));
    return this.db.select().from(places).where(where);
  }

  async list(filter: ListFilter, page: number, perPage: number) {
    const conditions: SQL[] = [];
    if (!filter.includeInactive) conditions.push(eq(places.active, true));
    if (filter.type) conditions.push(eq(places.type, filter.type));
    if (filter.parentId) conditions.push(arrayContains(places.path, [filter.parentId]));
    const where = conditions.length ? and(...conditions) : undefined;
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(places)
        .where(where)
        .orderBy(asc(places.name), asc(places.id))
        .limit(perPage)
        .offset((page - 1) * perPage),
      this.db.select({ total: count() }).from(places).where(where),
    ]);
    return { rows, total };
  }

  /** The keyword as the database normalises names (unaccent + lower case + punctuation to spaces). */
  async normaliseKeyword(keyword: string): Promise<string> {
    const [row] = await this.db.select({ key: sql<string>`place_search_key(${keyword}, null, null)` }).from(sql`(select 1) as one`);
    return (row?.key ?? '').trim();
  }

  /**
   * Word-prefix search: every word of the keyword starts a word of the place's name or of its
   * ancestors' names, and the first one starts a word of the name itself ("cartagena col" finds
   * Cartagena, Bolívar, Colombia; "bolivar" finds the state, not every place inside it).
   *
   * Ranking: large places (countries, states, regions, cities, airports, tourist areas) before small
   * ones (hotels, lodgings, neighbourhoods, points). Among large ones: the IATA code, then names that
   * are or start with the keyword, then names with a word starting with it, then the rest; within each,
   * the larger kind, more inhabitants, the shorter name. (An exact name does not beat a prefix:
   * "cartagena" puts Cartagena de Indias, 950,000 people, before Cartagena in Chile, 17,000.) Among
   * small ones: names starting with the keyword, then the others, alphabetically.
   *
   * Three bounded queries instead of one sort of every match, so a common word ("hotel", "san") over
   * hundreds of thousands of places stays fast (bench/places-autocomplete.ts, docs/PERFORMANCE.md):
   * large places through their own small trigram index; small ones by name prefix in index order;
   * the remaining small matches from a capped candidate set.
   */
  async autocomplete(q: AutocompleteQuery): Promise<PlaceRow[]> {
    const words = q.key.split(' ').filter(Boolean).slice(0, 8);
    if (!words.length) return [];
    const phrase = escapeLike(words.join(' '));
    const common: SQL[] = words.map((w) => sql`${places.searchKey} like ${`% ${escapeLike(w)}%`}`);
    if (!q.includeInactive) common.push(eq(places.active, true));
    if (q.types?.length) common.push(inArray(places.type, q.types));
    if (q.parentId) common.push(arrayContains(places.path, [q.parentId]));
    const firstWordInName = sql`${places.nameKey} like ${`% ${escapeLike(words[0])}%`}`;
    const wantLarge = !q.types?.length || q.types.some((t) => LARGE_PLACE_TYPES.includes(t));
    const wantSmall = !q.types?.length || q.types.some((t) => !LARGE_PLACE_TYPES.includes(t));

    const found: PlaceRow[] = [];
    if (wantLarge) {
      const matchRank = sql`case
        when ${places.iataCode} = ${words.join(' ').toUpperCase()} then 0
        when ${places.nameKey} like ${` ${phrase}%`} then 1
        when ${places.nameKey} like ${`% ${phrase}%`} then 2
        else 3 end`;
      found.push(
        ...(await this.db
          .select(getTableColumns(places))
          .from(places)
          .leftJoin(served, and(eq(places.type, 'airport'), eq(served.id, places.parentId), eq(served.type, 'city')))
          .where(and(isLarge, firstWordInName, ...common))
          .orderBy(
            matchRank,
            typeWeightSql,
            sql`${sizeSql} desc nulls last`,
            sql`char_length(${places.name})`,
            asc(places.name),
            asc(places.id),
          )
          .limit(q.limit)),
      );
      if (isAirportSearch(q.types)) return this.withCityAirports(found, q, words);
    }
    if (!wantSmall || found.length >= q.limit) return found;

    // The name prefix implies the first word matches; its trigram condition would only make the
    // planner trade the ordered index scan for a bitmap and a sort.
    const prefixed = await this.db
      .select()
      .from(places)
      .where(and(isSmall, sql`(${places.nameKey} collate "C") like ${` ${phrase}%`}`, ...common.slice(1)))
      .orderBy(sql`${places.nameKey} collate "C"`, asc(places.id))
      .limit(q.limit - found.length);
    found.push(...prefixed);
    if (found.length >= q.limit) return found;

    const candidates = this.db
      .select()
      .from(places)
      .where(and(isSmall, firstWordInName, sql`${places.nameKey} not like ${` ${phrase}%`}`, ...common))
      .limit(SMALL_CANDIDATES)
      .as('candidates');
    const rest = await this.db
      .select()
      .from(candidates)
      .orderBy(sql`${candidates.nameKey} collate "C"`, asc(candidates.id))
      .limit(q.limit - found.length);
    found.push(...(rest as PlaceRow[]));
    return found;
  }

  /**
   * Flight-place search: the cities the keyword names (a name starting with it, or its IATA code)
   * bring their airports, main airport first (international, then the shorter name). An airport whose
   * own code is the keyword leads; each city found is followed by its airports; when cities are not
   * asked for, the named cities' airports come next, then the rest as ranked.
   */
  private async withCityAirports(found: PlaceRow[], q: AutocompleteQuery, words: string[]): Promise<PlaceRow[]> {
    const code = words.join(' ').toUpperCase();
    const active = q.includeInactive ? [] : [eq(places.active, true)];
    const cities = await this.db
      .select()
      .from(places)
      .where(
        and(
          eq(places.type, 'city'),
          sql`(${places.nameKey} like ${` ${escapeLike(words.join(' '))}%`} or ${places.iataCode} = ${code})`,
          ...active,
          ...(q.parentId ? [arrayContains(places.path, [q.parentId])] : []),
        ),
      )
      .orderBy(sql`${places.population} desc nulls last`, asc(places.id))
      .limit(q.limit);
    if (!cities.length) return found;
    const airports = await this.db
      .select()
      .from(places)
      .where(
        and(
          eq(places.type, 'airport'),
          inArray(
            places.parentId,
            cities.map((c) => c.id),
          ),
          ...active,
        ),
      )
      .orderBy(sql`case when ${isInternational} then 0 else 1 end`, sql`char_length(${places.name})`, asc(places.name), asc(places.id));
    const airportsOf = (cityId: string) => airports.filter((a) => a.parentId === cityId);
    const out = new Map<string, PlaceRow>();
    const push = (p: PlaceRow) => out.has(p.id) || out.set(p.id, p);
    for (const p of found) if (p.type === 'airport' && p.iataCode === code) push(p);
    if (!q.types?.includes('city')) for (const c of cities) for (const a of airportsOf(c.id)) push(a);
    for (const p of found) {
      push(p);
      if (p.type === 'city') for (const a of airportsOf(p.id)) push(a);
    }
    return [...out.values()].slice(0, q.limit);
  }

  /** Ids of every place below `placeId` (not including it). */
  async descendantIds(placeId: string): Promise<string[]> {
    const rows = await this.db
      .select({ id: places.id })
      .from(places)
      .where(arrayContains(places.path, [placeId]));
    return rows.map((r) => r.id);
  }

  async insert(values: NewPlace): Promise<PlaceRow> {
    const [row] = await this.db.insert(places).values(values).returning();
    return row;
  }

  async setActive(id: string, active: boolean): Promise<PlaceRow | undefined> {
    const [row] = await this.db.update(places).set({ active, updatedAt: new Date() }).where(eq(places.id, id)).returning();
    return row;
  }

  /**
   * Saves a place and, when its name or parent changed, rewrites the path and ancestor names of every
   * place below it, in one transaction. Moves are serialised by an advisory lock and `assertMove` runs
   * inside it, so two concurrent moves can't build a cycle between them.
   */
  async update(
    id: string,
    values: Partial<NewPlace>,
    opts: { parentId: string | null; assertMove: (parent: PlaceRow | undefined) => void },
  ): Promise<PlaceRow | undefined> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(727100)`);
      const [current] = await tx.select().from(places).where(eq(places.id, id)).for('update');
      if (!current) return undefined;
      const parent = opts.parentId ? (await tx.select().from(places).where(eq(places.id, opts.parentId)).limit(1))[0] : undefined;
      opts.assertMove(parent);
      const path = parent ? [...parent.path, parent.id] : [];
      const ancestorNames = parent ? [...parent.ancestorNames, parent.name] : [];
      const [row] = await tx
        .update(places)
        .set({ ...values, parentId: parent?.id ?? null, path, ancestorNames, updatedAt: new Date() })
        .where(eq(places.id, id))
        .returning();
      const name = values.name ?? current.name;
      const moved = current.parentId !== (parent?.id ?? null) || current.name !== name;
      if (moved) {
        // Below the place, each path reads [...its old ancestors, id, ...]; keep the part from id on.
        await tx.execute(sql`
          update places d set
            path = ${pgArray(path)}::uuid[] || d.path[array_position(d.path, ${id}::uuid):],
            ancestor_names = ${pgArray(ancestorNames)}::text[] || array[${name}::text] || d.ancestor_names[array_position(d.path, ${id}::uuid) + 1:],
            updated_at = now()
          where d.path @> array[${id}::uuid]`);
      }
      return row;
    });
  }
}
