import type { SupplierErrorCode } from '@travesia/contracts';
import type { ResolvedProviderAccount } from '../account.js';
import { SupplierError } from '../errors.js';
import type { SupplierHttp } from '../http/supplier-http.js';
import type { CallContext } from '../types.js';
import { buildXml, node, parseXml, textOf, type XNode, xmlParser } from '../xml.js';

const parser = xmlParser(['hot', 'pax', 'hab', 'reg', 'lin', 'politicaCanc']);

/** Restel error numbers (inferred catalogue, PROTOCOLS.md §3) to ours. */
const ERRORS: Record<string, SupplierErrorCode> = {
  '001': 'SUPPLIER_AUTH',
  Q01: 'SUPPLIER_QUOTA',
  L001: 'SUPPLIER_TOKEN_EXPIRED',
  L002: 'SUPPLIER_TOKEN_EXPIRED',
  R01: 'SUPPLIER_BOOKING_NOT_FOUND',
  R02: 'SUPPLIER_REJECTED',
  C02: 'SUPPLIER_NOT_CANCELLABLE',
  P01: 'SUPPLIER_INVALID_REQUEST',
  P00: 'SUPPLIER_INVALID_REQUEST',
  P02: 'SUPPLIER_INVALID_REQUEST',
};

const LETTERS: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Œ: 'OE',
  œ: 'oe',
  '€': 'EUR',
  '‘': "'",
  '’': "'",
  '“': '"',
  '”': '"',
  '–': '-',
  '—': '-',
};

/** Characters ISO-8859-1 can't hold are reduced to their base letter (ő → o, Ł → L) or '?'. */
export function toLatin1(text: string): string {
  let out = '';
  for (const ch of text) {
    if ((ch.codePointAt(0) ?? 0) <= 0xff) out += ch;
    else if (LETTERS[ch]) out += LETTERS[ch];
    else {
      const base = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += [...base].every((c) => (c.codePointAt(0) ?? 0) <= 0xff) && base ? base : '?';
    }
  }
  return out;
}

/** application/x-www-form-urlencoded in ISO-8859-1: each byte outside the unreserved set is %XX. */
export function formEncodeLatin1(fields: Record<string, string>): string {
  const enc = (v: string) =>
    [...Buffer.from(toLatin1(v), 'latin1')]
      .map((b) => {
        const c = String.fromCharCode(b);
        if (/[A-Za-z0-9*\-._]/.test(c)) return c;
        if (c === ' ') return '+';
        return `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
      })
      .join('');
  return Object.entries(fields)
    .map(([k, v]) => `${k}=${enc(v)}`)
    .join('&');
}

/**
 * Restel (hotelresb2b) wire protocol: a form POST with four credential fields and `xml=<peticion>`,
 * ISO-8859-1 both ways. Replies carry `estado` 00 on success or `error{num_error,descripcion}`.
 */
export class RestelClient {
  constructor(
    private readonly http: SupplierHttp,
    private readonly account: ResolvedProviderAccount,
  ) {}

  get user(): string {
    return this.account.credentials.usuario || this.account.credentials.codigousu || '';
  }

  async call(
    tipo: string,
    nombre: string,
    params: XNode,
    opts: { operation: string; idempotent: boolean; ctx?: CallContext },
  ): Promise<XNode> {
    const { codigousu, clausu, afiliacio, secacc } = this.account.credentials;
    if (!codigousu || !clausu || !afiliacio || !secacc)
      throw new SupplierError('SUPPLIER_AUTH', { supplier: 'restel', operation: opts.operation, detail: 'missing credentials' });
    const xml = toLatin1(buildXml({ peticion: { tipo, nombre, agencia: 'Travesia', parametros: params } }, { encoding: 'ISO-8859-1' }));
    const res = await this.http.request({
      account: this.account,
      operation: opts.operation,
      method: 'POST',
      url: `${this.account.baseUrl}/xml/listen_xml.jsp`,
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=ISO-8859-1' },
      body: formEncodeLatin1({ codigousu, clausu, afiliacio, secacc, xml }),
      auditRequestBody: xml,
      responseCharset: 'latin1',
      idempotent: opts.idempotent,
      ctx: opts.ctx,
    });
    const fail = (code: SupplierErrorCode, detail: string) => {
      this.http.countError('restel', opts.operation, code);
      return new SupplierError(code, { supplier: 'restel', operation: opts.operation, detail });
    };
    if (res.status === 429) throw fail('SUPPLIER_QUOTA', 'HTTP 429');
    if (res.status >= 400)
      throw fail(res.status === 401 || res.status === 403 ? 'SUPPLIER_AUTH' : 'SUPPLIER_REJECTED', `HTTP ${res.status}`);
    let doc: XNode;
    try {
      doc = parseXml(parser, res.text);
    } catch (err) {
      throw fail('SUPPLIER_BAD_RESPONSE', (err as Error).message);
    }
    const root = node(doc.respuesta);
    const content = node(root.param ?? root.parametros);
    if (!Object.keys(root).length) throw fail('SUPPLIER_BAD_RESPONSE', 'no <respuesta>');
    const err = node(content.error);
    const estado = textOf(content.estado);
    if (Object.keys(err).length || (estado && estado !== '00')) {
      const num = textOf(err.num_error);
      throw fail(ERRORS[num] ?? 'SUPPLIER_REJECTED', `estado ${estado} error ${num}: ${textOf(err.descripcion)}`.slice(0, 300));
    }
    return content;
  }
}
