import type {
  BoardCode,
  HolderRequirementKey,
  HotelCancellationPolicy,
  HotelCancellationRule,
  ProductKind,
  ProviderId,
  SupplierId,
  TransferPointInput,
  VoucherStatus,
} from '@travesia/contracts';

/**
 * The normalised supplier contract (DESIGN.md "Rules of the house"): every adapter, whatever its wire
 * protocol, answers these shapes. Money is a decimal string plus an ISO 4217 currency, never a float.
 */

export interface Money {
  /** Decimal string with a dot, e.g. '1234.50'. */
  amount: string;
  /** ISO 4217, e.g. 'USD'. */
  currency: string;
}

export interface Board {
  code: BoardCode;
  /** Spanish label (BOARD_LABELS). */
  label: string;
  /** The supplier's own code, kept for the voucher and for support. */
  supplierCode: string;
}

/** One room's occupancy: adults and the ages of the children (infants are children aged 0–1). */
export interface Occupancy {
  adults: number;
  childrenAges: number[];
}

/**
 * One penalty step: from `from` on, cancelling costs a fixed `amount`, a `percent` of the total or a
 * number of `nights`. A policy with no rules and `refundable: false` is non-refundable. The shapes
 * live in the contracts (the web renders them); these names are the server's.
 */
export type CancellationRule = HotelCancellationRule;
export type CancellationPolicy = HotelCancellationPolicy;

/** An opaque supplier token (rateKey, RatePlanCode, BookingCode, Restel lin, offerId, transactionId): never parsed. */
export interface SupplierToken {
  kind: string;
  value: string;
  /** ISO date-time after which the supplier no longer honours it; re-quote then. */
  expiresAt: string | null;
}

/** Per-call context: which search or booking caused the call (audit log), and a simulator scenario in sandbox. */
export interface CallContext {
  correlationId?: string;
  /** Sandbox only: sent to the simulator as `x-sim-scenario` (apps/supplier-sim/README.md). */
  simScenario?: string;
  /**
   * The selling agency's IANA zone. A provider whose policy steps start at a local day (own inventory: the arrival
   * day in the agency's zone, issue 16) reads it; suppliers, whose policies come with their own instants, do not.
   */
  timeZone?: string;
}

export interface Traveller {
  name: string;
  surname: string;
  /** Age at travel; adults may omit it. */
  age?: number;
  type: 'adult' | 'child' | 'infant';
  title?: 'Mr' | 'Ms' | 'Mrs' | 'Miss';
  birthDate?: string;
  /** ISO 3166-1 alpha-2. */
  nationality?: string;
  gender?: 'F' | 'M';
  passport?: { number: string; expireDate: string; issueDate?: string; citizenshipCountryCode: string; serial?: string };
}

export interface Holder {
  name: string;
  surname: string;
  email?: string;
  /** E.164, e.g. '+573001234567'. */
  phone?: string;
  /** ISO 3166-1 alpha-2. */
  nationality?: string;
  /** Postal address, when a supplier requires it (Juniper HotelRequiredFields: Address, City, Country, PostalCode). */
  address?: { line?: string; city?: string; postalCode?: string; country?: string };
}

/** How a booking is identified at the supplier. `extra` holds secondary locators (Restel's short locator, Juniper item id). */
export interface SupplierBookingRef {
  locator: string;
  extra?: Record<string, string>;
}

export interface SearchResult<T> {
  offers: T[];
  /** Offers dropped as untrustworthy (absurd price, unknown board…), already logged. */
  dropped: number;
  /** When the supplier's tokens in these offers stop being valid (the earliest), if known. */
  expiresAt: string | null;
  /** Offers found before paging (flights page 10 at a time). */
  total: number;
}

export interface BookingBase {
  supplier: ProviderId;
  kind: ProductKind;
  ref: SupplierBookingRef;
  /** Our reference as sent to the supplier (clientReference / ExternalBookingReference / num_expediente / agencyReservationNumber). */
  clientReference: string | null;
  status: VoucherStatus;
  /** The supplier's own status code, for support. */
  supplierStatus: string;
  total: Money;
  cancellation: CancellationPolicy;
  holder: { name: string; surname: string } | null;
  createdAt: string | null;
  remarks: string[];
}

