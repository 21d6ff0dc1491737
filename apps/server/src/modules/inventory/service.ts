import {
  type availabilityBulkBody,
  BOARD_LABELS,
  type BoardCode,
  describePolicy,
  HOTEL_BOOKING_MESSAGES,
  HOTEL_CATEGORY_LABELS,
  type hotelAvailBody,
  type hotelProductBody,
  INVENTORY_LIMITS,
  INVENTORY_MESSAGES,
  type PriceBreakdown,
  type roomTypeBody,
} from '@travesia/contracts';
import Decimal from 'decimal.js';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { HotelInventoryRow, HotelProductRow, HotelRoomTypeRow, VoucherRow } from '../../db/schema/index.js';
import type { AuthContext } from '../../http/auth.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import type { PricingContext } from '../../pricing/index.js';
import type { CancellationPolicy } from '../../suppliers/types.js';
import type { FileService } from '../file/service.js';
import type { PricingService } from '../pricing/service.js';
import type { VoucherService } from '../voucher/service.js';
import { assertBulkRange, dayCount } from './bulk-range.js';
import { nationalityOf } from './nationality.js';
import { normalisePolicy } from './policy.js';
import type { InventoryRepository } from './repository.js';
import { type NightInventory, priceStay, type RoomOccupancy } from './stay.js';

const m = INVENTORY_MESSAGES;
/** How long an option token can be booked after the search. */
export const OPTION_TTL_MS = 30 * 60_000;
/** What the booking stores so a cancellation can give the rooms back. */
export const ALLOTMENT_CODE = 'travesia-allotment';

type AvailInput = z.output<typeof hotelAvailBody>;
type ProductInput = z.output<typeof hotelProductBody>;
type RoomTypeInput = z.output<typeof roomTypeBody>;
type BulkInput = z.output<typeof availabilityBulkBody>;

/** One bookable option: a hotel's room type and board for the whole stay (the suppliers' HotelOffer shape, supplier 'travesia'). */
export interface OwnHotelOffer {
  supplier: 'travesia';
  accountId: string;
  hotel: { code: string; name: string; category?: string; destination?: string; zone?: string };
  checkIn: string;
  checkOut: string;
  rooms: { code: string; name: string; occupancy: RoomOccupancy }[];
  board: { code: BoardCode; label: string; supplierCode: string };
  /** Our net cost for the stay, in the hotel's currency. */
  total: { amount: string; currency: string };
  availability: 'available';
  requiresQuote: false;
  cancellation: CancellationPolicy;
  token: { kind: 'travesia-option'; value: string; expiresAt: string };
  supplierData: { hotelId: string; roomTypeId: string; perNight: { day: string; amount: string }[] };
  payAtHotel: false;
  /** The agency's price (pricing engine), as the viewer may see it is the route's job. */
  pricing: PriceBreakdown;
  policyText: string;
}

export interface InventoryServiceDeps {
  repo: InventoryRepository;
  db: Db;
  pricing: PricingService;
  vouchers: VoucherService;
  files: FileService;
  log: Logger;
  now?: () => Date;
}

const encodeToken = (searchId: string, roomTypeId: string, board: BoardCode) =>
  Buffer.from(`${searchId}.${roomTypeId}.${board}`, 'utf8').toString('base64url');

export const toNight = (r: HotelInventoryRow): NightInventory => ({
  day: r.day,
  allotment: r.allotment,
  price1: r.price1,
  price2: r.price2,
  price3: r.price3,
  priceExtraAdult: r.priceExtraAdult,
  priceChild: r.priceChild,
  boardSupplements: r.boardSupplements,
  minNights: r.minNights,
  stopSale: r.stopSale,
  closedToArrival: r.closedToArrival,
});
const occupancies = (paxes: AvailInput['paxes']): RoomOccupancy[] => paxes.map((p) => ({ adults: p.adults, childrenAges: p.children }));
const paxCount = (rooms: RoomOccupancy[]) => rooms.reduce((n, r) => n + r.adults + r.childrenAges.length, 0);

