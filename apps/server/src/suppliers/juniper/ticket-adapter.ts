import Decimal from 'decimal.js';
import type { ResolvedProviderAccount } from '../account.js';
import { guarded, invalid } from '../adapter-kit.js';
import { SupplierError } from '../errors.js';
import type { SupplierHttp } from '../http/supplier-http.js';
import { sameMoney } from '../money.js';
import { reportDropped, screenPrices, sortByTotal } from '../offer-screen.js';
import type {
  CallContext,
  CancelResult,
  SearchResult,
  SupplierBookingRef,
  TicketBookInput,
  TicketBooking,
  TicketOffer,
  TicketQuote,
  TicketSearchInput,
  TicketSupplier,
} from '../types.js';
import { attr, node, nodes, textOf } from '../xml.js';
import { JuniperBookings } from './bookings.js';
import { JuniperClient } from './client.js';
import { holderRequirements, priceOf } from './mappers.js';
import { bookingPaxes, serviceBookingInfo } from './ticket-booking.js';
import {
  hasServiceItems,
  mapServiceAvail,
  mapServiceCancellation,
  mapServiceReservation,
  ruleResult,
  serviceRequirements,
} from './ticket-mappers.js';

const S = 'juniper' as const;
const ZONE_CACHE_MS = 15 * 24 * 3600_000;
const zoneCache = new Map<string, { at: number; zones: { code: string; iata?: string; name: string }[] }>();

/**
 * Juniper JP tickets (services): ZoneList for tickets (ProductType TKT) → ServiceAvail →
 * ServiceBookingRules (mandatory: BookingCode ~10 min, ServiceRequiredFields, policy) → ServiceBooking;
 * ReadBooking, BookingList by ExternalBookingReference, CancelBooking with OnlyCancellationFees
 * (docs/decisions/0216). A session other than the quoted one is re-ruled with its own RatePlanCode.
 */
export class JuniperTicketAdapter implements TicketSupplier {
  readonly supplier = S;
  readonly kind = 'ticket' as const;
  readonly account: { id: string; name: string };
  private readonly client: JuniperClient;
  private readonly bookings: JuniperBookings<TicketBooking>;

  constructor(
    private readonly http: SupplierHttp,
    private readonly acc: ResolvedProviderAccount,
  ) {
    this.account = { id: acc.id, name: acc.name };
    this.client = new JuniperClient(http, acc);
    this.bookings = new JuniperBookings(http, this.client, 'ticket', mapServiceReservation, hasServiceItems);
  }

  /** Ticket zones from ZoneList (ProductType TKT, with IATA codes), cached 15 days per host and login. */
  async zones(ctx?: CallContext) {
    const key = `${this.acc.baseUrl}|${this.acc.credentials.email}|TKT`;
    const hit = zoneCache.get(key);
    if (hit && Date.now() - hit.at < ZONE_CACHE_MS) return hit.zones;
    const { rs } = await this.client.call(
      'ZoneList',
      { ZoneListRequest: { '@ProductType': 'TKT', '@ShowIATA': 'true' } },
      { operation: 'static.zones', idempotent: true, ctx },
    );
    const zones = nodes(node(rs.ZoneList).Zone)
      .map((z) => ({ code: attr(z, 'Code') ?? '', iata: attr(z, 'IATA'), name: textOf(z.Name) }))
      .filter((z) => z.code);
    zoneCache.set(key, { at: Date.now(), zones });
    return zones;
  }

  /** A zone code as is; an IATA city code through the ticket zones. */
  private async zoneOf(destination: string, op: string, ctx?: CallContext): Promise<string> {
    if (/^\d+$/.test(destination)) return destination;
    const zone = (await this.zones(ctx)).find((z) => z.iata?.toUpperCase() === destination.toUpperCase());
    if (!zone) throw invalid(S, op, `no ticket zone for ${destination}`);
    return zone.code;
  }