export interface CancelResult {
  /** True when this was only a penalty simulation. */
  simulated: boolean;
  status: VoucherStatus;
  penalty: Money | null;
  /** False when the supplier could not compute the penalty (never assume it is free). */
  penaltyKnown: boolean;
  cancellationReference: string | null;
}

export interface ProductSupplier<TSearch, TOffer, TQuote, TBook, TBooking extends BookingBase> {
  readonly supplier: ProviderId;
  readonly kind: ProductKind;
  readonly account: { id: string; name: string };
  search(input: TSearch, ctx?: CallContext): Promise<SearchResult<TOffer>>;
  /** Re-prices the offer and returns its current rules and the token to book with. */
  quote(offer: TOffer, ctx?: CallContext): Promise<TQuote>;
  book(input: TBook, ctx?: CallContext): Promise<TBooking>;
  read(ref: SupplierBookingRef, ctx?: CallContext): Promise<TBooking>;
  /** Finds a booking by our reference, after a booking call whose reply was lost. Null when absent. */
  findByClientReference(clientReference: string, hint: { from: string; to: string }, ctx?: CallContext): Promise<TBooking | null>;
  /** `simulate: true` only reports the penalty; false cancels. */
  cancel(ref: SupplierBookingRef, opts: { simulate: boolean }, ctx?: CallContext): Promise<CancelResult>;
}

// ---------------------------------------------------------------- hotels

export interface HotelSearchInput {
  checkIn: string;
  checkOut: string;
  rooms: Occupancy[];
  /** The supplier's destination/zone code (apps/supplier-sim/README.md lists the sandbox ones), or hotel codes. */
  destination?: string;
  hotelCodes?: string[];
  /** ISO alpha-2; defaults to account.settings.nationality. */
  nationality?: string;
  /** Juniper resort restriction: only zones of these resort areas. */
  resort?: 'disney' | 'universal';
}

export interface HotelOfferRoom {
  code: string;
  name: string;
  occupancy: Occupancy;
}

export interface HotelOffer {
  supplier: ProviderId;
  accountId: string;
  hotel: {
    code: string;
    name: string;
    category?: string;
    destination?: string;
    zone?: string;
    /** Map position, where the supplier's availability answer gives it (Hotelbeds). */
    location?: { lat: number; lng: number };
  };
  checkIn: string;
  checkOut: string;
  rooms: HotelOfferRoom[];
  board: Board;
  total: Money;
  /** Offer as reported by the supplier: immediately confirmable or on request. */
  availability: 'available' | 'on-request';
  /** Whether a quote is mandatory before booking (Hotelbeds RECHECK, Juniper always). */
  requiresQuote: boolean;
  cancellation: CancellationPolicy;
  token: SupplierToken;
  /** Other opaque supplier data needed later, verbatim (e.g. Restel lins, Juniper hotel code). */
  supplierData: Record<string, unknown>;
  /** Paid at the hotel, not in the total. */
  payAtHotel: boolean;
}

export interface HotelQuote {
  offer: HotelOffer;
  total: Money;
  priceChanged: boolean;
  previousTotal: Money;
  availability: 'available' | 'on-request';
  cancellation: CancellationPolicy;
  /** The token to book with (a new rateKey, a Juniper BookingCode…). */
  token: SupplierToken;
  /** Remarks the supplier requires to be shown before booking. */
  remarks: string[];
  /** Holder details the supplier requires for this option (Juniper HotelRequiredFields); absent = none beyond the name. */
  requiredHolderFields?: HolderRequirement[];
  supplierData: Record<string, unknown>;
  /**
   * Whose terms the policy's amounts are in. Absent or `'cost'`: a supplier's, on what we pay it, which the flow
   * puts in the agent's price (decision 0400). `'seller'`: already the seller's (our own inventory's policy).
   */
  policyTerms?: 'cost' | 'seller';
  /** The provider's policy in words, kept on the voucher when it writes one (own inventory). */
  policyText?: string;
}

/** A holder detail a supplier may require before booking (docs/decisions/0181). */
export type HolderRequirement = HolderRequirementKey;

export interface HotelBookInput {
  quote: HotelQuote;
  holder: Holder;
  /** One list per room, in the order of the search occupancy. */
  paxes: Traveller[][];
  clientReference: string;
  remarks?: string;
}

