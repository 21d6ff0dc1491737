import { type HotelStreamSearchBody, PROVIDER_MESSAGES, type SupplierId } from '@travesia/contracts';
import type { AuthContext } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import type { ProviderAccountService } from '../provider-account/service.js';
import { type HotelSearchService, moduleFor } from './search.js';

export type StreamEvent =
  | { event: 'start'; data: { suppliers: { accountId: string; supplier: SupplierId; name: string }[] } }
  | { event: 'result'; data: { accountId: string; supplier: SupplierId; name: string; ms: number; response: unknown } }
  | { event: 'failure'; data: { accountId: string; supplier: string | null; name: string | null; ms: number; code: string; msg: string } }
  | { event: 'done'; data: { ok: number; failed: number } };

const HOTEL_SUPPLIERS: readonly SupplierId[] = ['hotelbeds', 'juniper', 'restel'];

/**
 * Searches every chosen hotel account in parallel and reports each as soon as it answers; a supplier
 * that fails or exceeds `timeoutMs` is reported as such and never holds the others back.
 */
export async function streamSearch(
  d: { search: HotelSearchService; providerAccounts: ProviderAccountService },
  auth: AuthContext,
  body: HotelStreamSearchBody,
  emit: (e: StreamEvent) => void,
  opts: { forceSandbox: boolean; simScenario?: string },
): Promise<void> {
  const usable = (await d.providerAccounts.usableFor(auth)).filter((a) => HOTEL_SUPPLIERS.includes(a.supplier));
  const resort = body.resort ?? null;
  const chosen = body.providers
    ? body.providers.map((id) => ({ id, account: usable.find((a) => a.id === id) ?? null }))
    : usable
        .filter((a) => {
          const m = moduleFor(a.supplier, resort);
          return m !== null && auth.modules.includes(m);
        })
        .map((a) => ({ id: a.id, account: a }));
  emit({
    event: 'start',
    data: {
      suppliers: chosen.flatMap((c) => (c.account ? [{ accountId: c.id, supplier: c.account.supplier, name: c.account.name }] : [])),
    },
  });
  let ok = 0;
  let failed = 0;
  const started = Date.now();
  await Promise.all(
    chosen.map(async ({ id, account }) => {
      const fail = (code: string, msg: string) => {
        failed++;
        emit({
          event: 'failure',
          data: { accountId: id, supplier: account?.supplier ?? null, name: account?.name ?? null, ms: Date.now() - started, code, msg },
        });
      };
      if (!account) return fail('NOT_FOUND', PROVIDER_MESSAGES.notFound);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new AppError(504, 'SUPPLIER_TIMEOUT', 'El proveedor no respondió a tiempo')), body.timeoutMs);
      });
      try {
        const response = await Promise.race([
          d.search.search(
            auth,
            { ...body, provider_id: id },
            { supplier: account.supplier, forceSandbox: opts.forceSandbox, simScenario: opts.simScenario },
          ),
          timeout,
        ]);
        ok++;
        emit({
          event: 'result',
          data: { accountId: id, supplier: account.supplier, name: account.name, ms: Date.now() - started, response: response.response },
        });
      } catch (err) {
        if (err instanceof AppError) return fail(err.code, err.message);
        fail('INTERNAL', 'No se pudo consultar este proveedor');
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  emit({ event: 'done', data: { ok, failed } });
}
