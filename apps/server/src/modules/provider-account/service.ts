import { randomUUID } from 'node:crypto';
import {
  type CreateProviderAccountBody,
  type CreateProviderTemplateBody,
  DEFAULT_PROVIDER_SETTINGS,
  MESSAGES,
  PROVIDER_MESSAGES,
  type ProviderSettingsInput,
  SUPPLIER_ERROR_MESSAGES,
  type SupplierId,
  type UpdateProviderAccountBody,
  type UpdateProviderTemplateBody,
} from '@travesia/contracts';
import type { Logger } from 'pino';
import type { AgencyRow, NewProviderAccount, ProviderAccountRow } from '../../db/schema/index.js';
import type { AuthContext } from '../../http/auth.js';
import { AppError, badRequest } from '../../http/errors.js';
import type { KeyValueStore } from '../../lib/kv.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { type ProviderSettings, type ResolvedProviderAccount, supplierBaseUrl } from '../../suppliers/account.js';
import { type ResolveAll, systemResolveAll } from '../../suppliers/http/guarded-agent.js';
import { isOwnInventoryAccount, ownInventoryAccount } from '../../suppliers/travesia/account.js';
import type { AgencyRepository } from '../agency/repository.js';
import type { ConnectionTester } from './connection-tester.js';
import { type Credentials, guardCredentials, maskCredentials, mergeCredentials, openCredentials, sealCredentials } from './credentials.js';
import { conflictError, forbiddenError, notFoundError, unavailableError } from './errors.js';
import { hostResolvesPublic } from './host-check.js';
import type { PresentableAccount } from './presenter.js';
import type { AccountWithTemplate, ProviderAccountRepository } from './repository.js';

/** Whose accounts a call is about: one agency's, or the platform's templates. */
export type ProviderScope = { kind: 'agency'; agency: AgencyRow } | { kind: 'template' };

type Mode = 'sandbox' | 'production';

/** The accounts a user may search with, read once; `resolve` is `resolveForUse` for one of them (or our own). */
export interface UsableAccounts {
  rows: ProviderAccountRow[];
  resolve(accountId: string): ResolvedProviderAccount;
}

export interface ProviderAccountServiceDeps {
  repo: ProviderAccountRepository;
  agencies: AgencyRepository;
  /** Opened on first use (lib/secret-box.ts). */
  secrets: () => SecretBox;
  tester: ConnectionTester;
  /** The supplier simulator's base URL, asked at use time (sandbox mode). */
  simulatorUrl: () => string;
  log: Logger;
  /** Longest a connection test may take when the account sets no 'connection' timeout. */
  testTimeoutMs?: number;
  /** Name resolution for the save-time host check (tests pass a fake); node:dns otherwise. */
  resolveAll?: ResolveAll;
  /** Rate limits of the connection test (KeyValueStore); unthrottled without it. */
  store?: KeyValueStore;
}

const DEFAULT_TEST_TIMEOUT_MS = 20_000;
/** Connection tests one user may run per window (decision 0143). */
const TEST_LIMIT = 10;
const TEST_WINDOW_S = 600;

/** Answers that tell a refused port from a filtered one (or a slow host): only super reads them. */
const TRANSPORT_MESSAGES: ReadonlySet<string> = new Set([
  PROVIDER_MESSAGES.testTimeout,
  SUPPLIER_ERROR_MESSAGES.SUPPLIER_TIMEOUT,
  SUPPLIER_ERROR_MESSAGES.SUPPLIER_UNAVAILABLE,
  SUPPLIER_ERROR_MESSAGES.SUPPLIER_CIRCUIT_OPEN,
  SUPPLIER_ERROR_MESSAGES.SUPPLIER_BAD_RESPONSE,
  SUPPLIER_ERROR_MESSAGES.SUPPLIER_OUTCOME_UNKNOWN,
]);

/**
 * A connection test as its reader may see it (decision 0143): super gets the latency and the detailed
 * reason; anyone else no latency, and one message for every transport failure, so the answer does not
 * tell a closed port from a filtered one.
 */
function forViewer<T extends { ok: boolean; msg: string; latencyMs: number | null }>(actor: AuthContext, r: T): T {
  if (actor.user.type === 'super') return r;
  const msg = !r.ok && r.msg.split(' · ').some((m) => TRANSPORT_MESSAGES.has(m)) ? PROVIDER_MESSAGES.testFailed : r.msg;
  return { ...r, msg, latencyMs: null };
}