export interface HotelBooking extends BookingBase {
  kind: 'hotel';
  hotel: { code: string; name: string } | null;
  checkIn: string | null;
  checkOut: string | null;
  rooms: { code: string; name: string; board: Board | null }[];
  /** Supplier company to print on the voucher (Hotelbeds "Payable through …"). */
  payableThrough?: { name: string; vatNumber?: string };
  hotelConfirmationNumber?: string;
}

export type HotelSupplier = ProductSupplier<HotelSearchInput, HotelOffer, HotelQuote, HotelBookInput, HotelBooking>;

// ---------------------------------------------------------------- tickets / activities

export interface TicketSearchInput {
  destination: string;
  from: string;
  to: string;
  /** Ages of every participant (adults 30 by default). */
  paxAges: number[];
}

/** A start time a ticket rate is sold for (Hotelbeds `rateDetails[].sessions`, Juniper ServiceOption start). */
export interface TicketSession {
  /** The supplier's code, sent back at booking. */
  code: string;
  /** As the supplier names it, usually the time, e.g. '09:00'. */
  name: string;
  /** The `languages` codes this session offers, when they differ by session (own tickets); absent = every one. */
  languages?: string[];
  /** The last instant it can be booked (the supplier's cut-off), ISO; absent = no cut-off known. */
  bookableUntil?: string;
}

/** A guide or service language a ticket rate offers (Hotelbeds `rateDetails[].languages`). */
export interface TicketLanguage {
  /** The supplier's code, sent back at booking (e.g. 'es', 'en'). */
  code: string;
  name: string;
}

export interface GeoPoint {
  lat: number;
  lng: number;
}

/** A place the supplier collects participants from (Hotelbeds `rateDetails[].pickup`, Juniper meeting points). */
export interface TicketPickupPoint {
  code: string;
  name: string;
  /** Local time of the pickup, 'HH:mm', when given. */
  time?: string;
  address?: string;
  location?: GeoPoint;
}

/** A question the supplier asks at booking (Hotelbeds `modalities[].questions`). */
export interface TicketQuestion {
  code: string;
  /** The supplier's own wording (not translated). */
  text: string;
  /** Booking is refused without an answer. */
  required: boolean;
}

export interface TicketAnswer {
  /** The question's code. */
  code: string;
  answer: string;
}

/** What a traveller needs to know about an activity (Hotelbeds `content`, Juniper ServiceInfo). */
export interface TicketContent {
  description?: string;
  inclusions: string[];
  exclusions: string[];
  importantInfo: string[];
  meetingPoint?: { description?: string; address?: string; location?: GeoPoint };
  images?: string[];
}

/** A price band by age (Hotelbeds `amountsFrom`/`paxAmounts`), the supplier's pax type kept. */
export interface TicketAgeBand {
  paxType: string;
  ageFrom: number;
  ageTo: number;
  amount: Money;
}

/**
 * A document the supplier issued for the booking (Hotelbeds `booking.activities[].vouchers`): when
 * present it carries the provider's QR or barcode and handing it to the customer is mandatory.
 */
export interface SupplierVoucher {
  url: string;
  mimeType?: string;
  language?: string;
  code?: string;
}

export interface TicketOffer {
  supplier: ProviderId;
  accountId: string;
  activity: { code: string; name: string };
  modality: { code: string; name: string };
  from: string;
  to: string;
  paxAges: number[];
  total: Money;
  cancellation: CancellationPolicy;
  token: SupplierToken;
  supplierData: Record<string, unknown>;
  /** Immediately confirmable or on request, when the supplier says. */
  availability?: 'available' | 'on-request';
  /** Duration as the supplier states it, e.g. { value: 4, unit: 'HOURS' }. */
  duration?: { value: number; unit: string };
  sessions?: TicketSession[];
  languages?: TicketLanguage[];
  pickupPoints?: TicketPickupPoint[];
  questions?: TicketQuestion[];
  ageBands?: TicketAgeBand[];
  content?: TicketContent;
  images?: string[];
}

