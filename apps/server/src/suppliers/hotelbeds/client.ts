import { createHash } from 'node:crypto';
import type { ResolvedProviderAccount } from '../account.js';
import { SupplierError } from '../errors.js';
import type { SupplierHttp } from '../http/supplier-http.js';
import type { CallContext } from '../types.js';

export type HotelbedsProduct = 'hotel' | 'ticket' | 'transfer';

const BASE_PATHS: Record<HotelbedsProduct, string> = {
  hotel: '/hotel-api/1.0',
  ticket: '/activity-api/3.0',
  transfer: '/transfer-api/1.0',
};

const KEY_FIELDS: Record<HotelbedsProduct, [string, string]> = {
  hotel: ['hotelsApiKey', 'hotelsSecret'],
  ticket: ['activitiesApiKey', 'activitiesSecret'],
  transfer: ['transfersApiKey', 'transfersSecret'],
};

/** X-Signature: hex sha256 of apiKey + secret + unix seconds, computed per request. */
export function hotelbedsSignature(apiKey: string, secret: string, unixSeconds: number): string {
  return createHash('sha256').update(`${apiKey}${secret}${unixSeconds}`).digest('hex');
}

/** Our language code to Hotelbeds' three-letter one. */
export function hotelbedsLanguage(lang: string): string {
  const l = lang.toLowerCase().slice(0, 2);
  return ({ es: 'CAS', en: 'ENG', pt: 'POR', fr: 'FRA', it: 'ITA', de: 'ALE' } as Record<string, string>)[l] ?? 'CAS';
}

export interface HotelbedsCall {
  operation: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  idempotent: boolean;
  ctx?: CallContext;
  /** Another API signed with the product's key pair (hotels: the Content API, `/hotel-content-api/1.0`). */
  basePath?: string;
}

/**
 * APItude wire protocol: JSON over HTTPS with Api-key + X-Signature, gzip. Each product (hotels,
 * activities, transfers) signs with its own key pair. Errors become SupplierError here.
 */
export class HotelbedsClient {
  constructor(
    private readonly http: SupplierHttp,
    private readonly account: ResolvedProviderAccount,
    readonly product: HotelbedsProduct,
  ) {}

  hasKeys(): boolean {
    const [k, s] = KEY_FIELDS[this.product];
    return !!this.account.credentials[k] && !!this.account.credentials[s];
  }

  async call<T>(c: HotelbedsCall): Promise<T> {
    const [keyField, secretField] = KEY_FIELDS[this.product];
    const apiKey = this.account.credentials[keyField];
    const secret = this.account.credentials[secretField];
    if (!apiKey || !secret)
      throw new SupplierError('SUPPLIER_AUTH', { supplier: 'hotelbeds', operation: c.operation, detail: `missing ${keyField}` });
    const url = new URL(`${this.account.baseUrl}${c.basePath ?? BASE_PATHS[this.product]}${c.path}`);
    for (const [k, v] of Object.entries(c.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const body = c.body === undefined ? undefined : JSON.stringify(c.body);
    const res = await this.http.request({
      account: this.account,
      operation: c.operation,
      method: c.method,
      url: url.toString(),
      headers: {
        'api-key': apiKey,
        'x-signature': hotelbedsSignature(apiKey, secret, Math.floor(Date.now() / 1000)),
        accept: 'application/json',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body,
      idempotent: c.idempotent,
      ctx: c.ctx,
    });
    return this.parse<T>(c.operation, res.status, res.headers, res.text);
  }

  private parse<T>(operation: string, status: number, headers: Headers, text: string): T {
    const fail = (code: ConstructorParameters<typeof SupplierError>[0], detail: string) => {
      this.http.countError('hotelbeds', operation, code);
      return new SupplierError(code, { supplier: 'hotelbeds', operation, detail });
    };
    const mashery = headers.get('x-mashery-error-code');
    if (status === 429 || mashery === 'ERR_403_DEVELOPER_OVER_RATE') throw fail('SUPPLIER_QUOTA', `${status} ${mashery ?? ''}`);
    if (status === 401 || status === 403) throw fail('SUPPLIER_AUTH', `${status} ${mashery ?? text.slice(0, 200)}`);
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      throw fail('SUPPLIER_BAD_RESPONSE', `HTTP ${status}: invalid JSON (${text.length} chars)`);
    }
    if (typeof data !== 'object' || data === null) throw fail('SUPPLIER_BAD_RESPONSE', `HTTP ${status}: not an object`);
    const err = extractError(data as Record<string, unknown>);
    if (status >= 400 || err) {
      const e = err ?? { code: String(status), message: '' };
      throw fail(classify(status, e.code, e.message), `${status} ${e.code}: ${e.message}`.slice(0, 500));
    }
    return data as T;
  }
}

/** The three error shapes: hotels `{error:{code,message}}`, activities `{errors:[{code,text}]}`, transfers `{code,message,fieldErrors}`. */
function extractError(d: Record<string, unknown>): { code: string; message: string } | null {
  const e = d.error as { code?: unknown; message?: unknown } | undefined;
  if (e && typeof e === 'object') return { code: String(e.code ?? ''), message: String(e.message ?? '') };
  if (Array.isArray(d.errors) && d.errors.length) {
    const first = d.errors[0] as { code?: unknown; text?: unknown };
    return { code: String(first.code ?? ''), message: String(first.text ?? '') };
  }
  if (typeof d.code !== 'undefined' && typeof d.message === 'string' && !('bookings' in d) && !('services' in d)) {
    return { code: String(d.code), message: `${d.message} ${String(d.description ?? '')}`.trim() };
  }
  return null;
}

export function classify(status: number, code: string, message: string): ConstructorParameters<typeof SupplierError>[0] {
  const m = message.toLowerCase();
  if (/expired|expirad/.test(m) || /checkrate/.test(m)) return 'SUPPLIER_TOKEN_EXPIRED';
  if (status === 404 || /not found|no existe/.test(m)) return 'SUPPLIER_BOOKING_NOT_FOUND';
  if (/already cancel|cannot be cancel|not cancel/.test(m)) return 'SUPPLIER_NOT_CANCELLABLE';
  if (/price.*chang|tolerance/.test(m)) return 'SUPPLIER_PRICE_CHANGED';
  if (/no.*(availability|allotment)|not available|sold out/.test(m)) return 'SUPPLIER_NOT_AVAILABLE';
  if (code.startsWith('SYSTEM_ERROR') || status >= 500) return 'SUPPLIER_UNAVAILABLE';
  if (code.startsWith('INVALID_REQUEST') || code.startsWith('INVALID_DATA') || status === 400) return 'SUPPLIER_INVALID_REQUEST';
  return 'SUPPLIER_REJECTED';
}