/**
 * Provider accounts (docs/decisions/0060..0064): agency admins manage their agency's accounts, super
 * manages templates and any agency's accounts. Credentials are sealed at rest and leave this service
 * only masked (to clients) or resolved for an adapter (`resolveForUse`).
 */
export class ProviderAccountService {
  constructor(private readonly d: ProviderAccountServiceDeps) {}

  // ---- scopes -------------------------------------------------------------------------------

  /** The caller's own agency (the /api/provider-account routes). */
  ownScope(actor: AuthContext): ProviderScope {
    if (!actor.agency) throw forbiddenError(PROVIDER_MESSAGES.noAgency);
    return { kind: 'agency', agency: actor.agency };
  }

  /** Any agency, for super (/api/agency/:agencyId/provider-account). */
  async agencyScope(agencyId: string): Promise<ProviderScope> {
    const agency = await this.d.agencies.findById(agencyId);
    if (!agency) throw notFoundError(MESSAGES['agency.notFound']);
    return { kind: 'agency', agency };
  }

  templateScope(): ProviderScope {
    return { kind: 'template' };
  }

  // ---- reading ------------------------------------------------------------------------------

  async list(scope: ProviderScope, filter: { q?: string; supplier?: SupplierId }, page: number, limit: number) {
    const { rows, total } = await this.d.repo.list({ agencyId: scopeAgencyId(scope), ...filter }, page, limit);
    const counts = scope.kind === 'template' ? await this.d.repo.linkedCounts(rows.map((r) => r.account.id)) : undefined;
    return { rows: rows.map((r) => this.presentable(r, counts ? (counts.get(r.account.id) ?? 0) : undefined)), total };
  }

  async get(scope: ProviderScope, id: string): Promise<PresentableAccount> {
    const found = await this.findInScope(scope, id);
    const counts = scope.kind === 'template' ? await this.d.repo.linkedCounts([id]) : undefined;
    return this.presentable(found, counts ? (counts.get(id) ?? 0) : undefined);
  }

  /** Templates an agency may link to: active and shared for its admin; any active one for super. */
  async linkableTemplates(actor: AuthContext) {
    return this.d.repo.activeTemplates(actor.user.type !== 'super');
  }

  // ---- writing ------------------------------------------------------------------------------

  async createAccount(actor: AuthContext, scope: ProviderScope, input: CreateProviderAccountBody): Promise<PresentableAccount> {
    if (scope.kind !== 'agency') throw new Error('createAccount needs an agency scope');
    const name = input.name.trim();
    await this.assertNameFree(scope, name);
    const id = randomUUID();
    let template: ProviderAccountRow | null = null;
    let credentialsEnc: string | null = null;
    if (input.templateId) {
      if (input.credentials && Object.keys(input.credentials).length)
        throw badRequest(PROVIDER_MESSAGES.credentialUnknown, {
          credentials: 'Una cuenta vinculada a una plantilla no lleva credenciales propias',
        });
      template = await this.linkableTemplate(actor, input.templateId, input.supplier);
    } else {
      credentialsEnc = await this.sealValidated(id, input.supplier, {}, input.credentials ?? {});
    }
    const settings = mergeSettings(template?.settings ?? DEFAULT_PROVIDER_SETTINGS, input.settings);
    const values: NewProviderAccount = {
      id,
      agencyId: scope.agency.id,
      templateId: template?.id ?? null,
      supplier: input.supplier,
      name,
      active: input.active ?? true,
      shared: false,
      credentialsEnc,
      settings,
      createdBy: actor.user.id,
    };
    const row = await this.d.repo.insert(values);
    return this.get(scope, row.id);
  }

