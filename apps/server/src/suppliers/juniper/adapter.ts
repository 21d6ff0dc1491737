import Decimal from 'decimal.js';
import type { ResolvedProviderAccount } from '../account.js';
import { guarded, invalid } from '../adapter-kit.js';
import { connectionCheck } from '../connection-check.js';
import { SupplierError } from '../errors.js';
import type { SupplierHttp } from '../http/supplier-http.js';
import { sameMoney } from '../money.js';
import { reportDropped, screenPrices, sortByTotal } from '../offer-screen.js';
import type {
  CallContext,
  CancelResult,
  ConnectionTestResult,
  HotelBookInput,
  HotelBooking,
  HotelOffer,
  HotelQuote,
  HotelSearchInput,
  HotelSupplier,
  Occupancy,
  SearchResult,
  SupplierBookingRef,
} from '../types.js';
import { attr, node, nodes, textOf, type XNode } from '../xml.js';
import { JuniperBookings } from './bookings.js';
import { JuniperClient } from './client.js';
import {
  contentDescription,
  contentExtras,
  firstOption,
  holderRequirements,
  hotComments,
  mapAvail,
  mapCancellationPolicy,
  mapReservation,
  priceOf,
  requiredPaxFields,
} from './mappers.js';

const S = 'juniper' as const;
const ZONE_CACHE_MS = 15 * 24 * 3600_000;
/** How long a search may wait for the zone names (counted from its start, alongside HotelAvail). */
const ZONE_NAMES_WAIT_MS = 3_000;
const zoneCache = new Map<string, { at: number; zones: { code: string; parent?: string; name: string }[] }>();

/** Paxes and one RelPaxDist per room, numbered in room order (no age = 30-year-old adult). */
function distribution(rooms: Occupancy[]) {
  let id = 0;
  const paxes: XNode[] = [];
  const dist = rooms.map((r) => {
    const ids: number[] = [];
    for (let a = 0; a < r.adults; a++) {
      paxes.push({ '@IdPax': String(++id) });
      ids.push(id);
    }
    for (const age of r.childrenAges) {
      paxes.push({ '@IdPax': String(++id), Age: String(age) });
      ids.push(id);
    }
    return { RelPaxes: { RelPax: ids.map((i) => ({ '@IdPax': String(i) })) } };
  });
  return { paxes, dist };
}

/**
 * Juniper JP hotels: HotelAvail → HotelCheckAvail + HotelBookingRules (BookingCode, ~10 min) →
 * HotelBooking; ReadBooking (also by ExternalBookingReference), CancelBooking with OnlyCancellationFees.
 * `resort` restricts searches to the Walt Disney World or Universal zones (found through ZoneList).
 */
export class JuniperHotelAdapter implements HotelSupplier {
  readonly supplier = S;
  readonly kind = 'hotel' as const;
  readonly account: { id: string; name: string };
  private readonly client: JuniperClient;
  private readonly bookings: JuniperBookings<HotelBooking>;

  constructor(
    private readonly http: SupplierHttp,
    private readonly acc: ResolvedProviderAccount,
    private readonly mode: { resort?: 'disney' | 'universal' } = {},
  ) {
    this.account = { id: acc.id, name: acc.name };
    this.client = new JuniperClient(http, acc);
    this.bookings = new JuniperBookings(http, this.client, 'hotel', mapReservation);
  }

  /** Zone tree from ZoneList, cached 15 days per host and login (static data). */
  async zones(ctx?: CallContext) {
    const key = `${this.acc.baseUrl}|${this.acc.credentials.email}`;
    const hit = zoneCache.get(key);
    if (hit && Date.now() - hit.at < ZONE_CACHE_MS) return hit.zones;
    const { rs } = await this.client.call(
      'ZoneList',
      { ZoneListRequest: { '@ProductType': 'HOT' } },
      { operation: 'static.zones', idempotent: true, ctx },
    );
    const zones = nodes(node(rs.ZoneList).Zone)
      .map((z) => ({ code: attr(z, 'Code') ?? '', parent: attr(z, 'ParentCode'), name: textOf(z.Name) }))
      .filter((z) => z.code);
    zoneCache.set(key, { at: Date.now(), zones });
    return zones;
  }

