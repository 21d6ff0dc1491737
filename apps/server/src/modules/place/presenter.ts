import type { Place } from '@travesia/contracts';
import type { PlaceRow } from '../../db/schema/index.js';

/** Row -> API shape. Ancestors come from the materialised path, nearest first, with no extra query. */
export function toPlaceDto(row: PlaceRow): Place {
  const ancestors = row.path.map((id, i) => ({ _id: id, name: row.ancestorNames[i] ?? '' })).reverse();
  return {
    _id: row.id,
    name: row.name,
    type: row.type,
    address: row.address,
    active: row.active,
    parent: row.parentId,
    ancestors,
    displayName: [row.name, ...ancestors.map((a) => a.name)].join(', '),
    lat: row.lat,
    lng: row.lng,
    images: row.images,
    iataCode: row.iataCode,
    countryCode: row.countryCode,
    timeZone: row.timeZone,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
