import { z } from 'zod';

/**
 * What a voucher shows about the service itself, one section per product kind (issue 13 item 6,
 * docs/decisions/0206). A booking flow writes its section into the voucher's product summary as
 * `product.section` (validated with these schemas when recorded); the detail page, the printable
 * voucher and the PDF render it. Vouchers recorded before sections existed are read by
 * `voucherSectionOf` (voucher-section-read.ts) from the fields they stored.
 *
 * Conventions: dates 'yyyy-MM-dd'; times 'HH:mm' local to the place of the service (never shifted to
 * the reader's zone: a pickup at 10:30 in Cancún is 10:30 on every screen); Spanish free text as the
 * supplier or the operator gave it; every field optional unless a traveller could not use the voucher
 * without it.
 */

const text = (max: number) => z.string().trim().min(1).max(max);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Fecha no válida (yyyy-MM-dd)' });
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Hora no válida (HH:mm)' });

/** Whom the traveller calls when something goes wrong on the day (the supplier's or the local operator's line). */
export const emergencyContactSchema = z.object({
  name: text(200).optional(),
  phone: text(60).optional(),
  email: text(254).optional(),
  /** When the line answers ('24 horas', 'Lunes a viernes 8:00–18:00'). */
  hours: text(100).optional(),
});
export type EmergencyContact = z.infer<typeof emergencyContactSchema>;

/** Shared by every kind. */
const common = {
  /** Shown on the voucher and the PDF when known; absent means the supplier gave none. */
  emergencyContact: emergencyContactSchema.optional(),
};

export const hotelRoomSectionSchema = z.object({
  name: text(200),
  board: text(100).optional(),
  adults: z.number().int().min(0).max(20).optional(),
  children: z.number().int().min(0).max(20).optional(),
  childrenAges: z.array(z.number().int().min(0).max(17)).max(20).optional(),
});

/** A hotel stay: the hotel, the dates and the rooms (what the voucher showed before sections). */
export const hotelSectionSchema = z.object({
  kind: z.literal('hotel'),
  name: text(300),
  category: text(50).optional(),
  destination: text(200).optional(),
  address: text(300).optional(),
  phone: text(60).optional(),
  checkIn: day.nullable(),
  checkOut: day.nullable(),
  nights: z.number().int().min(0).nullable(),
  board: text(100).optional(),
  rooms: z.array(hotelRoomSectionSchema).max(20),
  ...common,
});

/** Who takes part in an activity. */
export const participantsSchema = z.object({
  adults: z.number().int().min(0).max(100),
  children: z.number().int().min(0).max(100).default(0),
  childrenAges: z.array(z.number().int().min(0).max(17)).max(100).optional(),
  /** Named participants when the supplier needs them (Hotelbeds activities ask a name per pax). */
  names: z.array(text(200)).max(100).optional(),
});

/** A ticket or activity: what, which modality, when (day and session), in which language and where to meet. */
export const ticketSectionSchema = z.object({
  kind: z.literal('ticket'),
  activity: text(300),
  /** The option booked inside the activity ('Entrada general', 'Tour en inglés con traslado'). */
  modality: text(300).optional(),
  destination: text(200).optional(),
  date: day,
  /** The session's start ('09:30') or its name when the supplier gives no time ('Mañana'). */
  session: text(60).optional(),
  /** Guide or commentary language, as a label ('Español'). */
  language: text(60).optional(),
  meetingPoint: z
    .object({
      description: text(1000).optional(),
      address: text(300).optional(),
      /** 'lat,lng' when the supplier gives coordinates. */
      coordinates: text(60).optional(),
    })
    .optional(),
  participants: participantsSchema,
  /** How the traveller redeems it ('Presentar este voucher impreso', 'Código QR en la entrada'). */
  redemption: text(500).optional(),
  /**
   * The supplier's own documents for this booking (Hotelbeds `activities[].vouchers`): they carry the
   * provider's QR or barcode, and handing them to the traveller is mandatory when present.
   */
  supplierDocuments: z
    .array(
      z.object({
        url: z.url({ protocol: /^https?$/ }).max(2000),
        /** 'PDF', 'HTML' or the supplier's media type. */
        format: text(60).optional(),
        language: text(10).optional(),
      }),
    )
    .max(20)
    .optional(),
  ...common,
});

export const TRANSFER_DIRECTIONS = ['outbound', 'return'] as const;
export const TRANSFER_DIRECTION_LABELS: Record<(typeof TRANSFER_DIRECTIONS)[number], string> = { outbound: 'Ida', return: 'Regreso' };

