import Decimal from 'decimal.js';
import type { ResolvedProviderAccount } from '../account.js';
import { guarded, invalid } from '../adapter-kit.js';
import type { SupplierHttp } from '../http/supplier-http.js';
import { sameMoney } from '../money.js';
import { reportDropped, screenPrices, sortByTotal } from '../offer-screen.js';
import type {
  CallContext,
  CancelResult,
  SearchResult,
  SupplierBookingRef,
  TransferBookInput,
  TransferBooking,
  TransferBookLeg,
  TransferOffer,
  TransferPoint,
  TransferQuote,
  TransferSearchInput,
  TransferSupplier,
} from '../types.js';
import { attr, node, nodes, textOf, type XNode } from '../xml.js';
import { JuniperBookings } from './bookings.js';
import { JuniperClient } from './client.js';
import { juniperTransferPoint, mapTransferAvail, mapTransferReservation, mapTransferRules, type TransferZone } from './transfer-mappers.js';

const S = 'juniper' as const;
const ZONE_CACHE_MS = 15 * 24 * 3600_000;
const zoneCache = new Map<string, { at: number; zones: TransferZone[] }>();
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

/**
 * Juniper JP transfers (docs/decisions/0226): ZoneList of transfer zones (static, cached) →
 * TransferAvail per leg (RatePlanCode) → TransferBookingRules (mandatory: BookingCode, required fields,
 * cancellation policy) → TransferBooking with every leg as a TransferElement under one Locator →
 * ReadBooking → CancelBooking (OnlyCancellationFees for the penalty quote), BookingList to find a booking
 * after a lost reply — the last three shared with hotels.
 */
export class JuniperTransferAdapter implements TransferSupplier {
  readonly supplier = S;
  readonly kind = 'transfer' as const;
  readonly account: { id: string; name: string };
  readonly point = juniperTransferPoint;
  private readonly client: JuniperClient;
  private readonly bookings: JuniperBookings<TransferBooking>;

  constructor(
    private readonly http: SupplierHttp,
    private readonly acc: ResolvedProviderAccount,
  ) {
    this.account = { id: acc.id, name: acc.name };
    this.client = new JuniperClient(http, acc);
    this.bookings = new JuniperBookings(http, this.client, 'transfer', mapTransferReservation);
  }

  /** Transfer zones (ZoneList ProductType TRF — the value is a guess), cached 15 days per host and login. */
  async zones(ctx?: CallContext): Promise<TransferZone[]> {
    const key = `${this.acc.baseUrl}|${this.acc.credentials.email}`;
    const hit = zoneCache.get(key);
    if (hit && Date.now() - hit.at < ZONE_CACHE_MS) return hit.zones;
    const { rs } = await this.client.call(
      'ZoneList',
      { ZoneListRequest: { '@ProductType': 'TRF' } },
      { operation: 'static.transfer-zones', idempotent: true, ctx },
    );
    const zones = nodes(node(rs.ZoneList).Zone)
      .map((z) => ({
        code: attr(z, 'Code') ?? '',
        name: textOf(z.Name),
        areaType: attr(z, 'AreaType') ?? '',
        ...(attr(z, 'ParentCode') ? { parent: attr(z, 'ParentCode') } : {}),
        ...(attr(z, 'IATA') ? { iata: attr(z, 'IATA') } : {}),
      }))
      .filter((z) => z.code);
    zoneCache.set(key, { at: Date.now(), zones });
    return zones;
  }

  /** A point to its transfer zone: an airport by IATA code, anything else by its zone code. */
  private zoneOf(p: TransferPoint, zones: TransferZone[], op: string): string {
    const code = p.code.trim().toUpperCase();
    const zone = p.type === 'IATA' ? zones.find((z) => z.iata?.toUpperCase() === code) : zones.find((z) => z.code === p.code.trim());
    if (!zone) throw invalid(S, op, `no transfer zone for ${p.type} ${p.code}`);
    return zone.code;
  }

  private paxes(s: TransferSearchInput) {
    const ages = s.childrenAges ?? [];
    const list: XNode[] = [];
    for (let i = 0; i < s.adults; i++) list.push({ '@IdPax': String(list.length + 1), Age: '30' });
    for (let i = 0; i < s.children; i++) list.push({ '@IdPax': String(list.length + 1), Age: String(ages[i] ?? 8) });
    for (let i = 0; i < s.infants; i++) list.push({ '@IdPax': String(list.length + 1), Age: String(ages[s.children + i] ?? 1) });
    return list;
  }

