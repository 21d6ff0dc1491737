import type { Agency } from '@travesia/contracts';
import type { AgencyRow } from '../../db/schema/index.js';

export function toAgencyDto(row: AgencyRow): Agency {
  return {
    _id: row.id,
    name: row.name,
    logo: row.logo,
    theme: row.theme,
    mode: row.mode,
    options: row.options,
    distributed: row.distributed,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
