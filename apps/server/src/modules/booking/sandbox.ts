import { isSupplierAccount, type ResolvedProviderAccount } from '../../suppliers/account.js';
import type { SupplierLayer } from '../../suppliers/index.js';

/**
 * The account pointed at the supplier's simulator whatever the agency's mode (the `/simulate` and
 * `/test` routes, a streamed search with `forceSandbox`). Own inventory has no simulator: its built-in
 * account is answered as it is, as is an account already in sandbox. Every flow uses this one rule.
 */
export function sandboxed<A extends ResolvedProviderAccount>(suppliers: Pick<SupplierLayer, 'baseUrlFor'>, account: A): A {
  if (account.mode === 'sandbox' || !isSupplierAccount(account)) return account;
  return { ...account, mode: 'sandbox', baseUrl: suppliers.baseUrlFor(account.supplier, 'sandbox') };
}