export interface TicketQuote {
  offer: TicketOffer;
  total: Money;
  priceChanged: boolean;
  previousTotal: Money;
  cancellation: CancellationPolicy;
  token: SupplierToken;
  remarks: string[];
  availability?: 'available' | 'on-request';
  /** What the booking must choose or answer (absent or empty = nothing to choose). */
  sessions?: TicketSession[];
  languages?: TicketLanguage[];
  pickupPoints?: TicketPickupPoint[];
  questions?: TicketQuestion[];
  ageBands?: TicketAgeBand[];
  content?: TicketContent;
  /** Holder details the supplier requires (Juniper ServiceRequiredFields); absent = none beyond the name. */
  requiredHolderFields?: HolderRequirement[];
  /** The last instant a rate without sessions can be booked (own all-day tickets' cut-off), ISO. */
  bookableUntil?: string;
  /**
   * Every participant must be of an age inside one of `ageBands`, the same band as the age the quote
   * priced (own tickets, decision 0450); absent = the bands are informative only.
   */
  bandsBind?: boolean;
  supplierData?: Record<string, unknown>;
}

export interface TicketBookInput {
  quote: TicketQuote;
  holder: Holder;
  paxes: Traveller[];
  clientReference: string;
  /** A `quote.sessions` code; required when the quote offers sessions. */
  session?: string;
  /** A `quote.languages` code; required when the quote offers languages. */
  language?: string;
  /** A `quote.pickupPoints` code, when the rate has pickups. */
  pickupPoint?: string;
  /** One per required `quote.questions` (others optional). */
  answers?: TicketAnswer[];
  remarks?: string;
}

export interface TicketBooking extends BookingBase {
  kind: 'ticket';
  activity: { code: string; name: string } | null;
  from: string | null;
  to: string | null;
  modality?: { code: string; name: string } | null;
  session?: TicketSession | null;
  language?: TicketLanguage | null;
  pickupPoint?: TicketPickupPoint | null;
  /** The supplier's own documents to hand to the customer (mandatory when present). */
  supplierVouchers?: SupplierVoucher[];
  /** How to reach the supplier (Hotelbeds `contactInfo`, `providerInformation`). */
  supplierContact?: { name?: string; phone?: string; address?: string };
  paxes?: { name: string; surname: string; age?: number; type: string }[];
}

export type TicketSupplier = ProductSupplier<TicketSearchInput, TicketOffer, TicketQuote, TicketBookInput, TicketBooking>;

// ---------------------------------------------------------------- transfers

export interface TransferPoint {
  type: 'IATA' | 'ATLAS' | 'GIATA' | 'GPS' | 'PORT' | 'STATION' | 'PLACE';
  code: string;
  /** The supplier's name for the point, when it gives one (Hotelbeds `description`, Juniper `Name`). */
  description?: string;
}

export interface TransferSearchInput {
  from: TransferPoint;
  to: TransferPoint;
  /** Local date-time yyyy-MM-ddTHH:mm:ss. */
  outbound: string;
  inbound?: string;
  adults: number;
  children: number;
  infants: number;
  /** Ages of the children and infants, when the caller knows them (Juniper prices by age). */
  childrenAges?: number[];
}

/**
 * The supplier's instruction that the pickup time must be confirmed on its site before the service
 * (Hotelbeds `pickup.checkPickup`: mustCheckPickupTime, url, hoursBeforeConsulting).
 */
export interface TransferCheckPickup {
  mustCheckPickupTime: boolean;
  url: string | null;
  /** How many hours before the service the final pickup time is published at `url`. */
  hoursBeforeConsulting: number | null;
}

/** Where and how the pickup happens, as the supplier describes it (meeting point, address, stop). */
export interface TransferPickupDetails {
  /** Meeting instructions, verbatim (supplier language). */
  description: string | null;
  address: string | null;
  town: string | null;
  zip: string | null;
  stopName: string | null;
  latitude: number | null;
  longitude: number | null;
  checkPickup: TransferCheckPickup | null;
}

export interface TransferImage {
  url: string;
  /** Supplier size class (Hotelbeds SMALL | MEDIUM | LARGE | EXTRALARGE), when given. */
  size?: string;
}

export type TransferDirection = 'ARRIVAL' | 'DEPARTURE' | 'RETURN';

/** A transport the passengers arrive or leave on, per leg: flight, cruise or train. */
export interface TransferTransport {
  type: 'FLIGHT' | 'CRUISE' | 'TRAIN';
  /** Flight, ship or train number. */
  code: string;
  companyName?: string;
  /** Arrival details on an arrival, departure details on a departure (Hotelbeds transferDetails.direction). */
  direction?: 'ARRIVAL' | 'DEPARTURE';
}

