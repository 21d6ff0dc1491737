import { FLIGHT_PASSENGER_LABELS, type FlightSection, flightSectionSchema } from '@travesia/contracts';
import type { ProductSummaryData } from '../../../db/schema/index.js';
import type {
  BookingBase,
  FlightBaggageAllowance,
  FlightBooking,
  FlightFareRule,
  FlightLeg,
  FlightPassengerType,
  FlightSegment,
} from '../../../suppliers/index.js';

interface NamedPoint {
  airport: string;
  airportName?: string | null;
}

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

/** One allowance in words: '1 pieza de 23 kg en bodega', '10 kg de mano', 'sin equipaje en bodega'. */
function allowanceText(b: FlightBaggageAllowance): string {
  const where = b.kind === 'checked' ? 'en bodega' : 'de mano';
  const pieces = b.pieces ? `${b.pieces} ${b.pieces === 1 ? 'pieza' : 'piezas'}` : '';
  const weight = b.weight ? `${b.weight} ${b.unit ?? 'kg'}` : '';
  if (!pieces && !weight) return `sin equipaje ${where}`;
  return `${[pieces, weight].filter(Boolean).join(' de ')} ${where}`;
}

/** A passenger type's allowances (the same allowance on several legs said once), checked first. */
export function baggageText(all: FlightBaggageAllowance[], type: FlightPassengerType): string | undefined {
  const mine = all.filter((b) => b.passengerType === type).sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'checked' ? -1 : 1));
  const texts = [...new Set(mine.map(allowanceText))];
  return texts.length ? texts.join(', ').slice(0, 200) : undefined;
}

const clip = (t: string, max: number) => (t.length > max ? `${t.slice(0, max - 1)}…` : t);

/**
 * A booked flight's voucher: the PNR, each passenger's ticket and the flown segments with terminals
 * (the voucher's flight section, issue 13), kept with the product summary recorded at pre-reservation.
 */
export function flightProductAfterBooking(product: ProductSummaryData, booking: BookingBase): ProductSummaryData | undefined {
  if (booking.kind !== 'flight') return undefined;
  const f = booking as FlightBooking;
  const travellers = (product.travellers as { type?: 'adult' | 'child' | 'infant' }[] | undefined) ?? [];
  const tickets = f.tickets ?? [];
  const baggage = (product.baggage as FlightBaggageAllowance[] | undefined) ?? [];
  const passengers = tickets.map((t, i) => {
    const type = travellers[i]?.type ?? 'adult';
    const bags = baggageText(baggage, type);
    return { name: `${t.name} ${t.surname}`.trim(), type, ticketNumber: t.ticketNumber, ...(bags ? { baggage: bags } : {}) };
  });
  const byType = [...new Set(passengers.map((p) => p.type))]
    .map((type) => {
      const bags = baggageText(baggage, type);
      return bags ? `${FLIGHT_PASSENGER_LABELS[type]}: ${bags}` : '';
    })
    .filter(Boolean)
    .join('; ');
  // Airport names as the search showed them (the reservation detail gives codes only).
  const names = new Map<string, string>();
  for (const seg of (product.segments as { legs?: { from: NamedPoint; to: NamedPoint }[]; from: NamedPoint; to: NamedPoint }[]) ?? [])
    for (const p of [seg.from, seg.to, ...(seg.legs ?? []).flatMap((l) => [l.from, l.to])])
      if (p?.airport && p.airportName) names.set(p.airport, clip(p.airportName, 200));
  const named = (a: FlightSection['segments'][number]['from']) => (names.has(a.code) ? { ...a, name: names.get(a.code) } : a);
  const brand = (product.fareBrand as { name?: string } | null | undefined)?.name;
  const rules = ((product.fareRules as FlightFareRule[] | undefined) ?? [])
    .map((r) => ({ name: clip(r.name || r.code, 200), text: clip(r.text.join(' ').trim(), 2000) }))
    .filter((r) => r.name && r.text)
    .slice(0, 20);
  const section = {
    kind: 'flight' as const,
    pnr: f.pnr ?? '',
    segments: f.segments.flatMap(flown).map((g) => ({ ...g, from: named(g.from), to: named(g.to) })),
    passengers,
    ...(byType ? { baggage: clip(byType, 300) } : {}),
    ...(brand ? { fareBrand: clip(brand, 100) } : {}),
    ...(rules.length ? { fareRules: rules } : {}),
  };
  const parsed = flightSectionSchema.safeParse(section);
  return {
    ...product,
    pnr: f.pnr ?? null,
    tickets,
    ...(parsed.success ? { section: parsed.data } : {}),
  };
}
