/**
 * Which hotels of a merged search are the same property sold by several suppliers (decision 0480).
 * Our suppliers share no hotel code, so a property is recognised by:
 *   1. a shared code, when two entries carry one (e.g. a GIATA id; none of today's adapters give one);
 *   2. else the same normalised name (accents, case, punctuation and the word "hotel" ignored) and map
 *      positions at most `SAME_HOTEL_METERS` apart;
 *   3. else, for an entry without a map position, the same normalised name in the same place, when that
 *      name is not ambiguous there (exactly one candidate group).
 * One source (supplier search) never contributes two entries to one group: two codes of one supplier are
 * two hotels for that supplier, whatever their names.
 */

/** Largest distance between two suppliers' positions of one property. */
export const SAME_HOTEL_METERS = 150;

export interface PropertyRef {
  name: string;
  /** Where the entry comes from (a supplier search): a group holds at most one entry per source. */
  source: string | number;
  location?: { lat: number; lng: number } | null;
  /** The place the entry is known to be in (e.g. the searched place), for entries without a position. */
  place?: string | null;
  /** Codes shared across suppliers (`<scheme>:<value>`, e.g. `giata:12345`). */
  codes?: readonly string[];
}

/** Words that say nothing about which property it is. */
const NOISE = new Set(['hotel', 'hoteles', 'hotels', 'the']);

/** "Hotel Casa San Agustín" and "CASA SAN AGUSTIN, HOTEL" → "casa san agustin". */
export function normaliseHotelName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' y ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .split(' ')
    .filter((w) => w && !NOISE.has(w))
    .join(' ');
}

const EARTH_RADIUS_M = 6_371_000;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (haversine). */
export function metersBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

const located = (r: PropertyRef): r is PropertyRef & { location: { lat: number; lng: number } } =>
  !!r.location && Number.isFinite(r.location.lat) && Number.isFinite(r.location.lng);

/**
 * The group number of each entry (0, 1, 2… in order of first appearance); entries with the same number
 * are one property. Deterministic for a given input order.
 */
export function groupSameHotels(refs: readonly PropertyRef[], maxMeters = SAME_HOTEL_METERS): number[] {
  const group = new Array<number>(refs.length).fill(-1);
  const members: number[][] = [];
  const norm = refs.map((r) => normaliseHotelName(r.name));
  const hasSource = (g: number, source: PropertyRef['source']) => members[g].some((j) => refs[j].source === source);
  const join = (i: number, g: number) => {
    group[i] = g;
    members[g].push(i);
  };
  const open = (i: number) => {
    group[i] = members.length;
    members.push([i]);
  };

  // 1. Shared codes.
  const byCode = new Map<string, number>();
  refs.forEach((r, i) => {
    if (!r.codes?.length) return;
    const g = r.codes.map((c) => byCode.get(c)).find((x) => x !== undefined && !hasSource(x, r.source));
    if (g === undefined) open(i);
    else join(i, g);
    for (const c of r.codes) if (!byCode.has(c)) byCode.set(c, group[i]);
  });

  // 2. Same name, positions close together.
  refs.forEach((r, i) => {
    if (group[i] !== -1 || !located(r)) return;
    const g = members.findIndex(
      (m, gi) =>
        !hasSource(gi, r.source) &&
        m.some((j) => {
          const o = refs[j];
          return norm[j] === norm[i] && located(o) && metersBetween(o.location, r.location) <= maxMeters;
        }),
    );
    if (g === -1) open(i);
    else join(i, g);
  });

  // 3. No position: same name in the same place, when only one group can be meant.
  refs.forEach((r, i) => {
    if (group[i] !== -1) return;
    const candidates = r.place
      ? members.flatMap((m, gi) => (m.some((j) => norm[j] === norm[i] && refs[j].place === r.place) ? [gi] : []))
      : [];
    if (candidates.length === 1 && !hasSource(candidates[0], r.source)) join(i, candidates[0]);
    else open(i);
  });

  // Numbered in order of first appearance.
  const renumber = new Map<number, number>();
  return group.map((g) => {
    if (!renumber.has(g)) renumber.set(g, renumber.size);
    return renumber.get(g) as number;
  });
}