/** The pickup address the passenger gives for an address (GPS) pickup. */
export interface TransferAddress {
  name: string;
  address: string;
  town: string;
  zip: string;
  /** ISO 3166-1 alpha-2 or the country name, as the supplier takes it. */
  country: string;
}

export interface TransferOffer {
  supplier: ProviderId;
  accountId: string;
  serviceId: string;
  direction: TransferDirection;
  transferType: 'PRIVATE' | 'SHARED';
  vehicle: string;
  category: string;
  pickup: { from: TransferPoint; to: TransferPoint; date: string; time: string };
  capacity: { min: number; max: number };
  total: Money;
  cancellation: CancellationPolicy;
  token: SupplierToken;
  search: TransferSearchInput;
  /** Which leg of the search this offer serves: 'outbound' or 'return' (round trips are chosen leg by leg). */
  leg?: 'outbound' | 'return';
  vehicleCode?: string;
  categoryCode?: string;
  /** Pickup point description and the check-pickup instruction, when the supplier gives them. */
  pickupDetails?: TransferPickupDetails;
  images?: TransferImage[];
  /** Supplier remarks and service information to show before booking (verbatim). */
  remarks?: string[];
  /** Luggage allowance as the supplier states it. */
  luggage?: string;
  /** How long the driver waits, in minutes (Hotelbeds customerTransferTimeInfo). */
  waitingMinutes?: number;
  /** Whether `total` buys the vehicle or is the sum of per-person prices (shared shuttles). */
  priceBasis?: 'vehicle' | 'person';
  /** Opaque supplier data needed later, verbatim. */
  supplierData?: Record<string, unknown>;
}

export interface TransferQuote {
  offer: TransferOffer;
  total: Money;
  priceChanged: boolean;
  previousTotal: Money;
  cancellation: CancellationPolicy;
  token: SupplierToken;
  remarks: string[];
  /** The quoted service's pickup details (they may be fuller than the search's). */
  pickupDetails?: TransferPickupDetails;
  /**
   * What the supplier requires at booking beyond the holder's name (Juniper TransferRequiredFields):
   * 'transportNumber', 'transportCompany', 'pickupAddress', 'holderPhone', 'holderEmail', 'paxAges'.
   */
  requiredFields?: TransferRequiredField[];
  supplierData?: Record<string, unknown>;
}

export type TransferRequiredField = 'transportNumber' | 'transportCompany' | 'pickupAddress' | 'holderPhone' | 'holderEmail' | 'paxAges';

/** One leg of a booking request: its quote and the details that go with it. */
export interface TransferBookLeg {
  quote: TransferQuote;
  transport?: TransferTransport;
  /** For an address (GPS) pickup. */
  pickupAddress?: TransferAddress;
}

export interface TransferBookInput {
  quote: TransferQuote;
  holder: Holder;
  clientReference: string;
  /** Arrival/departure transport, e.g. { type: 'FLIGHT', code: 'AV123', companyName: 'Avianca' } (none between two hotels). */
  transport?: { type: 'FLIGHT' | 'CRUISE' | 'TRAIN'; code: string; companyName?: string };
  remarks?: string;
  /**
   * Every leg to book under one supplier reference (round trip: outbound and return). When given it
   * replaces `quote` and `transport` (which then describe its first leg).
   */
  legs?: TransferBookLeg[];
  /** The name on the driver's welcome sign. */
  welcomeMessage?: string;
  /** The passengers, when the supplier wants names and ages (Juniper). */
  paxes?: Traveller[];
}

/** One booked leg as the supplier reports it. */
export interface TransferBookedLeg {
  serviceId: string;
  direction: TransferDirection;
  status: string;
  transferType: 'PRIVATE' | 'SHARED' | null;
  vehicle: string;
  category: string | null;
  from: TransferPoint;
  to: TransferPoint;
  date: string;
  time: string;
  pickupDetails: TransferPickupDetails | null;
  transport: TransferTransport[];
  passengers: { adults: number; children: number; infants: number } | null;
  total: Money | null;
  images: TransferImage[];
  remarks: string[];
  /** The supplier's emergency phone for this service (Hotelbeds sourceMarketEmergencyNumber). */
  emergencyPhone: string | null;
}

