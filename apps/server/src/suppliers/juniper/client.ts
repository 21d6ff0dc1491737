import type { SupplierErrorCode } from '@travesia/contracts';
import type { ResolvedProviderAccount } from '../account.js';
import { SupplierError } from '../errors.js';
import type { SupplierHttp } from '../http/supplier-http.js';
import type { CallContext } from '../types.js';
import { attr, buildXml, node, nodes, parseXml, type XNode, xmlParser } from '../xml.js';

export const JUNIPER_NS = 'http://www.juniper.es/webservice/2007/';

/** Operation → request element, response element and WSDL port group. */
export const JUNIPER_OPS = {
  HotelAvail: { rq: 'HotelAvailRQ', rs: 'AvailabilityRS', group: 'Avail' },
  HotelCheckAvail: { rq: 'HotelCheckAvailRQ', rs: 'CheckAvailRS', group: 'Check' },
  HotelBookingRules: { rq: 'HotelBookingRulesRQ', rs: 'BookingRulesRS', group: 'Check' },
  // Tickets (services): ports and element names of the JP WSDL (docs/decisions/0216).
  ServiceAvail: { rq: 'ServiceAvailRQ', rs: 'AvailabilityRS', group: 'Avail' },
  ServiceBookingRules: { rq: 'ServiceBookingRulesRQ', rs: 'BookingRulesRS', group: 'Check' },
  ServiceBooking: { rq: 'ServiceBookingRQ', rs: 'BookingRS', group: 'Book' },
  HotelBooking: { rq: 'HotelBookingRQ', rs: 'BookingRS', group: 'Book' },
  ReadBooking: { rq: 'ReadRQ', rs: 'BookingRS', group: 'Book' },
  // Documented reply: CancelBookingResponse/BookingRS, CancelInfo inside Warnings (fixtures/cancel-booking.md).
  CancelBooking: { rq: 'CancelRQ', rs: 'BookingRS', group: 'Book' },
  // Documented list by dates and ExternalBookingReference (only PAG bookings); the RS name is unverified,
  // so the reply parser also takes the response's first element.
  BookingList: { rq: 'BookingListRQ', rs: 'BookingListRS', group: 'Book' },
  ZoneList: { rq: 'ZoneListRQ', rs: 'ZoneListRS', group: 'StaticData' },
  HotelContent: { rq: 'HotelContentRQ', rs: 'ContentRS', group: 'StaticData' },
  // Transfers (docs/decisions/0226): published client code calls these on the same ports with these RQ/RS names.
  TransferAvail: { rq: 'TransferAvailRQ', rs: 'AvailabilityRS', group: 'Avail' },
  TransferBookingRules: { rq: 'TransferBookingRulesRQ', rs: 'BookingRulesRS', group: 'Check' },
  // A published client reads TransferBookingResponse/TransferBookingRS; hotels answer BookingRS: either is taken.
  TransferBooking: { rq: 'TransferBookingRQ', rs: 'BookingRS', group: 'Book' },
} as const;
export type JuniperOp = keyof typeof JUNIPER_OPS;

const parser = xmlParser([
  'HotelResult',
  'HotelOption',
  'ServiceResult',
  'ServiceOption',
  'ServiceItem',
  'MeetingPoint',
  'Image',
  'HotelRoom',
  'Rule',
  'Error',
  'Warning',
  'Zone',
  'HotelContent',
  'Reservation',
  'HotelItem',
  'Pax',
  'Comment',
  'Price',
  'TransferResult',
  'TransferOption',
  'TransferItem',
  'TransferBookingInfo',
  'Date',
  'Image',
]);

/** Juniper error codes to ours. NO_AVAIL_FOUND is not a failure: the client answers it as `noAvail`. */
const ERROR_CODES: Record<string, SupplierErrorCode> = {
  ACCESS_DENIED: 'SUPPLIER_AUTH',
  INVALID_LOGIN: 'SUPPLIER_AUTH',
  MAX_REQUESTS_EXCEEDED: 'SUPPLIER_QUOTA',
  RATEPLAN_EXPIRED: 'SUPPLIER_TOKEN_EXPIRED',
  BOOKING_CODE_EXPIRED: 'SUPPLIER_TOKEN_EXPIRED',
  BOOKING_NOT_FOUND: 'SUPPLIER_BOOKING_NOT_FOUND',
  BOOKING_ALREADY_CANCELLED: 'SUPPLIER_NOT_CANCELLABLE',
  PRICE_OUT_OF_RANGE: 'SUPPLIER_PRICE_CHANGED',
  JP_BOOK_OCCUPANCY_ERROR: 'SUPPLIER_INVALID_REQUEST',
  REQ_PRACTICE: 'SUPPLIER_INVALID_REQUEST',
  COMPRESSION_REQUIRED: 'SUPPLIER_INVALID_REQUEST',
  NO_AVAIL_FOUND: 'SUPPLIER_NOT_AVAILABLE',
  CANCEL_NOT_POSSIBLE: 'SUPPLIER_NOT_CANCELLABLE',
};

