import type { BoardCode, ProductKind } from '@travesia/contracts';
import type { CancellationPolicy, Money } from '../types.js';

/**
 * The port the own-inventory provider (`suppliers/travesia`) calls and `modules/inventory` implements
 * (`modules/inventory/own-provider.ts`): the adapters stay free of the database, as every adapter is,
 * and the inventory module keeps its products, calendars and capacity.
 */
export interface OwnInventoryPort {
  hotels: OwnHotelCatalogue;
  tickets: OwnTicketCatalogue;
  transfers: OwnTransferCatalogue;
  bookings: OwnBookingStore;
}

// ---------------------------------------------------------------- hotels

export interface OwnHotelSearch {
  /** Our place id: the hotels of that place and of the places inside it. */
  destination: string;
  checkIn: string;
  checkOut: string;
  rooms: { adults: number; childrenAges: number[] }[];
  /** The selling agency's zone: each policy step starts before the arrival day there (the platform's default when absent). */
  timeZone?: string;
}

/** One own hotel's room type and board for the whole stay and every room of the search, at our net cost. */
export interface OwnHotelOption {
  hotelId: string;
  hotelName: string;
  /** Spanish label of the hotel's category. */
  category: string;
  placeName: string;
  /** The hotel's place and its ancestors (nearest first): it is priced there. */
  placeId: string;
  placeAncestors: string[];
  roomTypeId: string;
  roomTypeName: string;
  board: BoardCode;
  checkIn: string;
  checkOut: string;
  rooms: { adults: number; childrenAges: number[] }[];
  /** The whole stay of every room. */
  total: Money;
  perNight: { day: string; amount: string }[];
  cancellation: CancellationPolicy;
  policyText: string;
}

export interface OwnHotelCatalogue {
  search(input: OwnHotelSearch): Promise<OwnHotelOption[]>;
  /** The same room type, board and stay again (re-quote); null when no longer sold. */
  option(roomTypeId: string, board: BoardCode, input: Omit<OwnHotelSearch, 'destination'>): Promise<OwnHotelOption | null>;
}

// ---------------------------------------------------------------- transfers

export interface OwnTransferSearch {
  /** Our place ids: transfers whose origin and destination contain, or lie within, them. */
  origin: string;
  destination: string;
  day: string;
  /** 'HH:mm': the transfer must operate then. */
  hour: string;
  pax: number;
}

/** One own transfer on one day and hour for a group, with the vehicles or seats it takes and has left. */
export interface OwnTransferOption {
  transferId: string;
  name: string;
  type: 'private' | 'shared';
  vehicle: string;
  originName: string;
  destinationName: string;
  /** The destination and its ancestors, nearest first (pricing by destination). */
  destinationAncestors: string[];
  day: string;
  hour: string;
  minPax: number;
  maxPax: number;
  /** Vehicles (private) or seats (shared) the group takes, and left that day. */
  units: number;
  left: number;
  priceMode: 'per-vehicle' | 'per-person';
  total: Money;
  cancellation: CancellationPolicy;
  policyText: string;
  description: string;
  images: string[];
}

export interface OwnTransferCatalogue {
  search(input: OwnTransferSearch): Promise<OwnTransferOption[]>;
  /** The same transfer, day, hour and group again (re-quote); null when no longer sold. */
  option(transferId: string, day: string, hour: string, pax: number): Promise<OwnTransferOption | null>;
}

// ---------------------------------------------------------------- tickets

export interface OwnTicketSearch {
  /** Our place id: the tickets of that place and of the places inside it. */
  destination: string;
  /** Activity days, `yyyy-MM-dd`, inclusive. */
  from: string;
  to: string;
  /** Age of every participant (each priced at its age band; an age outside every band: not offered). */
  paxAges: number[];
}

/** A session of an own ticket on a day, for a group (decision 0450). */
export interface OwnTicketSession {
  /** Start time 'HH:mm'; '' for an all-day ticket. */
  session: string;
  left: number;
  /** Guide languages offered (ISO 639-1); empty = no language to choose. */
  languages: string[];
  /** The last instant it can be booked (start, or an all-day ticket's closing, less the cut-off, in the place's zone). */
  bookableUntil: string;
}

