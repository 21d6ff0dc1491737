import {
  BOARD_LABELS,
  type BoardCode,
  DEFAULT_TIME_ZONE,
  describePolicy,
  HOTEL_CATEGORY_LABELS,
  TRANSFER_TYPE_LABELS,
  VEHICLE_TYPE_LABELS,
} from '@travesia/contracts';
import Decimal from 'decimal.js';
import type { Db } from '../../db/client.js';
import type { HotelProductRow, HotelRoomTypeRow, TicketCapacityRow, TicketProductRow, TransferProductRow } from '../../db/schema/index.js';
import { inTransaction } from '../../db/transaction.js';
import type {
  Money,
  OwnBookingInput,
  OwnBookingRecord,
  OwnBookingStore,
  OwnHotelCatalogue,
  OwnHotelOption,
  OwnHotelSearch,
  OwnInventoryPort,
  OwnTicketCatalogue,
  OwnTicketOption,
  OwnTicketRefusal,
  OwnTicketSearch,
  OwnTransferCatalogue,
  OwnTransferOption,
  OwnTransferSearch,
} from '../../suppliers/index.js';
import { transferPrice, transferUnits } from './extras-pricing.js';
import type { ExtrasRepository } from './extras-repository.js';
import type { OwnBookingsRepository } from './own-bookings-repository.js';
import { normalisePolicy, penaltyAt } from './policy.js';
import type { InventoryRepository } from './repository.js';
import { toNight } from './service.js';
import { priceStay, stayNights } from './stay.js';
import { bandsOf, bookableUntil, sessionLanguages, ticketPrice } from './ticket-rules.js';

/** Most days one own ticket search covers (a range). */
const MAX_SEARCH_DAYS = 31;