export interface TransferBooking extends BookingBase {
  kind: 'transfer';
  transfers: { direction: string; vehicle: string; date: string; time: string }[];
  /** Every leg in full (pickup details, check-pickup, transport, vehicle, passengers). */
  legs?: TransferBookedLeg[];
  /** Supplier company to print on the voucher. */
  supplierCompany?: { name: string; vatNumber?: string };
}

export interface TransferSupplier
  extends ProductSupplier<TransferSearchInput, TransferOffer, TransferQuote, TransferBookInput, TransferBooking> {
  /** Our typed point (contracts) as this supplier locates it; a 422 `POINT_NOT_SERVED` when it cannot. */
  point(p: TransferPointInput): TransferPoint;
}

// ---------------------------------------------------------------- flights

export type FlightServiceType = 'one-way' | 'round-trip' | 'multi-city';

export interface FlightLocation {
  /** IATA airport or city code. */
  code: string;
  type: 'airport' | 'city';
}

export interface FlightSearchInput {
  serviceType: FlightServiceType;
  legs: { from: FlightLocation; to: FlightLocation; date: string }[];
  /** Round trip: the return date (the second leg's date is used when given as a leg). */
  returnDate?: string;
  passengers: { adults: number; children: number; infants: number };
  /** Ages of the children (2–11) and infants (0–1) at travel, sent with their passenger type; one per child/infant when given. */
  childrenAges?: number[];
  cabin?: 'economy' | 'business' | 'promo';
  nonStopOnly?: boolean;
  /** 1-based page of 10 results (spec §9). */
  page?: number;
  /** Offers per page (default 10); a caller that caches and pages the whole result itself asks for more. */
  pageSize?: number;
}

export interface FlightSegment {
  flightNo: string;
  airline: string;
  from: { airport: string; city?: string; at: string };
  to: { airport: string; city?: string; at: string };
  cabin: string;
  /** 1 outbound, 2 return; multi-city legs count from 1. */
  route: number;
  stops: number;
  baggage?: string;
  /** The airline that sells the flight (its code is the flight number's prefix) and the one that flies it. */
  marketingAirline?: FlightAirline;
  operatingAirline?: FlightAirline;
  /** Total time from first departure to last arrival, in minutes, as the supplier states it. */
  durationMinutes?: number;
  /** Days between departure and arrival local dates (+1 = arrives the next day). */
  dayChange?: number;
  /** The flights actually flown (a connection has two or more), with their own numbers, terminals and local times. */
  legs?: FlightLeg[];
  /** Connections between consecutive legs. */
  layovers?: FlightLayover[];
}

export interface FlightAirline {
  /** IATA code (e.g. 'AV'), or the supplier's id when it has none. */
  code: string;
  name: string;
}

export interface FlightLegPoint {
  airport: string;
  airportName?: string;
  city?: string;
  /** Local date-time at the airport, as the supplier sends it (no offset): yyyy-MM-ddTHH:mm:ss. */
  at: string;
  terminal?: string;
}

export interface FlightLeg {
  /** The supplier's segment id (baggage and fare rules refer to it). */
  id?: string;
  flightNo: string;
  marketingAirline?: FlightAirline;
  operatingAirline?: FlightAirline;
  from: FlightLegPoint;
  to: FlightLegPoint;
  durationMinutes?: number;
  /** Booking class letter and cabin name. */
  bookingClass?: string;
  cabin?: string;
  aircraft?: string;
}

export interface FlightLayover {
  airport: string;
  /** Connection time in minutes (arrival of one leg to departure of the next, both local at the same airport). */
  minutes: number;
}

export type FlightPassengerType = 'adult' | 'child' | 'infant';

/** One baggage allowance: checked or cabin, per passenger type, by pieces and/or weight. */
export interface FlightBaggageAllowance {
  passengerType: FlightPassengerType;
  kind: 'checked' | 'cabin';
  pieces?: number;
  weight?: number;
  unit?: 'kg' | 'lb';
  /** The leg it applies to (FlightLeg.id), when the supplier says. */
  legId?: string;
}

/** What the total is made of, per passenger type, taxes and the supplier's service fee. */
export interface FlightPriceBreakdown {
  /** Per passenger type: how many, the price of one, of all of them, and the taxes included in `total`. */
  perPassenger: { type: FlightPassengerType; count: number; unitPrice: Money; total: Money; taxes: Money | null }[];
  /** Fare with taxes, before the service fee. */
  fare: Money;
  /** The supplier's service fee added to the total (TourVisio `fees`); null when none applies. */
  serviceFee: Money | null;
}

