import { z } from 'zod';

/**
 * Shapes of TourVisio's pricesearch reply (flightproduct.md "OneWay / Roundtrip (Recommended) /
 * Multicity Response Sample"), as much as we read of them. Parts an offer can be priced without
 * (breakdown, baggage, brand, seats, legs) are parsed on their own, so a malformed one loses only
 * that detail, never the offer.
 */
export const priceSchema = z.object({ amount: z.union([z.number(), z.string()]), currency: z.string() });

export const airlineSchema = z.object({
  id: z.string().optional(),
  internationalCode: z.string().optional(),
  name: z.string().optional(),
});

const placeSchema = z.object({
  airport: z.object({ code: z.string().optional(), id: z.string().optional(), name: z.string().optional() }),
  city: z.object({ name: z.string().optional() }).optional(),
  date: z.string(),
});

/** baggageType 1 Checkin, 2 Hand; unitType 0 KG, 1 LB, 2 Piece; passengerType 1 Adult, 2 Child, 3 Infant (enumarations.md). */
export const baggageSchema = z.object({
  segmentId: z.string().optional(),
  weight: z.number().optional(),
  piece: z.number().optional(),
  /** Not documented; our simulator used to send it instead of `piece`. */
  baggagePiece: z.number().optional(),
  baggageType: z.number().optional(),
  unitType: z.number().optional(),
  passengerType: z.number().optional(),
});
export type WireBaggage = z.infer<typeof baggageSchema>;

/** One flown flight of an item (`items[].segments[]`); `departureTerminal` is in the deprecated round-trip sample, `arrivalTerminal` is our guess. */
export const legSchema = z.object({
  id: z.string().optional(),
  flightNo: z.string(),
  airline: airlineSchema.optional(),
  marketingAirline: airlineSchema.optional(),
  departure: placeSchema,
  arrival: placeSchema,
  duration: z.number().optional(),
  flightClass: z.object({ name: z.string().optional(), code: z.string().optional(), id: z.string().optional() }).optional(),
  aircraft: z.string().optional(),
  departureTerminal: z.string().optional(),
  arrivalTerminal: z.string().optional(),
});
export type WireLeg = z.infer<typeof legSchema>;

/** A flight item: one journey from its first departure to its last arrival (`segments` are its flown flights). */
export const segmentSchema = z.object({
  flightNo: z.string(),
  airline: airlineSchema,
  marketingAirline: airlineSchema.optional(),
  departure: placeSchema,
  arrival: placeSchema,
  flightClass: z.object({ name: z.string().optional() }).optional(),
  route: z.number().int(),
  /** Multi-city: the leg (1..n) of this item; `route` stays 1 (documented multicity sample). */
  segmentNumber: z.number().int().optional(),
  stopCount: z.number().int().min(0).optional(),
  duration: z.number().optional(),
  dayChange: z.number().int().optional(),
  segments: z.array(z.unknown()).optional(),
  baggageInformations: z.array(baggageSchema).optional(),
});
export type WireSegment = z.infer<typeof segmentSchema>;

/** `fees.oneWay` / `fees.roundTrip`: per passenger type items and their sum in `price`. */
const feeSchema = z.object({ price: priceSchema });

// One-way offers carry `offerId`; round-trip and multi-city ones (flightResponseListType 3) carry only
// `offerIds[{groupKey, offerId}]`: the id to book is the one of the groupKey shared with the other legs.
export const offerSchema = z
  .object({
    offerId: z.string().min(1).optional(),
    offerIds: z.array(z.object({ groupKey: z.string().optional(), offerId: z.string().min(1) })).optional(),
    expiresOn: z.string().optional(),
    price: priceSchema,
    groupKeys: z.array(z.string()).optional(),
    isPackageOffer: z.boolean().optional(),
    /** Sent with calculateFlightFees: true; added to the price by the "Calculating the Total Price" rules. */
    fees: z.object({ key: z.string().optional(), oneWay: feeSchema.optional(), roundTrip: feeSchema.optional() }).optional(),
  })
  .refine((o) => o.offerId || o.offerIds?.length, { message: 'offer without offerId' });

/** The offer's details, parsed apart from its price. `price` of a breakdown item is for all `passengerCount` passengers. */
export const offerDetailSchema = z.object({
  priceBreakDown: z
    .object({
      items: z.array(
        z.object({
          passengerType: z.number(),
          passengerCount: z.number().int().min(1),
          price: priceSchema,
          airportTax: priceSchema.optional(),
        }),
      ),
    })
    .optional(),
  seatInfo: z.object({ availableSeatCount: z.number().int().optional() }).optional(),
  baggageInformations: z.array(baggageSchema).optional(),
  flightBrandInfo: z.object({ id: z.string().optional(), name: z.string().optional() }).optional(),
});
export type WireOfferDetail = z.infer<typeof offerDetailSchema>;

export const flightSchema = z.object({ id: z.string(), items: z.array(segmentSchema).min(1), offers: z.array(z.unknown()) });
