import type { MarkupRule } from '@travesia/contracts';
import type { MarkupRuleRow } from '../../db/schema/index.js';
import { normaliseDecimal } from '../../lib/decimal.js';
import type { EngineRule } from '../../pricing/index.js';

export function toMarkupDto(row: MarkupRuleRow, agencyName: string | null): MarkupRule {
  return {
    _id: row.id,
    scope: row.agencyId ? 'agency' : 'platform',
    agency: row.agencyId ? { _id: row.agencyId, name: agencyName ?? '' } : null,
    name: row.name,
    active: row.active,
    priority: row.priority,
    productKind: row.productKind,
    supplier: row.supplier,
    destination: row.destinationId ? { _id: row.destinationId, name: row.destinationName } : null,
    travelFrom: row.travelFrom,
    travelTo: row.travelTo,
    bookingFrom: row.bookingFrom,
    bookingTo: row.bookingTo,
    kind: row.kind,
    value: normaliseDecimal(row.value),
    currency: row.currency,
    basis: row.basis,
    allowBelowCost: row.allowBelowCost,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toEngineRule(row: Pick<MarkupRuleRow, Exclude<keyof EngineRule, 'scope'> | 'agencyId'>): EngineRule {
  return {
    id: row.id,
    scope: row.agencyId ? 'agency' : 'platform',
    agencyId: row.agencyId,
    active: row.active,
    priority: row.priority,
    productKind: row.productKind,
    supplier: row.supplier,
    destinationId: row.destinationId,
    travelFrom: row.travelFrom,
    travelTo: row.travelTo,
    bookingFrom: row.bookingFrom,
    bookingTo: row.bookingTo,
    kind: row.kind,
    value: row.value,
    currency: row.currency,
    basis: row.basis,
    allowBelowCost: row.allowBelowCost,
  };
}