/**
 * Own inventory (travesia): hotel products and their daily availability (products:manage), the
 * search that answers only what can really be sold, and the booking that takes the rooms and records
 * the voucher in one transaction.
 */
export class InventoryService {
  private readonly now: () => Date;
  constructor(private readonly deps: InventoryServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  // ------------------------------------------------------------ products
  list(filter: { q?: string; placeId?: string; active?: boolean }, page: number, limit: number) {
    return this.deps.repo.list(filter, page, limit);
  }

  async get(id: string) {
    const hotel = await this.deps.repo.findById(id);
    if (!hotel) throw notFound(m.notFound);
    return { hotel, roomTypes: await this.deps.repo.roomTypesOf([id]) };
  }

  async create(actor: AuthContext, input: ProductInput) {
    await this.assertPlace(input.placeId);
    await this.assertImages(input.images);
    const { roomTypes, ...values } = input;
    const row = await this.deps.repo.insert({ ...values, createdBy: actor.user.id }, roomTypes ?? []);
    if (values.images.length) await this.deps.files.markPublic(values.images);
    return this.get(row.id);
  }

  async update(id: string, input: Partial<ProductInput>) {
    if (!(await this.deps.repo.findById(id))) throw notFound(m.notFound);
    if (input.placeId) await this.assertPlace(input.placeId);
    if (input.images) await this.assertImages(input.images);
    const { roomTypes: _ignored, ...values } = input;
    await this.deps.repo.update(id, values);
    if (input.images?.length) await this.deps.files.markPublic(input.images);
    return this.get(id);
  }

  async addRoomType(hotelId: string, input: RoomTypeInput) {
    if (!(await this.deps.repo.findById(hotelId))) throw notFound(m.notFound);
    return this.deps.repo.insertRoomType({ ...input, hotelId });
  }

  async updateRoomType(hotelId: string, roomTypeId: string, input: Partial<RoomTypeInput>) {
    const rt = await this.deps.repo.findRoomType(roomTypeId);
    if (!rt || rt.hotelId !== hotelId) throw notFound(m.roomTypeNotFound);
    return (await this.deps.repo.updateRoomType(roomTypeId, input)) as HotelRoomTypeRow;
  }

  async deleteRoomType(hotelId: string, roomTypeId: string) {
    const rt = await this.deps.repo.findRoomType(roomTypeId);
    if (!rt || rt.hotelId !== hotelId) throw notFound(m.roomTypeNotFound);
    const outcome = await this.deps.repo.deleteRoomType(roomTypeId);
    if (outcome === 'booked') throw conflict(m.roomTypeBooked, 'ROOM_TYPE_BOOKED');
    if (outcome === 'missing') throw notFound(m.roomTypeNotFound);
  }

  private async assertPlace(placeId: string) {
    if (!(await this.deps.repo.placeOf(placeId))) throw badRequest(m.placeNotFound, { placeId: m.placeNotFound });
  }

  private async assertImages(images: string[]) {
    if ((await this.deps.files.missing(images)).length) throw badRequest('Imagen no encontrada', { images: 'Imagen no encontrada' });
  }

  // ------------------------------------------------------------ availability
  private async roomTypeOrBadRequest(roomTypeId: string) {
    const rt = await this.deps.repo.findRoomType(roomTypeId);
    if (!rt) throw badRequest(m.unknownRoomType, { roomTypeId: m.unknownRoomType });
    return rt;
  }

  async bulkEdit(input: BulkInput) {
    await this.roomTypeOrBadRequest(input.roomTypeId);
    const { roomTypeId, from, to, weekdays, ...patch } = input;
    if (Object.values(patch).every((v) => v === undefined)) throw badRequest(m.nothingToChange);
    assertBulkRange(from, to);
    const days = await this.deps.repo.bulkEdit(roomTypeId, from, to, [...new Set(weekdays)], patch);
    return { days };
  }

  async calendar(roomTypeId: string, from: string, to: string) {
    const rt = await this.roomTypeOrBadRequest(roomTypeId);
    if (dayCount(from, to) > INVENTORY_LIMITS.maxRangeDays) throw badRequest(m.rangeTooLong, { to: m.rangeTooLong });
    return { roomType: rt, days: await this.deps.repo.calendar(roomTypeId, from, to) };
  }

  // ------------------------------------------------------------ search
  private assertCanUse(auth: AuthContext) {
    if (auth.agency && !auth.modules.includes('hotels-travesia'))
      throw forbidden('El módulo de hoteles travesia no está habilitado para su agencia');
  }

  async search(auth: AuthContext, input: AvailInput) {
    this.assertCanUse(auth);
    const place = await this.deps.repo.placeOf(input.destination);
    if (!place) throw badRequest(m.destinationUnknown, { destination: m.destinationUnknown });
    const nationality = nationalityOf(input.countryCode);
    const now = this.now();
    const expiresAt = new Date(now.getTime() + OPTION_TTL_MS);
    const hotels = await this.deps.repo.hotelsWithin(place.id);
    const ctx = await this.deps.pricing.loadContext({ agencyId: auth.agency?.id ?? null, userId: auth.user.id, at: now });
    // The arrival day of the policy starts in the agency's zone (issue 16: no hard-coded zone).
    const timeZone = await this.deps.vouchers.timeZoneOf(auth);
    const searchId = await this.deps.repo.saveSearch({
      agencyId: auth.agency?.id ?? '00000000-0000-0000-0000-000000000000',
      userId: auth.user.id,
      request: {
        start: input.start,
        end: input.end,
        paxes: input.paxes,
        destination: input.destination,
        nationality: nationality?.code ?? null,
      },
      expiresAt,
    });
    const roomTypes = (await this.deps.repo.roomTypesOf(hotels.map((h) => h.hotel.id))).filter((r) => r.active);
    const nights = await this.deps.repo.nights(
      roomTypes.map((r) => r.id),
      input.start,
      input.end,
    );
    const nightsByRoomType = groupBy(nights, (n) => n.roomTypeId);
    const rooms = occupancies(input.paxes);
    const items = [];
    let lowest: Decimal | null = null;
    let highest: Decimal | null = null;
    // A hotel whose currency has no exchange rate can't be priced: its offers are left out and
    // counted, the rest of the search goes on (as decision 0097 does for suppliers).
    let dropped = 0;
    const missing = new Set<string>();
    for (const h of hotels) {
      const offers: OwnHotelOffer[] = [];
      for (const rt of roomTypes.filter((r) => r.hotelId === h.hotel.id)) {
        for (const board of h.hotel.boards) {
          const offer = this.offerOrDrop(() =>
            this.offerFor({
              hotel: h.hotel,
              placeName: h.placeName,
              ancestors: [h.hotel.placeId, ...[...h.placePath].reverse()],
              roomType: rt,
              nights: (nightsByRoomType.get(rt.id) ?? []).map(toNight),
              rooms,
              board,
              start: input.start,
              end: input.end,
              ctx,
              now,
              timeZone,
              token: { value: encodeToken(searchId, rt.id, board), expiresAt: expiresAt.toISOString() },
            }),
          );
          if (offer === 'rate-missing') {
            dropped++;
            missing.add(h.hotel.currency);
            continue;
          }
          if (!offer) continue;
          offers.push(offer);
          const p = new Decimal(offer.pricing.price);
          if (lowest === null || p.lt(lowest)) lowest = p;
          if (highest === null || p.gt(highest)) highest = p;
        }
      }
      if (!offers.length) continue;
      offers.sort((a, b) => new Decimal(a.pricing.price).cmp(b.pricing.price));
      items.push({ hotel: h.hotel, placeName: h.placeName, placeAncestors: h.placeAncestors, offers });
    }
    items.sort((a, b) => new Decimal(a.offers[0].pricing.price).cmp(b.offers[0].pricing.price));
    return {
      items,
      lowestPrice: lowest?.toFixed(2) ?? null,
      highestPrice: highest?.toFixed(2) ?? null,
      itemsFound: items.length,
      expires: expiresAt.toISOString(),
      dropped,
      notes: dropped ? [HOTEL_BOOKING_MESSAGES.rateMissingDropped(dropped, [...missing].sort().join(', '))] : [],
    };
  }

  /** `offerFor`, or 'rate-missing' when the hotel's currency has no exchange rate (any other failure throws). */
  private offerOrDrop(price: () => OwnHotelOffer | null): OwnHotelOffer | null | 'rate-missing' {
    try {
      return price();
    } catch (err) {
      if (err instanceof AppError && err.code === 'EXCHANGE_RATE_MISSING') return 'rate-missing';
      throw err;
    }
  }

  private offerFor(a: {
    hotel: HotelProductRow;
    placeName: string;
    ancestors: string[];
    roomType: HotelRoomTypeRow;
    nights: NightInventory[];
    rooms: RoomOccupancy[];
    board: BoardCode;
    start: string;
    end: string;
    ctx: PricingContext;
    now: Date;
    /** The agency's zone: where the arrival day, and so each policy step, starts. */
    timeZone: string;
    token: { value: string; expiresAt: string };
  }): OwnHotelOffer | null {
    const stay = priceStay({
      start: a.start,
      end: a.end,
      nights: a.nights,
      rooms: a.rooms,
      limits: a.roomType,
      board: a.board,
      boardsOffered: a.hotel.boards,
    });
    if (!stay.ok) return null;
    const pricing = this.deps.pricing.price(a.ctx, {
      kind: 'hotel',
      supplier: 'travesia',
      destinationAncestors: a.ancestors,
      checkIn: a.start,
      nights: stay.nights,
      paxes: paxCount(a.rooms),
      bookingDate: a.now.toISOString().slice(0, 10),
      cost: { amount: stay.total, currency: a.hotel.currency },
    });
    return {
      supplier: 'travesia',
      accountId: 'travesia',
      hotel: {
        code: a.hotel.id,
        name: a.hotel.name,
        category: HOTEL_CATEGORY_LABELS[a.hotel.category],
        destination: a.placeName,
      },
      checkIn: a.start,
      checkOut: a.end,
      rooms: a.rooms.map((occupancy) => ({ code: a.roomType.id, name: a.roomType.name, occupancy })),
      board: { code: a.board, label: BOARD_LABELS[a.board], supplierCode: a.board },
      total: { amount: stay.total, currency: a.hotel.currency },
      availability: 'available',
      requiresQuote: false,
      cancellation: normalisePolicy(a.hotel.policy, { start: a.start, currency: a.hotel.currency, now: a.now, timeZone: a.timeZone }),
      token: { kind: 'travesia-option', value: a.token.value, expiresAt: a.token.expiresAt },
      supplierData: { hotelId: a.hotel.id, roomTypeId: a.roomType.id, perNight: stay.perNight },
      payAtHotel: false,
      pricing,
      policyText: describePolicy(a.hotel.policy, a.hotel.currency),
    };
  }

  /**
   * Voucher cancellation hook: a travesia hotel voucher recorded by the former own-hotel booking route
   * (booking code `travesia-allotment`) gives its rooms back, in the cancellation's transaction. Own
   * hotels booked through the engine hold their rooms in `own_bookings` and give them back through the
   * travesia adapter's cancel (decision 0350).
   */
  async releaseForVoucher(tx: Db, voucher: VoucherRow): Promise<void> {
    if (voucher.provider !== 'travesia' || voucher.type !== 'hotel') return;
    for (const code of voucher.bookingCodes as Array<Record<string, unknown>>) {
      if (code?.kind !== ALLOTMENT_CODE) continue;
      const { roomTypeId, start, end, rooms } = code as { roomTypeId: string; start: string; end: string; rooms: number };
      await this.deps.repo.releaseAllotment(tx, roomTypeId, start, end, rooms);
    }
  }
}

function groupBy<T>(rows: T[], key: (r: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}