const DAY_MS = 86_400_000;
function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`) && out.length < MAX_SEARCH_DAYS; t += DAY_MS)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

class NoCapacity extends Error {}

/**
 * The inventory module's side of the own-inventory provider (suppliers/travesia/ports.ts): own
 * tickets as options of a day for a group, and own bookings that hold capacity under our reference
 * (docs/decisions/0270).
 */
export class OwnInventoryProvider implements OwnInventoryPort {
  readonly hotels: OwnHotelCatalogue;
  readonly tickets: OwnTicketCatalogue;
  readonly transfers: OwnTransferCatalogue;
  readonly bookings: OwnBookingStore;

  constructor(
    private readonly d: {
      db: Db;
      hotels: InventoryRepository;
      extras: ExtrasRepository;
      bookings: OwnBookingsRepository;
      now?: () => Date;
    },
  ) {
    this.hotels = { search: (i) => this.searchHotels(i), option: (rt, board, i) => this.hotelOption(rt, board, i) };
    this.tickets = { search: (i) => this.searchTickets(i), option: (id, day, ages) => this.ticketOption(id, day, ages) };
    this.transfers = {
      search: (i) => this.searchTransfers(i),
      option: (id, day, hour, pax) => this.transferOption(id, day, hour, pax),
    };
    this.bookings = {
      take: (i) => this.take(i),
      find: (ref) => this.d.bookings.find(ref),
      penalty: (b, at) => penaltyOf(b, at),
      release: (ref) => this.release(ref),
    };
  }

  private now() {
    return this.d.now?.() ?? new Date();
  }

  private async searchHotels(input: OwnHotelSearch): Promise<OwnHotelOption[]> {
    const place = await this.d.hotels.placeOf(input.destination);
    if (!place) return [];
    const hotels = await this.d.hotels.hotelsWithin(place.id);
    const roomTypes = (await this.d.hotels.roomTypesOf(hotels.map((h) => h.hotel.id))).filter((r) => r.active);
    const nights = await this.d.hotels.nights(
      roomTypes.map((r) => r.id),
      input.checkIn,
      input.checkOut,
    );
    const out: OwnHotelOption[] = [];
    for (const h of hotels)
      for (const rt of roomTypes.filter((r) => r.hotelId === h.hotel.id))
        for (const board of h.hotel.boards) {
          const place = { name: h.placeName, path: h.placePath };
          const o = this.hotelOptionOf(h.hotel, place, rt, board, input, nights.filter((n) => n.roomTypeId === rt.id).map(toNight));
          if (o) out.push(o);
        }
    return out;
  }

  private async hotelOption(roomTypeId: string, board: BoardCode, input: Omit<OwnHotelSearch, 'destination'>) {
    const rt = await this.d.hotels.findRoomType(roomTypeId);
    const hotel = rt ? await this.d.hotels.findById(rt.hotelId) : undefined;
    const place = hotel ? await this.d.hotels.placeOf(hotel.placeId) : undefined;
    if (!rt?.active || !hotel?.active || !place) return null;
    const nights = (await this.d.hotels.nights([rt.id], input.checkIn, input.checkOut)).map(toNight);
    return this.hotelOptionOf(hotel, place, rt, board, input, nights);
  }

  /** One room type and board for the stay, or null when it can't be sold (rules of `priceStay`). */
  private hotelOptionOf(
    hotel: HotelProductRow,
    place: { name: string; path: string[] },
    rt: HotelRoomTypeRow,
    board: BoardCode,
    input: Omit<OwnHotelSearch, 'destination'>,
    nights: ReturnType<typeof toNight>[],
  ): OwnHotelOption | null {
    const stay = priceStay({
      start: input.checkIn,
      end: input.checkOut,
      nights,
      rooms: input.rooms,
      limits: rt,
      board,
      boardsOffered: hotel.boards,
    });
    if (!stay.ok) return null;
    return {
      hotelId: hotel.id,
      hotelName: hotel.name,
      category: HOTEL_CATEGORY_LABELS[hotel.category],
      placeName: place.name,
      placeId: hotel.placeId,
      placeAncestors: [...place.path].reverse().filter((id) => id !== hotel.placeId),
      roomTypeId: rt.id,
      roomTypeName: rt.name,
      board,
      checkIn: input.checkIn,
      checkOut: input.checkOut,
      rooms: input.rooms,
      total: { amount: new Decimal(stay.total).toFixed(2), currency: hotel.currency },
      perNight: stay.perNight,
      cancellation: normalisePolicy(hotel.policy, {
        start: input.checkIn,
        currency: hotel.currency,
        now: this.now(),
        timeZone: input.timeZone,
      }),
      policyText: `${BOARD_LABELS[board]} · ${describePolicy(hotel.policy, hotel.currency)}`,
    };
  }

  private async searchTickets(input: OwnTicketSearch): Promise<OwnTicketOption[]> {
    const found = await this.d.extras.ticketsWithin(input.destination);
    if (!found.length) return [];
    const slots = await this.d.extras.capacityOf(
      found.map((f) => f.ticket.id),
      input.from,
      input.to,
    );
    const out: OwnTicketOption[] = [];
    for (const day of daysOf(input.from, input.to))
      for (const f of found) {
        const o = this.optionOf(f.ticket, { name: f.placeName, path: f.placePath, timeZone: f.timeZone }, day, slots, input.paxAges);
        if (!('refused' in o)) out.push(o);
      }
    return out;
  }

  private async ticketOption(ticketId: string, day: string, paxAges: number[]): Promise<OwnTicketOption | OwnTicketRefusal> {
    const ticket = await this.d.extras.findTicket(ticketId);
    if (!ticket?.active) return { refused: 'gone' };
    const place = (await this.d.extras.placeNames([ticket.placeId])).get(ticket.placeId);
    if (!place) return { refused: 'gone' };
    const slots = await this.d.extras.capacityOf([ticket.id], day, day);
    return this.optionOf(ticket, place, day, slots, paxAges);
  }

  /**
   * One ticket on one day for the group (decision 0450): each participant at its age band's price, the
   * sessions with places left that are still bookable in the place's zone, each with its guide
   * languages; or why it can't be sold.
   */
  private optionOf(
    ticket: TicketProductRow,
    place: { name: string; path: string[]; timeZone: string | null },
    day: string,
    slots: TicketCapacityRow[],
    paxAges: number[],
  ): OwnTicketOption | OwnTicketRefusal {
    const price = ticketPrice(ticket, paxAges);
    if (!price.ok) return { refused: price.reason, ...(price.age !== undefined ? { age: price.age, bands: bandsOf(ticket) } : {}) };
    const timeZone = place.timeZone ?? DEFAULT_TIME_ZONE;
    const now = this.now().getTime();
    const open = slots
      .filter((s) => s.ticketId === ticket.id && s.day === day && !s.stopSale && s.capacity >= price.people)
      .filter((s) => (ticket.sessions.length ? ticket.sessions.includes(s.session) : s.session === ''))
      .map((s) => ({
        session: s.session,
        left: s.capacity,
        languages: sessionLanguages(ticket, s.session),
        bookableUntil: bookableUntil(ticket, day, s.session, timeZone).toISOString(),
      }));
    if (!open.length) return { refused: 'no-places' };
    const sessions = open.filter((s) => Date.parse(s.bookableUntil) > now);
    if (!sessions.length) return { refused: 'cutoff' };
    const money = (amount: string): Money => ({ amount: new Decimal(amount).toFixed(2), currency: ticket.currency });
    return {
      ticketId: ticket.id,
      name: ticket.name,
      placeId: ticket.placeId,
      placeName: place.name,
      placeAncestors: [...place.path].reverse().filter((id) => id !== ticket.placeId),
      description: ticket.description,
      images: ticket.images,
      day,
      sessions,
      timeZone,
      cutoffMinutes: ticket.cutoffMinutes,
      people: price.people,
      minPeople: ticket.minPeople,
      maxPeople: ticket.maxPeople,
      total: money(price.total),
      ageBands: bandsOf(ticket).map((b) => ({ paxType: b.name, ageFrom: b.ageFrom, ageTo: b.ageTo, amount: money(b.price) })),
      startHour: ticket.startHour,
      endHour: ticket.endHour,
      cancellation: normalisePolicy(ticket.policy, { start: day, currency: ticket.currency, now: this.now() }),
      policyText: describePolicy(ticket.policy, ticket.currency),
    };
  }

  private async searchTransfers(input: OwnTransferSearch): Promise<OwnTransferOption[]> {
    const rows = await this.d.extras.transfersBetween(input.origin, input.destination);
    return this.transferOptions(rows, input.day, input.hour, input.pax);
  }

  private async transferOption(transferId: string, day: string, hour: string, pax: number): Promise<OwnTransferOption | null> {
    const t = await this.d.extras.findTransfer(transferId);
    if (!t?.active) return null;
    return (await this.transferOptions([t], day, hour, pax))[0] ?? null;
  }

  /** The transfers that operate that day and hour for the group, with enough vehicles or seats left (decision 0086). */
  private async transferOptions(rows: TransferProductRow[], day: string, hour: string, pax: number): Promise<OwnTransferOption[]> {
    if (!rows.length) return [];
    const left = new Map(
      (
        await this.d.extras.transferCapacityOf(
          rows.map((r) => r.id),
          day,
          day,
        )
      )
        .filter((c) => !c.stopSale)
        .map((c) => [c.transferId, c.capacity]),
    );
    const names = await this.d.extras.placeNames([...new Set(rows.flatMap((r) => [r.originId, r.destinationId]))]);
    const out: OwnTransferOption[] = [];
    for (const t of rows) {
      const price = transferPrice(t, day, hour, pax);
      const units = transferUnits(t.type, pax);
      const capacity = left.get(t.id) ?? 0;
      if (!price.ok || capacity < units) continue;
      const dest = names.get(t.destinationId);
      out.push({
        transferId: t.id,
        name: t.name,
        type: t.type,
        vehicle: VEHICLE_TYPE_LABELS[t.vehicle],
        originName: names.get(t.originId)?.name ?? '',
        destinationName: dest?.name ?? '',
        destinationAncestors: [t.destinationId, ...[...(dest?.path ?? [])].reverse().filter((id) => id !== t.destinationId)],
        day,
        hour,
        minPax: t.minPax,
        maxPax: t.maxPax,
        units,
        left: capacity,
        priceMode: t.priceMode,
        total: { amount: new Decimal(price.total).toFixed(2), currency: t.currency },
        cancellation: normalisePolicy(t.policy, { start: day, currency: t.currency, now: this.now() }),
        policyText: `${TRANSFER_TYPE_LABELS[t.type]} · ${describePolicy(t.policy, t.currency)}`,
        description: t.description,
        images: t.images,
      });
    }
    return out;
  }

  /** Records the booking and takes its capacity in one transaction; the same reference takes nothing again. */
  private async take(input: OwnBookingInput) {
    try {
      const booking = await inTransaction(this.d.db, async (tx) => {
        if (await this.d.bookings.insertNew(tx, input)) {
          if (!(await this.hold(tx, input.hold, 'take'))) throw new NoCapacity();
        }
        return (await this.d.bookings.find(input.clientReference, tx)) as OwnBookingRecord;
      });
      return { ok: true as const, booking };
    } catch (err) {
      if (err instanceof NoCapacity) return { ok: false as const, reason: 'no-capacity' as const };
      throw err;
    }
  }

  private async release(clientReference: string): Promise<OwnBookingRecord | null> {
    return inTransaction(this.d.db, async (tx) => {
      const cancelled = await this.d.bookings.markCancelled(tx, clientReference, this.now());
      if (cancelled) await this.hold(tx, cancelled.hold, 'release');
      return cancelled ?? this.d.bookings.find(clientReference, tx);
    });
  }

  /** Takes (false when not enough is left) or gives back the capacity of a hold, by kind. */
  private async hold(tx: Db, h: OwnBookingInput['hold'], op: 'take' | 'release'): Promise<boolean> {
    const x = this.d.extras;
    if (h.kind === 'hotel') {
      const end = h.end ?? h.day;
      if (op === 'take') return this.d.hotels.takeAllotment(tx, h.productId, h.day, end, stayNights(h.day, end).length, h.units);
      await this.d.hotels.releaseAllotment(tx, h.productId, h.day, end, h.units);
      return true;
    }
    if (h.kind === 'ticket') {
      if (op === 'take') return x.takeCapacity(tx, h.productId, h.day, h.session, h.units);
      await x.releaseCapacity(tx, h.productId, h.day, h.session, h.units);
      return true;
    }
    if (h.kind === 'transfer') {
      if (op === 'take') return x.takeTransferCapacity(tx, h.productId, h.day, h.units);
      await x.releaseTransferCapacity(tx, h.productId, h.day, h.units);
      return true;
    }
    throw new Error(`own inventory holds no ${h.kind} capacity yet`);
  }
}

/** The penalty of cancelling an own booking at `at`, from its stored policy (the vouchers' computation). */
function penaltyOf(b: OwnBookingRecord, at: Date): Money {
  // A hotel's rules in nights are nights of its stay (its hold ends at the check-out); other kinds count 1.
  const nights = b.hold.kind === 'hotel' && b.hold.end ? Math.max(1, stayNights(b.hold.day, b.hold.end).length) : 1;
  const amount = penaltyAt(b.cancellation, { total: b.total.amount, currency: b.total.currency, nights, start: b.hold.day }, at);
  return { amount: new Decimal(amount).toFixed(2), currency: b.total.currency };
}