/** One leg of a transfer: a pickup somewhere, a drop-off somewhere else. */
export const transferLegSchema = z.object({
  direction: z.enum(TRANSFER_DIRECTIONS),
  from: text(300),
  to: text(300),
  pickup: z.object({
    date: day,
    /** Local pickup time; absent when the supplier fixes it later (see `checkPickup`). */
    time: clock.optional(),
    /** Where exactly the driver waits ('Salida de llegadas internacionales, puerta 3', a hotel lobby). */
    point: text(500).optional(),
  }),
  /**
   * The supplier says the pickup time must be confirmed before the day (Hotelbeds `checkPickup`):
   * the voucher prints the instruction, and where to confirm it when given.
   */
  checkPickup: z
    .object({
      instruction: text(1000),
      url: text(500).optional(),
      /** Confirm at least this many hours before the service. */
      hoursBefore: z.number().int().min(0).max(240).optional(),
    })
    .optional(),
  /** Vehicle as a label ('Sedán', 'Van', 'Bus compartido'). */
  vehicle: text(100).optional(),
  /** Private or shared service, as a label ('Privado', 'Compartido'). */
  service: text(100).optional(),
  passengers: z.number().int().min(1).max(100),
  /** The flight (or train, ship) the traveller arrives or leaves on: lets the driver follow a delay. */
  transportNumber: text(20).optional(),
  luggage: text(200).optional(),
});
export type TransferLeg = z.infer<typeof transferLegSchema>;

/** A transfer: one block per leg (a round trip has two). */
export const transferSectionSchema = z.object({
  kind: z.literal('transfer'),
  legs: z.array(transferLegSchema).min(1).max(4),
  ...common,
});

const airport = z.object({
  /** IATA code ('BOG'). */
  code: z.string().regex(/^[A-Z]{3}$/, { error: 'Código IATA no válido' }),
  name: text(200).optional(),
  terminal: text(20).optional(),
});

export const flightSegmentSchema = z.object({
  /** Marketing carrier code and number ('AV 204'). */
  carrier: z.string().regex(/^[A-Z0-9]{2,3}$/, { error: 'Aerolínea no válida' }),
  carrierName: text(100).optional(),
  flightNumber: z.string().regex(/^\d{1,5}[A-Z]?$/, { error: 'Número de vuelo no válido' }),
  operatedBy: text(100).optional(),
  from: airport,
  to: airport,
  /** Local date-times of each airport, 'yyyy-MM-ddTHH:mm'. */
  departure: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/),
  arrival: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/),
  cabin: text(50).optional(),
  bookingClass: text(2).optional(),
  /** Baggage allowance of this segment when it differs per segment ('1 pieza de 23 kg'). */
  baggage: text(200).optional(),
});

export const flightPassengerSchema = z.object({
  name: text(200),
  type: z.enum(['adult', 'child', 'infant']),
  /** The e-ticket number the airline issued (13 digits), once ticketed. */
  ticketNumber: z
    .string()
    .regex(/^\d{3}-?\d{10}$/, { error: 'Número de tiquete no válido' })
    .optional(),
  baggage: text(200).optional(),
});

export const FLIGHT_PASSENGER_LABELS = { adult: 'Adulto', child: 'Niño', infant: 'Infante' } as const;

/** A flight booking: the PNR, each passenger's ticket, each segment with its terminals, the baggage. */
export const flightSectionSchema = z.object({
  kind: z.literal('flight'),
  /** The reservation record locator (GDS or airline). */
  pnr: z.string().regex(/^[A-Z0-9]{5,8}$/, { error: 'PNR no válido' }),
  /** The airline's own locator when it differs from the PNR. */
  airlineLocator: z
    .string()
    .regex(/^[A-Z0-9]{5,8}$/)
    .optional(),
  segments: z.array(flightSegmentSchema).min(1).max(12),
  passengers: z.array(flightPassengerSchema).min(1).max(20),
  /** The fare's baggage allowance for the whole trip ('1 maleta de 23 kg en bodega'). */
  baggage: text(300).optional(),
  /** The fare brand the airline sells ('Basic', 'Flex'). */
  fareBrand: text(100).optional(),
  /** The fare rules in short (changes, refunds, penalties), as the supplier words them. */
  fareRules: z
    .array(z.object({ name: text(200), text: text(2000) }))
    .max(20)
    .optional(),
  ...common,
});

/** The section of a voucher, discriminated by `kind` (the voucher's type). */
export const voucherSectionSchema = z.discriminatedUnion('kind', [
  hotelSectionSchema,
  ticketSectionSchema,
  transferSectionSchema,
  flightSectionSchema,
]);
export type VoucherSection = z.infer<typeof voucherSectionSchema>;
export type HotelSection = z.infer<typeof hotelSectionSchema>;
export type TicketSection = z.infer<typeof ticketSectionSchema>;
export type TransferSection = z.infer<typeof transferSectionSchema>;
export type FlightSection = z.infer<typeof flightSectionSchema>;