  /**
   * Static HotelContent (name, zone, category, address, map position, photos, description), at most 25
   * hotels per call. Photos: `Images/Image@Type{FileName,Title,Description}` (JP_ImageLong of the JP WSDL,
   * fixtures/README.md J11, J13): https URLs, and those on the account's own host (the sandbox simulator, whose
   * origin the page's CSP allows); no other (the page's CSP loads no other).
   */
  hotelContent(codes: string[], ctx?: CallContext) {
    return guarded(this.http, S, 'static.content', async () => {
      const out: {
        code: string;
        name: string;
        zone: string | undefined;
        category: string | undefined;
        address: string;
        description: string;
        location?: { lat: number; lng: number };
        images?: string[];
      }[] = [];
      for (let i = 0; i < codes.length; i += 25) {
        const { rs } = await this.client.call(
          'HotelContent',
          { HotelContentList: { Hotel: codes.slice(i, i + 25).map((c) => ({ '@Code': c })) } },
          { operation: 'static.content', idempotent: true, ctx },
        );
        for (const h of nodes(node(rs.Contents).HotelContent)) {
          const code = attr(h, 'Code');
          if (!code) continue;
          out.push({
            code,
            name: textOf(h.HotelName),
            zone: attr(nodes(h.Zone)[0] ?? {}, 'Code'),
            category: attr(node(h.HotelCategory), 'Type'),
            address: textOf(node(h.Address).Address),
            description: contentDescription(h),
            ...contentExtras(h, new URL(this.acc.baseUrl).origin),
          });
        }
      }
      return out;
    });
  }

