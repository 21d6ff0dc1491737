import { BOARD_LABELS, type BoardCode } from '@travesia/contracts';
import Decimal from 'decimal.js';
import { SupplierError } from '../errors.js';
import type {
  CallContext,
  HotelBookInput,
  HotelBooking,
  HotelOffer,
  HotelQuote,
  HotelSearchInput,
  HotelSupplier,
  SearchResult,
} from '../types.js';
import { OwnBookingAdapter } from './own-booking-adapter.js';
import type { OwnBookingRecord, OwnHotelOption } from './ports.js';

const S = 'travesia' as const;
/** How long an own option is honoured without a re-quote (the inventory's option TTL). */
const OPTION_TTL_MS = 30 * 60_000;

function invalid(operation: string, detail: string) {
  return new SupplierError('SUPPLIER_INVALID_REQUEST', { supplier: S, operation, detail });
}

interface OwnHotelData {
  hotelId: string;
  roomTypeId: string;
  perNight: { day: string; amount: string }[];
  /** The hotel's own place and its ancestors: an own hotel is priced where it is, not at the searched place. */
  placeId: string;
  placeAncestors: string[];
}

/**
 * Own hotels behind the supplier contract (docs/decisions/0350, after 0270 for tickets and transfers):
 * the inventory module answers through `OwnInventoryPort`; `book` takes the rooms of every night keyed
 * by our reference (idempotent, its own transaction), `findByClientReference` lets recovery settle a
 * crash window, `cancel` prices the penalty from the hotel's policy and gives the rooms back once.
 */
export class TravesiaHotelAdapter extends OwnBookingAdapter<HotelBooking> implements HotelSupplier {
  readonly kind = 'hotel' as const;

  async search(input: HotelSearchInput, ctx?: CallContext): Promise<SearchResult<HotelOffer>> {
    if (!input.destination) throw invalid('hotel.search', 'an own-inventory place id is required');
    const options = await this.port.hotels.search({
      destination: input.destination,
      checkIn: input.checkIn,
      checkOut: input.checkOut,
      rooms: input.rooms.map((r) => ({ adults: r.adults, childrenAges: r.childrenAges })),
      timeZone: ctx?.timeZone,
    });
    const expiresAt = new Date(this.now().getTime() + OPTION_TTL_MS).toISOString();
    const offers = options.map((o) => this.offerOf(o, expiresAt));
    return { offers, dropped: 0, expiresAt: offers.length ? expiresAt : null, total: offers.length };
  }

  private offerOf(o: OwnHotelOption, expiresAt: string): HotelOffer {
    return {
      supplier: S,
      accountId: this.account.id,
      hotel: { code: o.hotelId, name: o.hotelName, category: o.category, destination: o.placeName },
      checkIn: o.checkIn,
      checkOut: o.checkOut,
      rooms: o.rooms.map((occupancy) => ({ code: o.roomTypeId, name: o.roomTypeName, occupancy })),
      board: { code: o.board, label: BOARD_LABELS[o.board], supplierCode: o.board },
      total: o.total,
      availability: 'available',
      requiresQuote: false,
      cancellation: o.cancellation,
      token: { kind: 'travesia-hotel', value: `${o.roomTypeId}:${o.board}:${o.checkIn}:${o.checkOut}`, expiresAt },
      supplierData: {
        hotelId: o.hotelId,
        roomTypeId: o.roomTypeId,
        perNight: o.perNight,
        placeId: o.placeId,
        placeAncestors: o.placeAncestors,
      } satisfies OwnHotelData,
      payAtHotel: false,
    };
  }

  async quote(offer: HotelOffer, ctx?: CallContext): Promise<HotelQuote> {
    const { roomTypeId } = offer.supplierData as Partial<OwnHotelData>;
    if (!roomTypeId) throw invalid('hotel.quote', 'not an own hotel offer');
    const fresh = await this.port.hotels.option(roomTypeId, offer.board.code as BoardCode, {
      checkIn: offer.checkIn,
      checkOut: offer.checkOut,
      rooms: offer.rooms.map((r) => r.occupancy),
      timeZone: ctx?.timeZone,
    });
    if (!fresh) throw new SupplierError('SUPPLIER_NOT_AVAILABLE', { supplier: S, operation: 'hotel.quote' });
    const current = this.offerOf(fresh, new Date(this.now().getTime() + OPTION_TTL_MS).toISOString());
    return {
      offer: { ...current, hotel: { ...current.hotel, zone: offer.hotel.zone } },
      total: current.total,
      priceChanged: !new Decimal(current.total.amount).eq(offer.total.amount) || current.total.currency !== offer.total.currency,
      previousTotal: offer.total,
      availability: 'available',
      cancellation: current.cancellation,
      token: current.token,
      remarks: [fresh.policyText],
      supplierData: current.supplierData,
      // Our own policy: its amounts are already the seller's, and its words go on the voucher.
      policyTerms: 'seller',
      policyText: fresh.policyText,
    };
  }

  async book(input: HotelBookInput, _ctx?: CallContext): Promise<HotelBooking> {
    const offer = input.quote.offer;
    const { roomTypeId } = (input.quote.supplierData ?? offer.supplierData) as Partial<OwnHotelData>;
    if (!roomTypeId) throw invalid('hotel.book', 'not an own hotel quote');
    if (input.paxes.length !== offer.rooms.length) throw invalid('hotel.book', 'one traveller list per room');
    const result = await this.port.bookings.take({
      clientReference: input.clientReference,
      hold: { kind: 'hotel', productId: roomTypeId, day: offer.checkIn, end: offer.checkOut, session: '', units: offer.rooms.length },
      total: input.quote.total,
      cancellation: input.quote.cancellation,
      holder: { name: input.holder.name, surname: input.holder.surname },
      details: {
        hotel: { code: offer.hotel.code, name: offer.hotel.name },
        rooms: offer.rooms.map((r) => ({ code: r.code, name: r.name })),
        board: offer.board,
        remarks: input.remarks ?? null,
      },
    });
    if (!result.ok) throw new SupplierError('SUPPLIER_NOT_AVAILABLE', { supplier: S, operation: 'hotel.book', detail: result.reason });
    return this.bookingOf(result.booking);
  }

  protected bookingOf(b: OwnBookingRecord): HotelBooking {
    const d = b.details as {
      hotel?: { code: string; name: string };
      rooms?: { code: string; name: string }[];
      board?: HotelBooking['rooms'][number]['board'];
    };
    return {
      ...this.baseOf(b),
      kind: 'hotel',
      hotel: d.hotel ?? null,
      checkIn: b.hold.day,
      checkOut: b.hold.end ?? null,
      rooms: (d.rooms ?? []).map((r) => ({ ...r, board: d.board ?? null })),
    };
  }
}