  async updateAccount(actor: AuthContext, scope: ProviderScope, id: string, input: UpdateProviderAccountBody): Promise<PresentableAccount> {
    const { account } = await this.findInScope(scope, id);
    if (scope.kind !== 'agency') throw new Error('updateAccount needs an agency scope');
    const changes: Partial<NewProviderAccount> = {};
    if (input.name !== undefined && input.name.trim().toLowerCase() !== account.name.toLowerCase()) {
      await this.assertNameFree(scope, input.name.trim(), id);
    }
    if (input.name !== undefined) changes.name = input.name.trim();
    if (input.active !== undefined) changes.active = input.active;
    if (input.settings) changes.settings = mergeSettings(account.settings, input.settings);

    const wantsLink = input.templateId !== undefined ? input.templateId : account.templateId;
    const sentCredentials = input.credentials && Object.keys(input.credentials).length ? input.credentials : undefined;
    if (wantsLink) {
      if (sentCredentials)
        throw badRequest(PROVIDER_MESSAGES.credentialUnknown, {
          credentials: 'Una cuenta vinculada a una plantilla no lleva credenciales propias',
        });
      if (wantsLink !== account.templateId) {
        const template = await this.linkableTemplate(actor, wantsLink, account.supplier);
        changes.templateId = template.id;
        changes.credentialsEnc = null;
      }
    } else {
      // Own credentials: merged onto what is stored (nothing, when the account was linked until now).
      const stored = account.templateId ? {} : this.tryOpen(account);
      if (account.templateId || sentCredentials || stored === null) {
        changes.credentialsEnc = await this.sealValidated(id, account.supplier, stored ?? {}, sentCredentials ?? {});
      }
      if (account.templateId) changes.templateId = null;
    }
    await this.d.repo.update(id, changes);
    return this.get(scope, id);
  }

  async createTemplate(actor: AuthContext, input: CreateProviderTemplateBody): Promise<PresentableAccount> {
    const scope = this.templateScope();
    const name = input.name.trim();
    await this.assertNameFree(scope, name);
    const id = randomUUID();
    const row = await this.d.repo.insert({
      id,
      agencyId: null,
      templateId: null,
      supplier: input.supplier,
      name,
      active: input.active ?? true,
      shared: input.shared ?? true,
      credentialsEnc: await this.sealValidated(id, input.supplier, {}, input.credentials),
      settings: mergeSettings(DEFAULT_PROVIDER_SETTINGS, input.settings),
      createdBy: actor.user.id,
    });
    return this.get(scope, row.id);
  }

  async updateTemplate(id: string, input: UpdateProviderTemplateBody): Promise<PresentableAccount> {
    const scope = this.templateScope();
    const { account } = await this.findInScope(scope, id);
    const changes: Partial<NewProviderAccount> = {};
    if (input.name !== undefined && input.name.trim().toLowerCase() !== account.name.toLowerCase()) {
      await this.assertNameFree(scope, input.name.trim(), id);
    }
    if (input.name !== undefined) changes.name = input.name.trim();
    if (input.active !== undefined) changes.active = input.active;
    if (input.shared !== undefined) changes.shared = input.shared;
    if (input.settings) changes.settings = mergeSettings(account.settings, input.settings);
    const stored = this.tryOpen(account);
    if ((input.credentials && Object.keys(input.credentials).length) || stored === null) {
      changes.credentialsEnc = await this.sealValidated(id, account.supplier, stored ?? {}, input.credentials ?? {});
    }
    await this.d.repo.update(id, changes);
    return this.get(scope, id);
  }

  /**
   * Deleting is refused while users list the account in availableProviders (silently dropping it
   * could leave a list empty, which means "every account": wider access than before), while agency
   * accounts link to a template, or while other records point at it (docs/decisions/0063).
   */
  async delete(scope: ProviderScope, id: string): Promise<void> {
    await this.findInScope(scope, id);
    const users = await this.d.repo.countUsersReferencing(id);
    if (users > 0) throw conflictError(PROVIDER_MESSAGES.inUseByUsers(users), 'PROVIDER_IN_USE');
    if (scope.kind === 'template') {
      const linked = (await this.d.repo.linkedCounts([id])).get(id) ?? 0;
      if (linked > 0) throw conflictError(PROVIDER_MESSAGES.linkedAccounts(linked), 'PROVIDER_IN_USE');
    }
    try {
      await this.d.repo.delete(id);
    } catch (err) {
      if (pgCode(err) === '23503') throw conflictError(PROVIDER_MESSAGES.inUseByRecords, 'PROVIDER_IN_USE');
      throw err;
    }
  }

  // ---- using --------------------------------------------------------------------------------