  private async legSearch(input: TransferSearchInput, leg: 'outbound' | 'return', zones: TransferZone[], op: string, ctx?: CallContext) {
    const [from, to, at] = leg === 'outbound' ? [input.from, input.to, input.outbound] : [input.to, input.from, input.inbound as string];
    const paxes = this.paxes(input);
    const { rs, noAvail } = await this.client.call(
      'TransferAvail',
      {
        Paxes: { Pax: paxes },
        TransferRequest: {
          SearchSegmentsTransfers: {
            SearchSegmentTransfers: {
              '@Start': at.slice(0, 10),
              '@End': at.slice(0, 10),
              '@OriginZone': this.zoneOf(from, zones, op),
              '@DestinationZone': this.zoneOf(to, zones, op),
              '@Hour': at.slice(11, 16),
            },
          },
          RelPaxesDist: { RelPaxDist: { RelPaxes: { RelPax: paxes.map((p) => ({ '@IdPax': p['@IdPax'] })) } } },
        },
        AdvancedOptions: { UseCurrency: this.acc.settings.currency || 'USD' },
      },
      { operation: op, idempotent: true, ctx },
    );
    if (noAvail) return { offers: [], dropped: [] };
    return mapTransferAvail(rs, { accountId: this.account.id, search: input, leg, at });
  }

  search(input: TransferSearchInput, ctx?: CallContext): Promise<SearchResult<TransferOffer>> {
    const op = 'transfer.search';
    return guarded(this.http, S, op, async () => {
      if (!DATE_TIME.test(input.outbound) || (input.inbound && !DATE_TIME.test(input.inbound)))
        throw invalid(S, op, 'dates yyyy-MM-ddTHH:mm:ss');
      if (input.inbound && input.inbound <= input.outbound) throw invalid(S, op, 'return before the outbound');
      if (input.adults < 1 || input.children < 0 || input.infants < 0) throw invalid(S, op, 'passengers');
      const zones = await this.zones(ctx);
      const legs = await Promise.all([
        this.legSearch(input, 'outbound', zones, op, ctx),
        ...(input.inbound ? [this.legSearch(input, 'return', zones, op, ctx)] : []),
      ]);
      const offers = legs.flatMap((l) => l.offers);
      const dropped = legs.flatMap((l) => l.dropped);
      const screened = screenPrices(offers, (o) => o.total);
      reportDropped(this.http, S, op, [...dropped, ...screened.dropped]);
      const kept = sortByTotal(screened.kept);
      return {
        offers: kept,
        dropped: dropped.length + screened.dropped.length,
        expiresAt: kept[0]?.token.expiresAt ?? null,
        total: kept.length,
      };
    });
  }

  /** TransferBookingRules is mandatory: it answers the BookingCode to book with, the required fields and the policy. */
  quote(offer: TransferOffer, ctx?: CallContext): Promise<TransferQuote> {
    const op = 'transfer.quote';
    return guarded(this.http, S, op, async () => {
      const { rs, warnings } = await this.client.call(
        'TransferBookingRules',
        {
          TransferBookingRuleRequest: { TransferRuleOption: { '@RatePlanCode': offer.token.value } },
          AdvancedOptions: { UseCurrency: offer.total.currency, ShowBreakdownPrice: 'true', ShowCompleteInfo: 'true' },
        },
        { operation: op, idempotent: true, ctx },
      );
      const rules = mapTransferRules(rs, { date: offer.pickup.date, currency: offer.total.currency });
      const total = rules.total ?? offer.total;
      if (new Decimal(total.amount).lte(0)) throw new Error('booking rules with a non-positive price');
      const changed = warnings.some((w) => w.code === 'warnPriceChanged') || !sameMoney(total, offer.total);
      return {
        offer,
        total,
        priceChanged: changed,
        previousTotal: offer.total,
        cancellation: rules.cancellation,
        token: { kind: 'BookingCode', value: rules.bookingCode, expiresAt: rules.expiresAt },
        remarks: rules.remarks,
        requiredFields: rules.requiredFields,
        supplierData: { ratePlanCode: offer.token.value },
      };
    });
  }

