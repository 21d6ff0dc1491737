import type { HotelContent } from '@travesia/contracts';
import Decimal from 'decimal.js';
import type { ResolvedProviderAccount } from '../account.js';
import { guarded, invalid } from '../adapter-kit.js';
import { SupplierError } from '../errors.js';
import type { SupplierHttp } from '../http/supplier-http.js';
import { money, sameMoney } from '../money.js';
import { reportDropped, screenPrices, sortByTotal } from '../offer-screen.js';
import type {
  CallContext,
  CancelResult,
  HotelBookInput,
  HotelBooking,
  HotelOffer,
  HotelQuote,
  HotelSearchInput,
  HotelSupplier,
  SearchResult,
  SupplierBookingRef,
} from '../types.js';
import { HotelbedsClient, hotelbedsLanguage } from './client.js';
import { hotelbedsContent, photoBaseOf } from './hotel-content.js';
import {
  mapAvailability,
  mapBooking,
  mapCancellation,
  mapCheckRate,
  type OccupancyLine,
  occupanciesRequest,
  occupancyLines,
  policyOf,
  RATE_KEY_TTL_MS,
} from './hotel-mappers.js';

const S = 'hotelbeds' as const;

/** Hotelbeds APItude hotels: availability → checkrates → bookings; read, list by clientReference, cancel with SIMULATION. */
export class HotelbedsHotelAdapter implements HotelSupplier {
  readonly supplier = S;
  readonly kind = 'hotel' as const;
  readonly account: { id: string; name: string };
  private readonly client: HotelbedsClient;
  private readonly lang: string;

  constructor(
    private readonly http: SupplierHttp,
    private readonly acc: ResolvedProviderAccount,
  ) {
    this.account = { id: acc.id, name: acc.name };
    this.client = new HotelbedsClient(http, acc, 'hotel');
    this.lang = hotelbedsLanguage(acc.settings.language);
  }

  search(input: HotelSearchInput, ctx?: CallContext): Promise<SearchResult<HotelOffer>> {
    const op = 'hotel.search';
    return guarded(this.http, S, op, async () => {
      if (!input.rooms.length || input.rooms.length > 9) throw invalid(S, op, 'rooms 1..9');
      if (!input.destination && !input.hotelCodes?.length) throw invalid(S, op, 'destination or hotelCodes');
      const lines = occupancyLines(input.rooms);
      const data = await this.client.call<unknown>({
        operation: op,
        method: 'POST',
        path: '/hotels',
        idempotent: true,
        ctx,
        body: {
          stay: { checkIn: input.checkIn, checkOut: input.checkOut },
          occupancies: occupanciesRequest(lines),
          ...(input.hotelCodes?.length
            ? { hotels: { hotel: input.hotelCodes.map(Number) } }
            : { destination: { code: input.destination } }),
          sourceMarket: input.nationality ?? this.acc.settings.nationality,
          language: this.lang,
          filter: { maxRatesPerRoom: 10 },
        },
      });
      const now = new Date();
      const mapped = mapAvailability(data, {
        accountId: this.acc.id,
        checkIn: input.checkIn,
        checkOut: input.checkOut,
        rooms: input.rooms,
        now,
      });
      const screened = screenPrices(mapped.offers, (o) => o.total);
      reportDropped(this.http, S, op, [...mapped.dropped, ...screened.dropped]);
      const offers = sortByTotal(screened.kept);
      return {
        offers,
        dropped: mapped.dropped.length + screened.dropped.length,
        expiresAt: offers.length ? new Date(now.getTime() + RATE_KEY_TTL_MS).toISOString() : null,
        total: offers.length,
      };
    });
  }

  /**
   * Static content of some hotels from the Content API (hotel-content.ts): name, category, address, map
   * position, description and photos (URLs on the photo CDN, or on the simulator in sandbox). Static data:
   * the caller caches it (modules/booking/hotel/content.ts) and never waits for it in a search.
   */
  hotelContent(codes: string[], ctx?: CallContext): Promise<HotelContent[]> {
    return guarded(this.http, S, 'static.content', () =>
      hotelbedsContent(this.client, { language: this.lang, photoBase: photoBaseOf(this.acc) }, codes, ctx),
    );
  }

  quote(offer: HotelOffer, ctx?: CallContext): Promise<HotelQuote> {
    const op = 'hotel.quote';
    return guarded(this.http, S, op, async () => {
      const rateKeys = rateKeysOf(offer);
      // Hotelbeds best practice: one rateKey per CheckRate call (never several in one request).
      const checked: ReturnType<typeof mapCheckRate>[] = [];
      for (const rateKey of rateKeys) {
        const data = await this.client.call<unknown>({
          operation: op,
          method: 'POST',
          path: '/checkrates',
          idempotent: true,
          ctx,
          body: { rooms: [{ rateKey }], language: this.lang },
        });
        const one = mapCheckRate(data, offer.total.currency);
        if (one.rates.length !== 1) throw new Error(`checkrate answered ${one.rates.length} rates for one key`);
        checked.push(one);
      }
      const now = new Date();
      const rates = checked.flatMap((c) => c.rates);
      if (checked.some((c) => c.total.currency !== checked[0].total.currency)) throw new Error('checkrate currencies differ');
      const total = money(
        checked.reduce((sum, c) => sum.plus(c.total.amount), new Decimal(0)),
        checked[0].total.currency,
      );
      const remarks = [...new Set(checked.flatMap((c) => c.remarks))];
      if (new Decimal(total.amount).lte(0)) throw new Error(`checkrate total ${total.amount}`);
      return {
        offer,
        total,
        priceChanged: !sameMoney(total, offer.total),
        previousTotal: offer.total,
        availability: 'available',
        cancellation: policyOf(rates, total.currency, now),
        token: { kind: 'rateKey', value: rates[0].rateKey, expiresAt: new Date(now.getTime() + RATE_KEY_TTL_MS).toISOString() },
        remarks,
        supplierData: { ...offer.supplierData, rateKeys: rates.map((r) => r.rateKey) },
      };
    });
  }

