import type { CommissionMode, CommissionType, MarkupBasis, MarkupKind, MarkupSupplier, ProductKind } from '@travesia/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

interface RuleJson {
  id: string;
  agencyId: string | null;
  active: boolean;
  priority: number;
  productKind: ProductKind | null;
  supplier: MarkupSupplier | null;
  destinationId: string | null;
  travelFrom: string | null;
  travelTo: string | null;
  bookingFrom: string | null;
  bookingTo: string | null;
  kind: MarkupKind;
  value: string;
  currency: string | null;
  basis: MarkupBasis;
  allowBelowCost: boolean;
}

export interface PricingSnapshot {
  rules: RuleJson[];
  unitsPerUsd: Record<string, string>;
  settings: { mode: CommissionMode; type: CommissionType; value: string; currency: string; roundUp: boolean } | null;
  user: { type: CommissionType; value: string } | null;
}

type Row = { k: 'rule' | 'rate' | 'settings' | 'user'; v: unknown };

/**
 * Everything pricing needs for one agency user at one instant, in ONE round trip: the active platform
 * rules and the agency's, the latest rate of each currency valid at `at`, the agency's commission
 * setting and the user's own commission. Numerics travel as text so no digit is lost.
 */
export class PricingRepository {
  constructor(private readonly db: Db) {}

  async snapshot(agencyId: string | null, userId: string | null, at: Date): Promise<PricingSnapshot> {
    const result = await this.db.execute(sql`
      select 'rule' as k, json_build_object(
        'id', r.id, 'agencyId', r.agency_id, 'active', r.active, 'priority', r.priority,
        'productKind', r.product_kind, 'supplier', r.supplier, 'destinationId', r.destination_id,
        'travelFrom', r.travel_from::text, 'travelTo', r.travel_to::text,
        'bookingFrom', r.booking_from::text, 'bookingTo', r.booking_to::text,
        'kind', r.kind, 'value', r.value::text, 'currency', r.currency, 'basis', r.basis,
        'allowBelowCost', r.allow_below_cost) as v
      from markup_rules r
      where r.active and (r.agency_id is null or r.agency_id = ${agencyId}::uuid)
      union all
      select 'rate', json_build_object('currency', x.currency, 'unitsPerUsd', x.units_per_usd::text)
      from (
        select distinct on (currency) currency, units_per_usd from exchange_rates
        where valid_from <= ${at.toISOString()}::timestamptz
        order by currency, valid_from desc
      ) x
      union all
      select 'settings', json_build_object('mode', s.commission_mode, 'type', s.commission_type,
        'value', s.commission_value::text, 'currency', s.commission_currency, 'roundUp', s.round_up)
      from agency_pricing_settings s where s.agency_id = ${agencyId}::uuid
      union all
      select 'user', json_build_object('type', u.commission_type, 'value', u.commission_value::text)
      from users u where u.id = ${userId}::uuid
    `);
    const rows = ((result as unknown as { rows: Row[] }).rows ?? []).map((r) => ({
      k: r.k,
      v: typeof r.v === 'string' ? JSON.parse(r.v) : r.v,
    }));
    const out: PricingSnapshot = { rules: [], unitsPerUsd: {}, settings: null, user: null };
    for (const { k, v } of rows) {
      if (k === 'rule') out.rules.push(v as RuleJson);
      else if (k === 'rate') {
        const rate = v as { currency: string; unitsPerUsd: string };
        out.unitsPerUsd[rate.currency.trim()] = rate.unitsPerUsd;
      } else if (k === 'settings') out.settings = v as PricingSnapshot['settings'];
      else if (k === 'user') out.user = v as PricingSnapshot['user'];
    }
    return out;
  }
}
