import type { User } from '@travesia/contracts';
import type { UserRow } from '../../db/schema/index.js';
import { normaliseDecimal } from '../../lib/decimal.js';

export function toUserDto(row: UserRow, agencyName: string | null): User {
  return {
    _id: row.id,
    email: row.email,
    status: row.status,
    type: row.type,
    agency: row.agencyId ? { _id: row.agencyId, name: agencyName ?? '' } : null,
    profile: row.profile,
    canSeeAllVouchers: row.canSeeAllVouchers,
    availableProviders: row.availableProviders,
    commission: { type: row.commissionType, value: normaliseDecimal(row.commissionValue) },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