/** One own ticket sold on one day for a group: its sessions with enough places left, the group's cost and policy. */
export interface OwnTicketOption {
  ticketId: string;
  name: string;
  placeId: string;
  placeName: string;
  /** The place and its ancestors, nearest first (pricing by destination). */
  placeAncestors: string[];
  description: string;
  images: string[];
  day: string;
  /** Start times with places left for the group and still bookable; `[{ session: '' }]` for an all-day ticket. */
  sessions: OwnTicketSession[];
  /** The place's IANA zone, in which sessions and the cut-off are read. */
  timeZone: string;
  /** Minutes before the start a booking closes. */
  cutoffMinutes: number;
  /** Participants the booking takes places for. */
  people: number;
  /** The group one booking may be (the loader's minimum group and maximum of people). */
  minPeople: number;
  maxPeople: number;
  /** The whole group's cost, each participant at its age band's price. */
  total: Money;
  /** Per age band, as the loader defines it (`paxType`: the band's name). */
  ageBands: { paxType: string; ageFrom: number; ageTo: number; amount: Money }[];
  startHour: string;
  endHour: string;
  cancellation: CancellationPolicy;
  /** The policy in plain Spanish. */
  policyText: string;
}

/** Why a ticket can no longer be sold to the group on that day (the re-quote says which). */
export interface OwnTicketRefusal {
  refused: 'gone' | 'age-band' | 'max-people' | 'min-people' | 'cutoff' | 'no-places';
  /** The age outside every band ('age-band'), and the ticket's bands now. */
  age?: number;
  bands?: { name: string; ageFrom: number; ageTo: number }[];
}

export interface OwnTicketCatalogue {
  search(input: OwnTicketSearch): Promise<OwnTicketOption[]>;
  /** The same ticket, day and group again (re-quote): current price, policy and places, or why it is no longer sold. */
  option(ticketId: string, day: string, paxAges: number[]): Promise<OwnTicketOption | OwnTicketRefusal>;
}

// ---------------------------------------------------------------- bookings (every kind)

/** What an own booking holds of the inventory: `units` places of a product's day (and session). */
export interface OwnHold {
  kind: ProductKind;
  productId: string;
  day: string;
  /** A hotel's check-out (exclusive): its hold covers every night from `day`; absent for other kinds. */
  end?: string;
  /** A ticket's session ('' = all day); '' for other kinds. */
  session: string;
  units: number;
}

export interface OwnBookingInput {
  /** Our reference (the voucher's externalBookingReference): the idempotency key of the capacity taken. */
  clientReference: string;
  hold: OwnHold;
  total: Money;
  cancellation: CancellationPolicy;
  holder: { name: string; surname: string };
  /** What the booking shows back (product name, session, language, participants…). */
  details: Record<string, unknown>;
}

export interface OwnBookingRecord extends OwnBookingInput {
  status: 'confirmed' | 'cancelled';
  createdAt: string;
  cancelledAt: string | null;
}

export type OwnTakeResult = { ok: true; booking: OwnBookingRecord } | { ok: false; reason: 'no-capacity' };

export interface OwnBookingStore {
  /**
   * Takes the hold's capacity and records the booking under `clientReference` in ONE transaction.
   * Idempotent: the same reference answers the booking already made and takes nothing again.
   */
  take(input: OwnBookingInput): Promise<OwnTakeResult>;
  find(clientReference: string): Promise<OwnBookingRecord | null>;
  /** The penalty of cancelling now, from the booking's own policy. */
  penalty(booking: OwnBookingRecord, at: Date): Money;
  /**
   * Marks the booking cancelled and gives its capacity back, in one transaction; a second call finds
   * it cancelled and gives nothing back. Null when there is no such booking.
   */
  release(clientReference: string): Promise<OwnBookingRecord | null>;
}