  book(input: TransferBookInput, ctx?: CallContext): Promise<TransferBooking> {
    const op = 'transfer.book';
    return guarded(this.http, S, op, async () => {
      if (!input.clientReference || input.clientReference.length > 50) throw invalid(S, op, 'ExternalBookingReference 1..50');
      if (!input.holder.email || !input.holder.phone || !/^\+\d{6,15}$/.test(input.holder.phone))
        throw invalid(S, op, 'holder email and E.164 phone are required');
      const legs: TransferBookLeg[] = input.legs?.length ? input.legs : [{ quote: input.quote, transport: input.transport }];
      const search = legs[0].quote.offer.search;
      const paxes = this.paxes(search).map((p, i) =>
        i === 0
          ? {
              ...p,
              Name: input.holder.name,
              Surname: input.holder.surname,
              Email: input.holder.email,
              PhoneNumbers: { PhoneNumber: { '@Type': 'GEN', '#': input.holder.phone } },
            }
          : { ...p, Name: input.paxes?.[i]?.name ?? input.holder.name, Surname: input.paxes?.[i]?.surname ?? input.holder.surname },
      );
      const { rs } = await this.client.call(
        'TransferBooking',
        {
          Paxes: { Pax: paxes },
          Holder: { RelPax: { '@IdPax': '1' } },
          ExternalBookingReference: input.clientReference,
          ...(input.remarks ? { Comments: { Comment: [{ '@Type': 'RES', '#': input.remarks.slice(0, 1000) }] } } : {}),
          Elements: { TransferElement: legs.map((l) => this.elementOf(l, paxes, op)) },
          AdvancedOptions: { UseCurrency: legs[0].quote.total.currency },
        },
        { operation: op, idempotent: false, ctx },
      );
      return mapTransferReservation(rs);
    });
  }

  /** One TransferElement: the leg's BookingCode, its passengers and the arrival/departure details the rules require. */
  private elementOf(leg: TransferBookLeg, paxes: XNode[], op: string): XNode {
    const q = leg.quote;
    const required = new Set(q.requiredFields ?? []);
    if (required.has('transportNumber') && !leg.transport?.code?.trim())
      throw invalid(S, op, `transport number required for the ${q.offer.direction} leg`);
    if (required.has('pickupAddress') && !leg.pickupAddress) throw invalid(S, op, 'pickup address required');
    const at = `${q.offer.pickup.date}T${q.offer.pickup.time || '00:00:00'}`;
    const typeOf = (p: TransferPoint) => (p.type === 'IATA' ? 'AIR' : p.type === 'PORT' ? 'POR' : p.type === 'STATION' ? 'EST' : 'ALO');
    const end = (p: TransferPoint, isOrigin: boolean): XNode => {
      const type = typeOf(p);
      if (type !== 'ALO' && leg.transport) return { '@Type': type, FlightInfo: { '@FlightNumber': leg.transport.code, '@FlightTime': at } };
      if (isOrigin && leg.pickupAddress)
        return {
          '@Type': type,
          MeetingPointInfo: {
            '@MeetingTime': at,
            Name: leg.pickupAddress.name,
            Address: leg.pickupAddress.address,
            PostalCode: leg.pickupAddress.zip,
          },
        };
      return { '@Type': type };
    };
    return {
      BookingCode: q.token.value,
      RelPaxesDist: { RelPaxDist: { RelPaxes: { RelPax: paxes.map((p) => ({ '@IdPax': p['@IdPax'] })) } } },
      TransfersBookingInfo: { TransferBookingInfo: { Origin: end(q.offer.pickup.from, true), Destination: end(q.offer.pickup.to, false) } },
    };
  }

  read(ref: SupplierBookingRef, ctx?: CallContext): Promise<TransferBooking> {
    return this.bookings.read(ref, ctx);
  }

  findByClientReference(clientReference: string, hint: { from: string; to: string }, ctx?: CallContext): Promise<TransferBooking | null> {
    return this.bookings.findByClientReference(clientReference, hint, ctx);
  }

  cancel(ref: SupplierBookingRef, opts: { simulate: boolean }, ctx?: CallContext): Promise<CancelResult> {
    return this.bookings.cancel(ref, opts, ctx);
  }
}