  search(input: TicketSearchInput, ctx?: CallContext): Promise<SearchResult<TicketOffer>> {
    const op = 'ticket.search';
    return guarded(this.http, S, op, async () => {
      if (!input.paxAges.length || input.paxAges.length > 20) throw invalid(S, op, 'paxAges 1..20');
      const zone = await this.zoneOf(input.destination, op, ctx);
      const currency = this.acc.settings.currency;
      const ids = input.paxAges.map((_, i) => String(i + 1));
      const { rs, noAvail } = await this.client.call(
        'ServiceAvail',
        {
          Paxes: { Pax: input.paxAges.map((age, i) => ({ '@IdPax': ids[i], Age: String(age) })) },
          ServiceRequest: {
            // The WSDL spells the element SearchSegmenServices.
            SearchSegmentsServices: { SearchSegmenServices: { '@Start': input.from, '@End': input.to, '@DestinationZone': zone } },
            RelPaxesDist: { RelPaxDist: { RelPaxes: { RelPax: ids.map((id) => ({ '@IdPax': id })) } } },
          },
          AdvancedOptions: { UseCurrency: currency, TimeOut: '8000' },
        },
        { operation: op, idempotent: true, ctx },
      );
      if (noAvail) return { offers: [], dropped: 0, expiresAt: null, total: 0 };
      const mapped = mapServiceAvail(rs, { accountId: this.acc.id, from: input.from, to: input.to, paxAges: input.paxAges, currency });
      const screened = screenPrices(mapped.offers, (o) => o.total);
      reportDropped(this.http, S, op, [...mapped.dropped, ...screened.dropped]);
      const offers = sortByTotal(screened.kept);
      return {
        offers,
        dropped: mapped.dropped.length + screened.dropped.length,
        expiresAt: offers[0]?.token.expiresAt ?? null,
        total: offers.length,
      };
    });
  }

  /** ServiceBookingRules for one RatePlanCode: its BookingCode, price, policy, status and required fields. */
  private async rules(offer: TicketOffer, ratePlanCode: string, op: string, ctx?: CallContext) {
    const { rs, warnings } = await this.client.call(
      'ServiceBookingRules',
      {
        ServiceBookingRuleRequest: { ServiceRuleOption: { '@RatePlanCode': ratePlanCode } },
        AdvancedOptions: { UseCurrency: String(offer.supplierData.currency ?? this.acc.settings.currency), ShowCompleteInfo: 'true' },
      },
      { operation: op, idempotent: true, ctx },
    );
    const result = ruleResult(rs);
    const bookingCode = node(result.BookingCode);
    const code = textOf(bookingCode);
    if (!code) throw new Error('ServiceBookingRules without BookingCode');
    const priced = nodes(node(nodes(node(node(result.PriceInformation).ServiceOptions).ServiceOption)[0]?.Dates).Date)[0];
    const total = (priced ? priceOf(priced) : null) ?? priceOf(node(result.PriceInformation));
    if (!total || new Decimal(total.amount).lte(0)) throw new Error('ServiceBookingRules without a valid price');
    const expiresAt = attr(bookingCode, 'ExpirationDate');
    return {
      result,
      total,
      warnings,
      token: {
        kind: 'BookingCode',
        value: code,
        expiresAt: expiresAt && !Number.isNaN(Date.parse(expiresAt)) ? new Date(expiresAt).toISOString() : null,
      },
    };
  }

  quote(offer: TicketOffer, ctx?: CallContext): Promise<TicketQuote> {
    const op = 'ticket.quote';
    return guarded(this.http, S, op, async () => {
      const ratePlanCode = String(offer.supplierData.ratePlanCode ?? offer.token.value);
      const r = await this.rules(offer, ratePlanCode, op, ctx);
      const { paxFields, questions } = serviceRequirements(r.result);
      const onRequest = attr(r.result, 'Status') === 'RQ' || r.warnings.some((w) => w.code === 'warnStatusChanged');
      return {
        offer,
        total: r.total,
        priceChanged: !sameMoney(r.total, offer.total) || r.warnings.some((w) => w.code === 'warnPriceChanged'),
        previousTotal: offer.total,
        cancellation: mapServiceCancellation(r.result, offer.from, r.total.currency),
        token: r.token,
        remarks: [],
        availability: onRequest ? 'on-request' : 'available',
        sessions: offer.sessions ?? [],
        languages: [],
        pickupPoints: offer.pickupPoints ?? [],
        questions,
        ...(offer.content ? { content: offer.content } : {}),
        requiredHolderFields: holderRequirements(paxFields),
        supplierData: { ...offer.supplierData, ratePlanCode, paxFields },
      };
    });
  }