  /**
   * Zone code → name, from the zone tree; empty when it can't be had within `ZONE_NAMES_WAIT_MS` (a
   * search never fails nor waits long for names).
   */
  private async zoneNames(ctx?: CallContext): Promise<Map<string, string>> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), ZONE_NAMES_WAIT_MS);
      timer.unref?.();
    });
    const zones = await Promise.race([this.zones(ctx).catch(() => null), late]);
    clearTimeout(timer);
    return new Map((zones ?? []).filter((z) => z.name).map((z) => [z.code, z.name]));
  }

  private async resortZone(resort: 'disney' | 'universal', ctx?: CallContext): Promise<string> {
    const zones = await this.zones(ctx);
    const pattern = resort === 'disney' ? /walt disney world/i : /universal/i;
    const zone = zones.find((z) => pattern.test(z.name));
    if (!zone) throw new SupplierError('SUPPLIER_NOT_AVAILABLE', { supplier: S, operation: 'hotel.search', detail: `no ${resort} zone` });
    return zone.code;
  }

  search(input: HotelSearchInput, ctx?: CallContext): Promise<SearchResult<HotelOffer>> {
    const op = 'hotel.search';
    return guarded(this.http, S, op, async () => {
      if (!input.rooms.length || input.rooms.length > 5) throw invalid(S, op, 'rooms 1..5');
      const resort = input.resort ?? this.mode.resort;
      const zone = resort ? await this.resortZone(resort, ctx) : input.destination;
      if (!zone && !input.hotelCodes?.length) throw invalid(S, op, 'destination or hotelCodes');
      // HotelAvail names a hotel's zone by its code ("49002"): its name comes from the zone tree (static
      // data, cached 15 days), asked for alongside; without it the code stays.
      const zoneNames = this.zoneNames(ctx);
      const nationality = input.nationality ?? this.acc.settings.nationality;
      const currency = this.acc.settings.currency;
      const { paxes, dist } = distribution(input.rooms);
      const { rs, noAvail } = await this.client.call(
        'HotelAvail',
        {
          Paxes: { Pax: paxes },
          HotelRequest: {
            SearchSegmentsHotels: {
              SearchSegmentHotels: {
                '@Start': input.checkIn,
                '@End': input.checkOut,
                ...(zone && !input.hotelCodes?.length ? { '@DestinationZone': zone } : {}),
              },
              CountryOfResidence: nationality,
              ...(input.hotelCodes?.length ? { HotelCodes: { HotelCode: input.hotelCodes.slice(0, 500) } } : {}),
            },
            RelPaxesDist: { RelPaxDist: dist },
          },
          AdvancedOptions: {
            UseCurrency: currency,
            ShowHotelInfo: 'true',
            ShowOnlyAvailable: 'true',
            ShowCancellationPolicies: 'true',
            TimeOut: '8000',
          },
        },
        { operation: op, idempotent: true, ctx },
      );
      if (noAvail) return { offers: [], dropped: 0, expiresAt: null, total: 0 };
      const mapped = mapAvail(rs, {
        accountId: this.acc.id,
        checkIn: input.checkIn,
        checkOut: input.checkOut,
        rooms: input.rooms,
        nationality,
        currency,
      });
      const names = await zoneNames;
      for (const o of mapped.offers) if (o.hotel.zone) o.hotel.zone = names.get(o.hotel.zone) ?? o.hotel.zone;
      const screened = screenPrices(mapped.offers, (o) => o.total);
      reportDropped(this.http, S, op, [...mapped.dropped, ...screened.dropped]);
      const offers = sortByTotal(screened.kept);
      return { offers, dropped: mapped.dropped.length + screened.dropped.length, expiresAt: null, total: offers.length };
    });
  }

  private segment(offer: HotelOffer) {
    return {
      SearchSegmentsHotels: {
        SearchSegmentHotels: { '@Start': offer.checkIn, '@End': offer.checkOut },
        CountryOfResidence: String(offer.supplierData.nationality ?? this.acc.settings.nationality),
        HotelCodes: { HotelCode: [String(offer.supplierData.hotelCode ?? offer.hotel.code)] },
      },
    };
  }

  /** Language, UseCurrency, residence, dates and distribution stay constant through the flow (certification). */
  private currencyOf(data: Record<string, unknown>) {
    return { UseCurrency: String(data.currency ?? this.acc.settings.currency) };
  }

  quote(offer: HotelOffer, ctx?: CallContext): Promise<HotelQuote> {
    const op = 'hotel.quote';
    return guarded(this.http, S, op, async () => {
      const check = await this.client.call(
        'HotelCheckAvail',
        {
          HotelCheckAvailRequest: { HotelOption: { '@RatePlanCode': offer.token.value }, ...this.segment(offer) },
          AdvancedOptions: this.currencyOf(offer.supplierData),
        },
        { operation: op, idempotent: true, ctx },
      );
      const checked = firstOption(check.rs).option;
      const ratePlanCode = attr(checked, 'RatePlanCode') ?? offer.token.value;
      const rules = await this.client.call(
        'HotelBookingRules',
        {
          HotelBookingRulesRequest: { HotelOption: { '@RatePlanCode': ratePlanCode }, ...this.segment(offer) },
          AdvancedOptions: this.currencyOf(offer.supplierData),
        },
        { operation: 'hotel.rules', idempotent: true, ctx },
      );
      const { option } = firstOption(rules.rs);
      const bookingCode = node(option.BookingCode);
      const code = textOf(bookingCode);
      const expiresAt = attr(bookingCode, 'ExpirationDate');
      if (!code) throw new Error('BookingRules without BookingCode');
      const requiredFields = requiredPaxFields(option);
      // BookingRules carries its (possibly changed) price under PriceInformation, not on the option.
      const total = priceOf(node(option.PriceInformation)) ?? priceOf(option) ?? priceOf(checked);
      if (!total || new Decimal(total.amount).lte(0)) throw new Error('BookingRules without a valid price');
      const now = new Date();
      const statusChanged = check.warnings.some((w) => w.code === 'warnStatusChanged');
      const onRequest = statusChanged || attr(option, 'Status') === 'RQ' || attr(checked, 'Status') === 'RQ';
      return {
        offer,
        total,
        priceChanged: !sameMoney(total, offer.total) || check.warnings.some((w) => w.code === 'warnPriceChanged'),
        previousTotal: offer.total,
        availability: onRequest ? 'on-request' : 'available',
        cancellation: mapCancellationPolicy(option.CancellationPolicy, {
          checkIn: offer.checkIn,
          bookingDate: now,
          currency: total.currency,
          nonRefundable: attr(option, 'NonRefundable') === 'true',
          now,
        }),
        token: {
          kind: 'BookingCode',
          value: code,
          expiresAt: expiresAt && !Number.isNaN(Date.parse(expiresAt)) ? new Date(expiresAt).toISOString() : null,
        },
        remarks: hotComments(option),
        requiredHolderFields: holderRequirements(requiredFields),
        supplierData: { ...offer.supplierData, ratePlanCode, requiredFields },
      };
    });
  }

  book(input: HotelBookInput, ctx?: CallContext): Promise<HotelBooking> {
    const op = 'hotel.book';
    return guarded(this.http, S, op, async () => {
      const { quote } = input;
      if (!input.clientReference || input.clientReference.length > 50) throw invalid(S, op, 'ExternalBookingReference 1..50');
      if (quote.token.kind !== 'BookingCode') throw invalid(S, op, 'quote first (BookingCode)');
      if (quote.token.expiresAt && Date.parse(quote.token.expiresAt) <= Date.now())
        throw new SupplierError('SUPPLIER_TOKEN_EXPIRED', { supplier: S, operation: op, detail: 'BookingCode expired locally' });
      const rooms = quote.offer.rooms.map((r) => r.occupancy);
      if (input.paxes.length !== rooms.length) throw invalid(S, op, 'one pax list per room');
      const nationality = String(quote.supplierData.nationality ?? this.acc.settings.nationality);
      const required = (quote.supplierData.requiredFields ?? {}) as Record<string, string[]>;
      const missing: string[] = [];
      let id = 0;
      const paxes: XNode[] = [];
      const dist = input.paxes.map((list, ri) => {
        const occ = rooms[ri];
        if (list.length !== occ.adults + occ.childrenAges.length) throw invalid(S, op, `room ${ri + 1}: paxes do not match the occupancy`);
        // Same order as the availability: adults first, then children by the searched ages.
        const ordered = [...list.filter((p) => p.type === 'adult'), ...list.filter((p) => p.type !== 'adult')];
        const ids = ordered.map((p, k) => {
          id++;
          const age = p.type === 'adult' ? p.age : (occ.childrenAges[k - occ.adults] ?? p.age);
          const wants = new Set(required[String(id)] ?? []);
          const holderAddress = id === 1 ? input.holder.address : undefined;
          const parts: Record<string, string | undefined> = {
            Address: holderAddress?.line?.trim(),
            City: holderAddress?.city?.trim(),
            Country: holderAddress?.country?.trim(),
            PostalCode: holderAddress?.postalCode?.trim(),
          };
          for (const f of Object.keys(parts)) if (wants.has(f) && !parts[f]) missing.push(`${id}:${f}`);
          if (wants.has('PhoneNumbers') && id === 1 && !input.holder.phone) missing.push(`${id}:PhoneNumbers`);
          if (wants.has('Email') && id === 1 && !input.holder.email) missing.push(`${id}:Email`);
          // No age means a 30-year-old adult for Juniper; send it when the option requires Age.
          const sentAge = p.type !== 'adult' ? age : wants.has('Age') ? (p.age ?? 30) : undefined;
          paxes.push({
            '@IdPax': String(id),
            ...(p.title ? { Title: p.title } : {}),
            Name: p.name,
            Surname: p.surname,
            ...(sentAge !== undefined ? { Age: String(sentAge) } : {}),
            ...(id === 1 && input.holder.email ? { Email: input.holder.email } : {}),
            ...(id === 1 && input.holder.phone ? { PhoneNumbers: { PhoneNumber: input.holder.phone } } : {}),
            ...(holderAddress ? Object.fromEntries(Object.entries(parts).filter(([, v]) => v)) : {}),
            Nationality: id === 1 ? nationality : (p.nationality ?? nationality),
          });
          return { '@IdPax': String(id) };
        });
        return { RelPaxes: { RelPax: ids } };
      });
      if (missing.length) throw invalid(S, op, `HotelRequiredFields missing: ${missing.join(', ')}`);
      const { rs } = await this.client.call(
        'HotelBooking',
        {
          Paxes: { Pax: paxes },
          Holder: { RelPax: { '@IdPax': '1' } },
          ExternalBookingReference: input.clientReference,
          ...(input.remarks ? { Comments: { Comment: [{ '@Type': 'RES', '#': input.remarks.slice(0, 1000) }] } } : {}),
          Elements: {
            HotelElement: {
              BookingCode: quote.token.value,
              RelPaxesDist: { RelPaxDist: dist },
              HotelBookingInfo: {
                '@Start': quote.offer.checkIn,
                '@End': quote.offer.checkOut,
                Price: { PriceRange: { '@Minimum': '0', '@Maximum': quote.total.amount, '@Currency': quote.total.currency } },
                HotelCode: String(quote.supplierData.hotelCode ?? quote.offer.hotel.code),
              },
            },
          },
          AdvancedOptions: this.currencyOf(quote.supplierData),
        },
        { operation: op, idempotent: false, ctx },
      );
      return mapReservation(rs);
    });
  }

  read(ref: SupplierBookingRef, ctx?: CallContext): Promise<HotelBooking> {
    return this.bookings.read(ref, ctx);
  }

  findByClientReference(clientReference: string, hint: { from: string; to: string }, ctx?: CallContext): Promise<HotelBooking | null> {
    return this.bookings.findByClientReference(clientReference, hint, ctx);
  }

  cancel(ref: SupplierBookingRef, opts: { simulate: boolean }, ctx?: CallContext): Promise<CancelResult> {
    return this.bookings.cancel(ref, opts, ctx);
  }
}

export async function testJuniperConnection(
  http: SupplierHttp,
  account: ResolvedProviderAccount,
  ctx?: CallContext,
): Promise<ConnectionTestResult> {
  const client = new JuniperClient(http, account);
  const check = await connectionCheck('hotel', () =>
    client.call(
      'HotelContent',
      { HotelContentList: { Hotel: [{ '@Code': 'JP000000' }] } },
      { operation: 'account.test', idempotent: true, ctx },
    ),
  );
  return { ok: check.ok, checks: [check] };
}