  /**
   * The accounts a user may search with (docs/decisions/0062): an agency user gets the agency's active
   * accounts (a linked one only while its template is active), narrowed to `availableProviders` when
   * that list is not empty; platform staff (no agency) get the active templates.
   */
  async usableFor(actor: AuthContext): Promise<ProviderAccountRow[]> {
    return (await this.usableAccounts(actor)).rows;
  }

  /**
   * `usableFor`, read with each account's template, and `resolve`: `resolveForUse`'s answer for one of them without
   * reading it again. A streamed search resolves every source it fans out to from this one read: on PGlite each
   * further read held the supplier requests back 2–5 ms (issue 18).
   */
  async usableAccounts(actor: AuthContext): Promise<UsableAccounts> {
    const found = actor.agency
      ? await this.d.repo.usableByAgency(actor.agency.id)
      : (await this.d.repo.activeTemplates(false)).map((account) => ({ account, template: null }));
    const allowed = actor.user.availableProviders;
    const usable = allowed.length ? found.filter((f) => allowed.includes(f.account.id)) : found;
    const mode = actor.agency?.mode ?? 'sandbox';
    return {
      rows: usable.map((f) => f.account),
      resolve: (accountId) => {
        if (isOwnInventoryAccount(accountId)) return ownInventoryAccount(mode);
        const one = usable.find((f) => f.account.id === accountId);
        if (!one) throw notFoundError(PROVIDER_MESSAGES.notFound);
        return this.resolve(one, mode);
      },
    };
  }

  /**
   * An account ready for a supplier adapter: the caller may use it (its agency's account, or for
   * platform staff a template; anything else is a 404), it is active, the user's availableProviders
   * allow it; the credentials are decrypted (a linked account's come from its template) and the
   * mode is the agency's (platform staff always sandbox).
   */
  async resolveForUse(actor: AuthContext, accountId: string): Promise<ResolvedProviderAccount> {
    return this.resolveForSale(
      { agencyId: actor.agency?.id ?? null, mode: actor.agency?.mode ?? 'sandbox', allowedProviders: actor.user.availableProviders },
      accountId,
    );
  }

  /** `resolveForUse` for any seller (a session's, or a storefront's: its agency, mode and no user limit). */
  async resolveForSale(
    seller: { agencyId: string | null; mode: Mode; allowedProviders: readonly string[] },
    accountId: string,
  ): Promise<ResolvedProviderAccount> {
    // Own inventory: one built-in account every agency may use (its modules decide for what).
    if (isOwnInventoryAccount(accountId)) return ownInventoryAccount(seller.mode);
    const found = await this.d.repo.findById(accountId);
    if (!found || found.account.agencyId !== seller.agencyId) throw notFoundError(PROVIDER_MESSAGES.notFound);
    const { account, template } = found;
    const allowed = seller.allowedProviders;
    if (allowed.length && !allowed.includes(account.id)) throw forbiddenError(PROVIDER_MESSAGES.notAllowed);
    if (!account.active) throw badRequest(PROVIDER_MESSAGES.inactive, undefined, 'PROVIDER_INACTIVE');
    if (template && !template.active) throw badRequest(PROVIDER_MESSAGES.templateInactive, undefined, 'PROVIDER_INACTIVE');
    return this.resolve(found, seller.mode);
  }

  /** The active accounts an agency's storefront may search (every usable account of the agency). */
  async usableByAgency(agencyId: string): Promise<ProviderAccountRow[]> {
    return (await this.d.repo.usableByAgency(agencyId)).map((f) => f.account);
  }

  /**
   * An account resolved for background work on a booking already made with it (recovery lookups,
   * supplier cancellation): no user session, active or not (a booking outlives a deactivation); the
   * mode is the one the booking was made in. Null when the account no longer exists.
   */
  async resolveForBooking(accountId: string, mode: Mode): Promise<ResolvedProviderAccount | null> {
    if (isOwnInventoryAccount(accountId)) return ownInventoryAccount(mode);
    const found = await this.d.repo.findById(accountId);
    return found ? this.resolve(found, mode) : null;
  }

  /**
   * "Probar conexión": resolves the account (active or not: an admin tests before switching it on)
   * in the mode it would be used in — the agency's, or production for a template (a template is a
   * real contract) — and asks the tester, bounded by `testTimeoutMs`; the answer's message is the
   * tester's (Spanish, written at the adapter boundary) or our own.
   */
  async testConnection(
    actor: AuthContext,
    scope: ProviderScope,
    id: string,
  ): Promise<{ ok: boolean; msg: string; mode: Mode; latencyMs: number | null }> {
    const found = await this.findInScope(scope, id);
    await this.throttleTest(actor);
    return forViewer(actor, await this.runTest(scope, found, id));
  }