  book(input: HotelBookInput, ctx?: CallContext): Promise<HotelBooking> {
    const op = 'hotel.book';
    return guarded(this.http, S, op, async () => {
      const { quote } = input;
      if (!/^[\w-]{1,20}$/.test(input.clientReference)) throw invalid(S, op, 'clientReference must be 1..20 word characters');
      if (input.paxes.length !== quote.offer.rooms.length) throw invalid(S, op, 'one pax list per room');
      const rateKeys = (quote.supplierData.rateKeys as string[] | undefined) ?? [quote.token.value];
      const lines =
        (quote.offer.supplierData.lines as OccupancyLine[] | undefined) ?? occupancyLines(quote.offer.rooms.map((r) => r.occupancy));
      if (lines.length !== rateKeys.length) throw invalid(S, op, 'rateKeys do not match the occupancy');
      const rooms = lines.map((line, li) => ({
        rateKey: rateKeys[li],
        paxes: line.indices.flatMap((roomIndex, k) =>
          input.paxes[roomIndex].map((p) => ({
            roomId: k + 1,
            type: p.type === 'adult' ? 'AD' : 'CH',
            ...(p.age !== undefined ? { age: p.age } : {}),
            name: p.name.slice(0, 50),
            surname: p.surname.slice(0, 50),
          })),
        ),
      }));
      const data = await this.client.call<unknown>({
        operation: op,
        method: 'POST',
        path: '/bookings',
        idempotent: false,
        ctx,
        body: {
          holder: { name: input.holder.name.slice(0, 50), surname: input.holder.surname.slice(0, 50) },
          rooms,
          clientReference: input.clientReference,
          remark: input.remarks?.slice(0, 2000),
          tolerance: 0,
          language: this.lang,
        },
      });
      const booking = mapBooking(data);
      if (
        booking.total.currency === quote.total.currency &&
        new Decimal(booking.total.amount).gt(new Decimal(quote.total.amount).times(1.02))
      ) {
        this.http.log.warn({ supplier: S, ref: booking.ref, quoted: quote.total, booked: booking.total }, 'booked above the quoted price');
      }
      return booking;
    });
  }

  read(ref: SupplierBookingRef, ctx?: CallContext): Promise<HotelBooking> {
    const op = 'hotel.read';
    return guarded(this.http, S, op, async () => {
      const data = await this.client.call<unknown>({
        operation: op,
        method: 'GET',
        path: `/bookings/${encodeURIComponent(ref.locator)}`,
        query: { language: this.lang },
        idempotent: true,
        ctx,
      });
      return mapBooking(data);
    });
  }

  findByClientReference(clientReference: string, hint: { from: string; to: string }, ctx?: CallContext): Promise<HotelBooking | null> {
    const op = 'hotel.list';
    return guarded(this.http, S, op, async () => {
      const data = await this.client.call<{ bookings?: { bookings?: unknown[] } }>({
        operation: op,
        method: 'GET',
        path: '/bookings',
        query: {
          start: hint.from,
          end: hint.to,
          filterType: 'CHECKIN',
          status: 'ALL',
          from: 1,
          to: 100,
          clientReference,
          language: this.lang,
        },
        idempotent: true,
        ctx,
      });
      const list = data.bookings?.bookings;
      if (list !== undefined && !Array.isArray(list)) throw new Error('bookings.bookings is not a list');
      const found = (list ?? []).map((b) => mapBooking(b)).filter((b) => b.clientReference === clientReference);
      return found.find((b) => b.status !== 'cancelled') ?? found[0] ?? null;
    });
  }

  cancel(ref: SupplierBookingRef, opts: { simulate: boolean }, ctx?: CallContext): Promise<CancelResult> {
    const op = opts.simulate ? 'hotel.cancel-simulation' : 'hotel.cancel';
    return guarded(this.http, S, op, async () => {
      const data = await this.client.call<unknown>({
        operation: op,
        method: 'DELETE',
        path: `/bookings/${encodeURIComponent(ref.locator)}`,
        query: { cancellationFlag: opts.simulate ? 'SIMULATION' : 'CANCELLATION', language: this.lang },
        idempotent: opts.simulate,
        ctx,
      });
      const c = mapCancellation(data);
      if (!opts.simulate && c.status !== 'cancelled')
        throw new SupplierError('SUPPLIER_REJECTED', { supplier: S, operation: op, detail: `status ${c.status}` });
      return {
        simulated: opts.simulate,
        status: opts.simulate ? 'confirmed' : 'cancelled',
        penalty: c.penalty,
        penaltyKnown: c.penalty !== null,
        cancellationReference: opts.simulate ? null : c.reference,
      };
    });
  }
}

function rateKeysOf(offer: HotelOffer): string[] {
  const keys = offer.supplierData.rateKeys;
  return Array.isArray(keys) && keys.every((k) => typeof k === 'string') && keys.length ? (keys as string[]) : [offer.token.value];
}