/** One leg option of a search (a round trip's outbound or return, a multi-city leg), for pairing in the UI. */
export interface FlightLegOption {
  /** Stable id of this option within the search (flight id + offer). */
  id: string;
  route: number;
  groupKeys: string[];
}

export interface FlightOffer {
  supplier: SupplierId;
  accountId: string;
  serviceType: FlightServiceType;
  segments: FlightSegment[];
  total: Money;
  /** The offers to reserve together (a round trip pairs an outbound and a return offer). */
  offerIds: { groupKey: string | null; offerId: string }[];
  isPackageOffer: boolean;
  token: SupplierToken;
  passengers: { adults: number; children: number; infants: number };
  searchId: string;
  /** Round trip / multi-city: the leg options combined in this offer, in route order; offers that share an outbound id pair with their returns by group key. */
  legOptions?: FlightLegOption[];
  /** The group key the legs were paired under (null for one way). */
  groupKey?: string | null;
  fareBrand?: { code: string; name: string } | null;
  /** Seats the supplier still sells at this fare (the lowest over the legs); null when it does not say. */
  seatsLeft?: number | null;
  baggage?: FlightBaggageAllowance[];
  priceBreakdown?: FlightPriceBreakdown;
  childrenAges?: number[];
}

export interface FlightQuote {
  offer: FlightOffer;
  total: Money;
  priceChanged: boolean;
  previousTotal: Money;
  /** The reservation transaction opened at the supplier (TourVisio transactionId, ~20 min). */
  token: SupplierToken;
  cancellation: CancellationPolicy;
  travellerIds: string[];
  remarks: string[];
  /** Per traveller (in travellerIds order): the fields the supplier requires and the birth dates it accepts. */
  travellerRequirements?: FlightTravellerRequirement[];
  /** Opaque supplier data needed later (TourVisio: the transaction's service ids for fare rules). */
  supplierData?: Record<string, unknown>;
}

/** A supplier field a traveller must fill in (TourVisio `requiredFields`, lower-cased names as sent). */
export interface FlightTravellerRequirement {
  travellerId: string;
  type: FlightPassengerType;
  requiredFields: string[];
  /** Allowed birth dates, yyyy-MM-dd inclusive; null when the supplier sets no bound. */
  birthDateFrom: string | null;
  birthDateTo: string | null;
  titles: string[];
}

/** One fare rule section (penalties, changes, refunds…) as the airline files it. */
export interface FlightFareRule {
  code: string;
  name: string;
  text: string[];
}

export interface FlightBookInput {
  quote: FlightQuote;
  holder: Holder;
  travellers: Traveller[];
  clientReference: string;
  remarks?: string;
  /** The agent was shown the supplier's duplicate-reservation warning and wants to go on. */
  acceptDuplicate?: boolean;
}

export interface FlightBooking extends BookingBase {
  kind: 'flight';
  segments: FlightSegment[];
  paymentStatus: 'paid' | 'unpaid' | 'unknown';
  /** The airline record locator, once ticketed. */
  pnr?: string | null;
  /** Ticket number per passenger, once issued. */
  tickets?: { travellerId: string | null; name: string; surname: string; ticketNumber: string }[];
}

export interface CheckInDatesInput {
  serviceType: FlightServiceType;
  from: FlightLocation;
  to: FlightLocation;
}

export interface FlightSupplier extends ProductSupplier<FlightSearchInput, FlightOffer, FlightQuote, FlightBookInput, FlightBooking> {
  checkInDates(input: CheckInDatesInput, ctx?: CallContext): Promise<string[]>;
  /** Fare rules of a quoted (open transaction) or booked flight. */
  fareRules(of: { quote: FlightQuote } | { ref: SupplierBookingRef }, ctx?: CallContext): Promise<FlightFareRule[]>;
}

// ---------------------------------------------------------------- connection test

export interface ConnectionTestResult {
  ok: boolean;
  /** Per product key pair (Hotelbeds has one per product); Spanish message when not ok. */
  checks: { product: ProductKind | 'account'; ok: boolean; message: string; durationMs: number }[];
}

export interface SupplierAdapterMap {
  hotel: HotelSupplier;
  ticket: TicketSupplier;
  transfer: TransferSupplier;
  flight: FlightSupplier;
}