  /** At most TEST_LIMIT connection tests per user in TEST_WINDOW_S: the test is not a port scanner. */
  private async throttleTest(actor: AuthContext): Promise<void> {
    if (!this.d.store) return;
    const n = await this.d.store.incr(`provider-test:${actor.user.id}`, TEST_WINDOW_S);
    if (n > TEST_LIMIT) throw new AppError(429, 'TOO_MANY_TESTS', PROVIDER_MESSAGES.testThrottled);
  }

  private async runTest(
    scope: ProviderScope,
    found: AccountWithTemplate,
    id: string,
  ): Promise<{ ok: boolean; msg: string; mode: Mode; latencyMs: number | null }> {
    const mode: Mode = scope.kind === 'agency' ? scope.agency.mode : 'production';
    const resolved = this.resolve(found, mode);
    const limitMs = this.d.testTimeoutMs ?? DEFAULT_TEST_TIMEOUT_MS;
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const started = performance.now();
    try {
      const result = await Promise.race([
        this.d.tester.testConnection(resolved, controller.signal),
        new Promise<'timeout'>((resolve) => {
          timer = setTimeout(() => resolve('timeout'), limitMs);
        }),
      ]);
      const latencyMs = Math.round(performance.now() - started);
      if (result === 'timeout') {
        controller.abort();
        return { ok: false, msg: PROVIDER_MESSAGES.testTimeout, mode, latencyMs: null };
      }
      return {
        ok: result.ok,
        msg: result.message ?? (result.ok ? PROVIDER_MESSAGES.testOk : PROVIDER_MESSAGES.testFailed),
        mode,
        latencyMs: result.latencyMs ?? latencyMs,
      };
    } catch (err) {
      if (err instanceof AppError) throw err;
      // Only the error's name: a message could quote a URL or body carrying credentials.
      this.d.log.warn({ accountId: id, supplier: found.account.supplier, mode, errorName: (err as Error)?.name }, 'connection test failed');
      return { ok: false, msg: PROVIDER_MESSAGES.testFailed, mode, latencyMs: null };
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * The user-service rule: every id in a user's availableProviders is an account of the user's
   * agency (or, for platform staff, a template). 400 'Uno de los proveedores no pertenece a la agencia'.
   */
  async assertAssignable(agencyId: string | null, ids: readonly string[]): Promise<void> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return;
    const owned = await this.d.repo.idsOwnedBy(agencyId, unique);
    if (unique.some((id) => !owned.has(id))) {
      throw badRequest(MESSAGES['user.providerNotAvailable'], { availableProviders: MESSAGES['user.providerNotAvailable'] });
    }
  }

  /** Re-seals every stored credential under the current key (after adding a key to SECRETS_KEY). */
  async reencryptAll(): Promise<{ reencrypted: number; unreadable: string[] }> {
    const box = this.d.secrets();
    let reencrypted = 0;
    const unreadable: string[] = [];
    for (const row of await this.d.repo.allSealed()) {
      if (!box.needsRotation(row.credentialsEnc)) continue;
      let credentials: Credentials;
      try {
        credentials = openCredentials(box, row.id, row.credentialsEnc);
      } catch {
        unreadable.push(row.id);
        continue;
      }
      if (await this.d.repo.setSealed(row.id, sealCredentials(box, row.id, credentials), row.credentialsEnc)) reencrypted++;
    }
    return { reencrypted, unreadable };
  }

  // ---- internals ----------------------------------------------------------------------------

  private resolve(found: AccountWithTemplate, mode: Mode): ResolvedProviderAccount {
    const { account, template } = found;
    const source = template ?? account;
    const credentials = this.tryOpen(source);
    if (credentials === null) {
      this.d.log.error({ accountId: source.id }, 'provider credentials cannot be decrypted with SECRETS_KEY');
      throw unavailableError('Las credenciales del proveedor no se pueden leer; vuelve a escribirlas en la configuración del proveedor.');
    }
    return {
      id: account.id,
      supplier: account.supplier,
      name: account.name,
      mode,
      credentials: guardCredentials(credentials),
      settings: { ...account.settings, timeouts: { ...(account.settings.timeouts ?? {}) } },
      baseUrl: supplierBaseUrl(account.supplier, mode, this.d.simulatorUrl(), credentials.host),
    };
  }

  private async findInScope(scope: ProviderScope, id: string): Promise<AccountWithTemplate> {
    const found = await this.d.repo.findById(id);
    if (!found || found.account.agencyId !== scopeAgencyId(scope)) {
      throw notFoundError(scope.kind === 'template' ? PROVIDER_MESSAGES.templateNotFound : PROVIDER_MESSAGES.notFound);
    }
    return found;
  }

  /** A template the actor may link an account of `supplier` to; otherwise a 400 on templateId. */
  private async linkableTemplate(actor: AuthContext, templateId: string, supplier: SupplierId): Promise<ProviderAccountRow> {
    const found = await this.d.repo.findById(templateId);
    const t = found?.account;
    const visible = t && t.agencyId === null && (actor.user.type === 'super' || (t.active && t.shared));
    if (!visible) throw badRequest(PROVIDER_MESSAGES.templateNotFound, { templateId: PROVIDER_MESSAGES.templateNotFound });
    if (t.supplier !== supplier)
      throw badRequest(PROVIDER_MESSAGES.templateSupplierMismatch, { templateId: PROVIDER_MESSAGES.templateSupplierMismatch });
    return t;
  }

  private async assertNameFree(scope: ProviderScope, name: string, exceptId?: string) {
    const other = await this.d.repo.findByName(scopeAgencyId(scope), name);
    if (other && other.id !== exceptId) throw conflictError(PROVIDER_MESSAGES.nameTaken, 'NAME_TAKEN');
  }

  private async sealValidated(id: string, supplier: SupplierId, stored: Credentials, input: Credentials): Promise<string> {
    const { credentials, issues } = mergeCredentials(supplier, stored, input);
    if (
      credentials.host &&
      !issues.host &&
      credentials.host !== stored.host &&
      !(await hostResolvesPublic(credentials.host, this.resolveAll))
    )
      issues.host = PROVIDER_MESSAGES.hostInvalid;
    const keys = Object.keys(issues);
    if (keys.length) {
      const fields = Object.fromEntries(keys.map((k) => [`credentials.${k}`, issues[k]]));
      throw badRequest(issues[keys[0]], fields);
    }
    return sealCredentials(this.d.secrets(), id, credentials);
  }

  private get resolveAll(): ResolveAll {
    return this.d.resolveAll ?? systemResolveAll;
  }

  /** Decrypted credentials, or null when they can't be opened (key missing from SECRETS_KEY, tampering). */
  private tryOpen(account: ProviderAccountRow): Credentials | null {
    if (!account.credentialsEnc) return {};
    try {
      return openCredentials(this.d.secrets(), account.id, account.credentialsEnc);
    } catch (err) {
      this.d.log.warn({ accountId: account.id, errorName: (err as Error)?.name }, 'provider credentials unreadable');
      return null;
    }
  }

  private presentable(found: AccountWithTemplate, linkedAccounts?: number): PresentableAccount {
    const { account, template } = found;
    const own = account.templateId ? {} : this.tryOpen(account);
    return {
      account,
      template,
      maskedCredentials: own ? maskCredentials(account.supplier, own) : {},
      credentialsReadable: own !== null,
      linkedAccounts,
    };
  }
}

const scopeAgencyId = (scope: ProviderScope) => (scope.kind === 'agency' ? scope.agency.id : null);

function mergeSettings(base: ProviderSettingsInput | ProviderSettings, patch: ProviderSettingsInput | undefined): ProviderSettings {
  return {
    currency: patch?.currency ?? base.currency ?? DEFAULT_PROVIDER_SETTINGS.currency,
    nationality: patch?.nationality ?? base.nationality ?? DEFAULT_PROVIDER_SETTINGS.nationality,
    language: patch?.language ?? base.language ?? DEFAULT_PROVIDER_SETTINGS.language,
    timeouts: { ...(patch?.timeouts ?? base.timeouts ?? {}) },
  };
}

function pgCode(err: unknown): string | undefined {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code ?? e?.cause?.code;
}
