import { type FlightSection, flightSectionSchema } from '@travesia/contracts';
import type { ProductSummaryData } from '../../../db/schema/index.js';
import type { BookingBase, FlightBooking, FlightLeg, FlightSegment } from '../../../suppliers/index.js';

const FLIGHT_NO = /^([A-Z0-9]{2})\s?(\d{1,5}[A-Z]?)$/;
const minute = (at: string) => at.slice(0, 16);

/** The flights actually flown: a connection's legs, else the segment itself. */
function flown(s: FlightSegment): FlightSection['segments'] {
  const legs: Pick<FlightLeg, 'flightNo' | 'from' | 'to' | 'marketingAirline' | 'operatingAirline' | 'cabin' | 'bookingClass'>[] = s.legs
    ?.length
    ? s.legs
    : [
        {
          flightNo: s.flightNo,
          from: s.from,
          to: s.to,
          marketingAirline: s.marketingAirline,
          operatingAirline: s.operatingAirline,
          cabin: s.cabin,
        },
      ];
  return legs.flatMap((l) => {
    const m = FLIGHT_NO.exec(l.flightNo.toUpperCase());
    if (!m) return [];
    const operated =
      l.operatingAirline && l.operatingAirline.code !== (l.marketingAirline?.code ?? m[1]) ? l.operatingAirline.name : undefined;
    return [
      {
        carrier: m[1],
        ...(l.marketingAirline?.name ? { carrierName: l.marketingAirline.name } : {}),
        flightNumber: m[2],
        ...(operated ? { operatedBy: operated } : {}),
        from: { code: l.from.airport, ...('terminal' in l.from && l.from.terminal ? { terminal: l.from.terminal } : {}) },
        to: { code: l.to.airport, ...('terminal' in l.to && l.to.terminal ? { terminal: l.to.terminal } : {}) },
        departure: minute(l.from.at),
        arrival: minute(l.to.at),
        ...(l.cabin ? { cabin: l.cabin } : {}),
        ...(l.bookingClass ? { bookingClass: l.bookingClass } : {}),
      },
    ];
  });
}

/**
 * A booked flight's voucher: the PNR, each passenger's ticket and the flown segments with terminals
 * (the voucher's flight section, issue 13), kept with the product summary recorded at pre-reservation.
 */
export function flightProductAfterBooking(product: ProductSummaryData, booking: BookingBase): ProductSummaryData | undefined {
  if (booking.kind !== 'flight') return undefined;
  const f = booking as FlightBooking;
  const travellers = (product.travellers as { type?: 'adult' | 'child' | 'infant' }[] | undefined) ?? [];
  const tickets = f.tickets ?? [];
  const passengers = tickets.map((t, i) => ({
    name: `${t.name} ${t.surname}`.trim(),
    type: travellers[i]?.type ?? 'adult',
    ticketNumber: t.ticketNumber,
  }));
  const section = {
    kind: 'flight' as const,
    pnr: f.pnr ?? '',
    segments: f.segments.flatMap(flown),
    passengers,
  };
  const parsed = flightSectionSchema.safeParse(section);
  return {
    ...product,
    pnr: f.pnr ?? null,
    tickets,
    ...(parsed.success ? { section: parsed.data } : {}),
  };
}