/** Availability operations whose NO_AVAIL_FOUND means an empty result. */
const NO_AVAIL_OPS = new Set<JuniperOp>(['HotelAvail', 'ServiceAvail', 'TransferAvail']);

export interface JuniperReply {
  rs: XNode;
  warnings: { code: string; text: string }[];
  noAvail: boolean;
}

/**
 * JP web service wire protocol: SOAP 1.1 over HTTPS, Login element in every request, mandatory
 * gzip (the HTTP layer always asks for it). Errors in `<Errors>` become SupplierError here.
 */
export class JuniperClient {
  constructor(
    private readonly http: SupplierHttp,
    private readonly account: ResolvedProviderAccount,
  ) {}

  get language(): string {
    return this.account.settings.language || 'es';
  }

  async call(
    op: JuniperOp,
    content: XNode,
    opts: { operation: string; idempotent: boolean; ctx?: CallContext; rqAttrs?: XNode },
  ): Promise<JuniperReply> {
    const meta = JUNIPER_OPS[op];
    const { email, password } = this.account.credentials;
    if (!email || !password)
      throw new SupplierError('SUPPLIER_AUTH', { supplier: 'juniper', operation: opts.operation, detail: 'missing Login' });
    const body = buildXml({
      'soapenv:Envelope': {
        '@xmlns:soapenv': 'http://schemas.xmlsoap.org/soap/envelope/',
        'soapenv:Body': {
          [op]: {
            '@xmlns': JUNIPER_NS,
            [meta.rq]: {
              '@Version': '1.1',
              '@Language': this.language,
              ...opts.rqAttrs,
              Login: { '@Email': email, '@Password': password },
              ...content,
            },
          },
        },
      },
    });
    const res = await this.http.request({
      account: this.account,
      operation: opts.operation,
      method: 'POST',
      url: `${this.account.baseUrl}/webservice/JP/Operations/${meta.group}Transactions.asmx`,
      headers: { 'content-type': 'text/xml;charset=UTF-8', soapaction: `${JUNIPER_NS}${op}` },
      body,
      idempotent: opts.idempotent,
      ctx: opts.ctx,
    });
    if (res.status === 429) throw this.fail(opts.operation, 'SUPPLIER_QUOTA', 'HTTP 429');
    if (res.status === 401 || res.status === 403) throw this.fail(opts.operation, 'SUPPLIER_AUTH', `HTTP ${res.status}`);
    try {
      return parseJuniperReply(op, res.text, res.status);
    } catch (err) {
      if (err instanceof JuniperReplyError) throw this.fail(opts.operation, err.code, err.message);
      throw err;
    }
  }

  private fail(operation: string, code: SupplierErrorCode, detail: string) {
    this.http.countError('juniper', operation, code);
    return new SupplierError(code, { supplier: 'juniper', operation, detail });
  }
}

class JuniperReplyError extends Error {
  constructor(
    readonly code: SupplierErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A JP reply body to its RS element and warnings; `<Errors>` become a JuniperReplyError (our code plus
 * the supplier's text). Pure, so documented replies can be replayed through it (fixtures/).
 */
export function parseJuniperReply(op: JuniperOp, text: string, status = 200): JuniperReply {
  const meta = JUNIPER_OPS[op];
  let doc: XNode;
  try {
    doc = parseXml(parser, text);
  } catch (err) {
    throw new JuniperReplyError('SUPPLIER_BAD_RESPONSE', `HTTP ${status}: ${(err as Error).message}`);
  }
  const soapBody = node(node(doc.Envelope).Body);
  if (soapBody.Fault) throw new JuniperReplyError('SUPPLIER_UNAVAILABLE', `SOAP Fault: ${JSON.stringify(soapBody.Fault).slice(0, 300)}`);
  const response = node(soapBody[`${op}Response`]);
  const firstChild = Object.entries(response).find(([k, v]) => !k.startsWith('@') && v && typeof v === 'object')?.[1];
  const rs = node(response[meta.rs] ?? (op === 'BookingList' || op === 'TransferBooking' ? firstChild : undefined));
  if (!Object.keys(rs).length) throw new JuniperReplyError('SUPPLIER_BAD_RESPONSE', `HTTP ${status}: no ${meta.rs}`);
  const errors = nodes(node(rs.Errors).Error).map((e) => ({ code: attr(e, 'Code') ?? '', text: attr(e, 'Text') ?? '' }));
  const warnings = nodes(node(rs.Warnings).Warning).map((w) => ({ code: attr(w, 'Code') ?? '', text: attr(w, 'Text') ?? '' }));
  if (errors.length) {
    if (errors.every((e) => e.code === 'NO_AVAIL_FOUND') && NO_AVAIL_OPS.has(op)) return { rs, warnings, noAvail: true };
    const first = errors[0];
    throw new JuniperReplyError(ERROR_CODES[first.code] ?? 'SUPPLIER_REJECTED', `${first.code}: ${first.text.trim()}`.slice(0, 500));
  }
  return { rs, warnings, noAvail: false };
}
