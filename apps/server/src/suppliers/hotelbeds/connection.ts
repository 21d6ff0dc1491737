import type { ResolvedProviderAccount } from '../account.js';
import { connectionCheck } from '../connection-check.js';
import { SupplierError } from '../errors.js';
import type { SupplierHttp } from '../http/supplier-http.js';
import type { CallContext, ConnectionTestResult } from '../types.js';
import { HotelbedsClient, type HotelbedsProduct } from './client.js';

const STATUS_PATH: Record<HotelbedsProduct, string> = { hotel: '/status', ticket: '/status', transfer: '/status' };

/** Calls each product's status endpoint with its own key pair (hotels always; activities/transfers when configured). */
export async function testHotelbedsConnection(
  http: SupplierHttp,
  account: ResolvedProviderAccount,
  ctx?: CallContext,
): Promise<ConnectionTestResult> {
  const products: HotelbedsProduct[] = ['hotel', 'ticket', 'transfer'];
  const checks = [];
  for (const product of products) {
    const client = new HotelbedsClient(http, account, product);
    if (product !== 'hotel' && !client.hasKeys()) continue;
    checks.push(
      await connectionCheck(product, async () => {
        if (!client.hasKeys()) throw new SupplierError('SUPPLIER_AUTH', { supplier: 'hotelbeds', operation: 'account.test' });
        await client.call({ operation: 'account.test', method: 'GET', path: STATUS_PATH[product], idempotent: true, ctx });
      }),
    );
  }
  return { ok: checks.every((c) => c.ok), checks };
}