  /** The BookingCode for the chosen session: the quoted one, or a new one from that session's RatePlanCode. */
  private async bookingCodeFor(input: TicketBookInput, op: string, ctx?: CallContext): Promise<string> {
    const { quote } = input;
    const sessions = quote.sessions ?? [];
    if (sessions.length && !sessions.some((s) => s.code === input.session)) throw invalid(S, op, 'session required');
    if (!sessions.length && input.session) throw invalid(S, op, 'the rate has no sessions');
    const plans = (quote.supplierData?.sessionPlans ?? {}) as Record<string, string>;
    const quotedPlan = String(quote.supplierData?.ratePlanCode ?? '');
    const plan = input.session ? plans[input.session] : quotedPlan;
    if (!plan || plan === quotedPlan) return quote.token.value;
    const r = await this.rules(quote.offer, plan, 'ticket.rules', ctx);
    if (!sameMoney(r.total, quote.total))
      throw new SupplierError('SUPPLIER_PRICE_CHANGED', {
        supplier: S,
        operation: op,
        detail: `session ${input.session}: ${r.total.amount}`,
      });
    return r.token.value;
  }

  book(input: TicketBookInput, ctx?: CallContext): Promise<TicketBooking> {
    const op = 'ticket.book';
    return guarded(this.http, S, op, async () => {
      const { quote } = input;
      if (!input.clientReference || input.clientReference.length > 50) throw invalid(S, op, 'ExternalBookingReference 1..50');
      if (quote.token.kind !== 'BookingCode') throw invalid(S, op, 'quote first (BookingCode)');
      if (quote.token.expiresAt && Date.parse(quote.token.expiresAt) <= Date.now())
        throw new SupplierError('SUPPLIER_TOKEN_EXPIRED', { supplier: S, operation: op, detail: 'BookingCode expired locally' });
      if (input.paxes.length !== quote.offer.paxAges.length) throw invalid(S, op, 'one pax per age');
      if (input.language) throw invalid(S, op, 'the rate has no languages');
      const nationality = this.acc.settings.nationality;
      const paxes = bookingPaxes(input, nationality, (detail) => invalid(S, op, detail));
      const info = serviceBookingInfo(input, (detail) => invalid(S, op, detail));
      const bookingCode = await this.bookingCodeFor(input, op, ctx);
      const { rs } = await this.client.call(
        'ServiceBooking',
        {
          Paxes: { Pax: paxes },
          Holder: { RelPax: { '@IdPax': '1' } },
          ExternalBookingReference: input.clientReference,
          ...(input.remarks ? { Comments: { Comment: [{ '@Type': 'RES', '#': input.remarks.slice(0, 1000) }] } } : {}),
          Elements: {
            ServiceElement: {
              BookingCode: bookingCode,
              RelPaxesDist: { RelPaxDist: { RelPaxes: { RelPax: paxes.map((p) => ({ '@IdPax': p['@IdPax'] })) } } },
              ...(info ? { ServiceBookingInfo: info } : {}),
            },
          },
          AdvancedOptions: { UseCurrency: String(quote.supplierData?.currency ?? this.acc.settings.currency) },
        },
        { operation: op, idempotent: false, ctx },
      );
      return mapServiceReservation(rs);
    });
  }

  read(ref: SupplierBookingRef, ctx?: CallContext): Promise<TicketBooking> {
    return this.bookings.read(ref, ctx);
  }

  findByClientReference(clientReference: string, hint: { from: string; to: string }, ctx?: CallContext): Promise<TicketBooking | null> {
    return this.bookings.findByClientReference(clientReference, hint, ctx);
  }

  cancel(ref: SupplierBookingRef, opts: { simulate: boolean }, ctx?: CallContext): Promise<CancelResult> {
    return this.bookings.cancel(ref, opts, ctx);
  }
}
