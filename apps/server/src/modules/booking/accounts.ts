import { type ProductKind, type ProviderId, providerModule } from '@travesia/contracts';
import { badRequest, forbidden } from '../../http/errors.js';
import type { ResolvedProviderAccount, SupplierLayer } from '../../suppliers/index.js';
import type { ProviderAccountService, UsableAccounts } from '../provider-account/service.js';
import type { SalesContext } from './sales-context.js';
import { sandboxed } from './sandbox.js';

/** How a kind words the account check's refusals. */
export interface AccountRule {
  kind: ProductKind;
  /** The request field a 400 SUPPLIER_MISMATCH names. */
  field: string;
  mismatch: string;
  moduleDisabled: string;
}

/**
 * The account a seller books or searches a kind with, checked for every kind alike: the seller may use it (another
 * agency's is a 404), its provider sells the kind (and is the route's, when it names one) — a 400 otherwise —, and
 * the agency's module of that provider and kind is on (403). `forceSandbox`: always the simulator.
 */
export async function checkedAccount(
  d: { providerAccounts: ProviderAccountService; suppliers: SupplierLayer },
  sale: SalesContext,
  accountId: string,
  rule: AccountRule,
  opts: { want?: ProviderId | null; forceSandbox?: boolean; usable?: UsableAccounts; resort?: 'disney' | 'universal' | null } = {},
): Promise<ResolvedProviderAccount> {
  const account = opts.usable ? opts.usable.resolve(accountId) : await d.providerAccounts.resolveForSale(sale, accountId);
  // A resort mode (Juniper's Disney / Universal hotels) has its own module.
  const module = providerModule(account.supplier, rule.kind, opts.resort);
  if (!module || (opts.want && account.supplier !== opts.want) || !d.suppliers.registry.supports(account.supplier, rule.kind))
    throw badRequest(rule.mismatch, { [rule.field]: rule.mismatch }, 'SUPPLIER_MISMATCH');
  if (!sale.modules.includes(module)) throw forbidden(rule.moduleDisabled);
  return opts.forceSandbox ? sandboxed(d.suppliers, account) : account;
}
