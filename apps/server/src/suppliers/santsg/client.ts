import type { SupplierErrorCode } from '@travesia/contracts';
import type { ResolvedProviderAccount } from '../account.js';
import { SupplierError } from '../errors.js';
import type { SupplierHttp } from '../http/supplier-http.js';
import type { CallContext } from '../types.js';

/** Refresh the bearer this long before it expires (as the reference C# client does). */
export const REFRESH_EARLY_MS = 5 * 60_000;

/** TourVisio message codes (inferred beyond 10000000/30000103) to ours. */
const CODES: Record<string, SupplierErrorCode> = {
  InvalidCredentials: 'SUPPLIER_AUTH',
  Unauthorized: 'SUPPLIER_AUTH',
  OfferExpired: 'SUPPLIER_TOKEN_EXPIRED',
  OfferNotFound: 'SUPPLIER_TOKEN_EXPIRED',
  TransactionExpired: 'SUPPLIER_TOKEN_EXPIRED',
  TransactionNotFound: 'SUPPLIER_TOKEN_EXPIRED',
  ReservationNotFound: 'SUPPLIER_BOOKING_NOT_FOUND',
  ReservationAlreadyCancelled: 'SUPPLIER_NOT_CANCELLABLE',
  TooManyRequests: 'SUPPLIER_QUOTA',
  PriceChanged: 'SUPPLIER_PRICE_CHANGED',
  NoAvailability: 'SUPPLIER_NOT_AVAILABLE',
};

/** A header message: messageType 1 Error, 2 Success, 3 Information, 4 Warning (enumarations.md "Message Types"). */
export interface TourVisioMessage {
  id?: number;
  code: string;
  messageType: number;
}

interface Envelope<T> {
  header?: { requestId?: string; success?: boolean; messages?: { id?: number; code?: string; message?: string; messageType?: number }[] };
  body?: T;
}

/** Bearer tokens per host and login, shared by every adapter instance of the process. */
const tokens = new Map<string, { token: string; expiresAt: number }>();

/** Forgets cached bearer tokens (tests, credential changes). */
export function clearTourVisioTokens() {
  tokens.clear();
}

/**
 * TourVisio wire protocol: JSON POST /api/<service>/<method>, bearer token from
 * authenticationservice/login refreshed 5 minutes before expiry, and a 401 answered by one re-login.
 * The `{header, body}` envelope is checked on `header.success` as well as the HTTP status.
 */
export class TourVisioClient {
  constructor(
    private readonly http: SupplierHttp,
    private readonly account: ResolvedProviderAccount,
  ) {}

  private get key() {
    const c = this.account.credentials;
    return `${this.account.baseUrl}|${c.agency}|${c.user}|${c.password?.length ?? 0}`;
  }

  private fail(operation: string, code: SupplierErrorCode, detail: string) {
    this.http.countError('santsg', operation, code);
    return new SupplierError(code, { supplier: 'santsg', operation, detail });
  }

  async login(ctx?: CallContext, force = false): Promise<string> {
    const cached = tokens.get(this.key);
    if (!force && cached && cached.expiresAt - REFRESH_EARLY_MS > Date.now()) return cached.token;
    const { agency, user, password } = this.account.credentials;
    if (!agency || !user || !password) throw this.fail('flight.login', 'SUPPLIER_AUTH', 'missing credentials');
    const body = await this.send<{ token?: string; expiresOn?: string }>(
      'authenticationservice/login',
      { Agency: agency, User: user, Password: password },
      {
        operation: 'flight.login',
        idempotent: true,
        ctx,
        token: null,
      },
    );
    const expiresAt = Date.parse(body.expiresOn ?? '');
    if (!body.token || Number.isNaN(expiresAt)) throw this.fail('flight.login', 'SUPPLIER_BAD_RESPONSE', 'login without token/expiresOn');
    tokens.set(this.key, { token: body.token, expiresAt });
    return body.token;
  }

  async call<T>(path: string, payload: unknown, opts: { operation: string; idempotent: boolean; ctx?: CallContext }): Promise<T> {
    return (await this.callWithMessages<T>(path, payload, opts)).body;
  }

  /** As `call`, with the header's warning and information messages (messageType 3/4), e.g. DuplicateReservationFound. */
  async callWithMessages<T>(
    path: string,
    payload: unknown,
    opts: { operation: string; idempotent: boolean; ctx?: CallContext },
  ): Promise<{ body: T; messages: TourVisioMessage[] }> {
    const token = await this.login(opts.ctx);
    try {
      return await this.exchange<T>(path, payload, { ...opts, token });
    } catch (err) {
      // The server may consider the token expired before we do (clock skew, revocation): log in again once.
      if (err instanceof SupplierError && err.detail === 'HTTP 401') {
        tokens.delete(this.key);
        const fresh = await this.login(opts.ctx, true);
        return this.exchange<T>(path, payload, { ...opts, token: fresh });
      }
      throw err;
    }
  }

  private async send<T>(
    path: string,
    payload: unknown,
    opts: { operation: string; idempotent: boolean; ctx?: CallContext; token: string | null },
  ): Promise<T> {
    return (await this.exchange<T>(path, payload, opts)).body;
  }

  private async exchange<T>(
    path: string,
    payload: unknown,
    opts: { operation: string; idempotent: boolean; ctx?: CallContext; token: string | null },
  ): Promise<{ body: T; messages: TourVisioMessage[] }> {
    const res = await this.http.request({
      account: this.account,
      operation: opts.operation,
      method: 'POST',
      url: `${this.account.baseUrl}/api/${path}`,
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      },
      body: JSON.stringify(payload),
      idempotent: opts.idempotent,
      ctx: opts.ctx,
      secrets: opts.token ? [opts.token] : [],
    });
    if (res.status === 401) {
      const e = new SupplierError('SUPPLIER_AUTH', { supplier: 'santsg', operation: opts.operation, detail: 'HTTP 401' });
      throw e;
    }
    if (res.status === 429) throw this.fail(opts.operation, 'SUPPLIER_QUOTA', 'HTTP 429');
    let env: Envelope<T>;
    try {
      env = JSON.parse(res.text) as Envelope<T>;
    } catch {
      throw this.fail(opts.operation, 'SUPPLIER_BAD_RESPONSE', `HTTP ${res.status}: invalid JSON`);
    }
    if (!env || typeof env !== 'object' || !env.header)
      throw this.fail(opts.operation, 'SUPPLIER_BAD_RESPONSE', `HTTP ${res.status}: no header`);
    const errors = (env.header.messages ?? []).filter((m) => m.messageType === 1);
    if (!env.header.success || errors.length || res.status >= 400) {
      const first = errors[0] ?? {};
      const code = CODES[first.code ?? ''] ?? (res.status >= 400 && res.status < 500 ? 'SUPPLIER_INVALID_REQUEST' : 'SUPPLIER_REJECTED');
      throw this.fail(
        opts.operation,
        code,
        `HTTP ${res.status} ${first.code ?? ''}: ${first.message ?? ''} (requestId ${env.header.requestId ?? '-'})`.slice(0, 400),
      );
    }
    if (env.body === undefined || env.body === null || typeof env.body !== 'object')
      throw this.fail(opts.operation, 'SUPPLIER_BAD_RESPONSE', 'no body');
    const notes = (env.header.messages ?? []).filter((m) => m.messageType === 3 || m.messageType === 4);
    return { body: env.body, messages: notes.map((m) => ({ id: m.id, code: m.code ?? '', messageType: m.messageType ?? 0 })) };
  }
}
