import { type VoucherSection, voucherSectionSchema } from './voucher-sections.js';

/** What of a stored voucher the section is read from. */
export interface SectionSource {
  type: 'hotel' | 'ticket' | 'transfer' | 'flight';
  product: Record<string, unknown>;
  start: string | null;
  end: string | null;
  nights: number | null;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const rec = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/**
 * The voucher's section: `product.section` when the booking flow wrote a valid one of the voucher's
 * kind; otherwise read from the fields vouchers stored before sections existed (hotel fields, own
 * tickets' session and participants, own transfers' pickup). Null when nothing usable was stored
 * (a flight without a section has no PNR to show).
 */
export function voucherSectionOf(src: SectionSource): VoucherSection | null {
  // Vouchers stored before sections have none: skip a parse that can only fail (a failed zod parse
  // builds its issues, the dearest part of presenting a voucher list; issue 21).
  if (src.product.section !== undefined) {
    const written = voucherSectionSchema.safeParse(src.product.section);
    if (written.success && written.data.kind === src.type) return written.data;
  }
  const legacy = LEGACY[src.type]?.(src);
  if (!legacy) return null;
  const parsed = voucherSectionSchema.safeParse(legacy);
  return parsed.success ? parsed.data : null;
}

const LEGACY: Partial<Record<SectionSource['type'], (s: SectionSource) => unknown>> = {
  hotel: ({ product: p, start, end, nights }) => ({
    kind: 'hotel',
    name: str(p.name) ?? 'Hotel',
    category: str(p.category),
    destination: str(p.destination),
    address: str(p.address),
    phone: str(p.phone),
    checkIn: start,
    checkOut: end,
    nights,
    board: str(p.board),
    rooms: (Array.isArray(p.rooms) ? p.rooms : []).map((r) => {
      const room = rec(r);
      return {
        name: str(room.name) ?? 'Habitación',
        board: str(room.board),
        adults: num(room.adults),
        children: num(room.children),
        childrenAges: Array.isArray(room.childrenAges) ? room.childrenAges : undefined,
      };
    }),
  }),
  // Own tickets (modules/inventory) store the session and the participants beside the name.
  ticket: ({ product: p, start }) => {
    const ages = Array.isArray(p.childrenAges) ? (p.childrenAges as number[]) : [];
    return {
      kind: 'ticket',
      activity: str(p.name),
      modality: str(p.modality),
      destination: str(p.destination),
      date: start,
      session: str(p.session),
      language: str(p.language),
      participants: { adults: num(p.adults) ?? 0, children: ages.length, ...(ages.length ? { childrenAges: ages } : {}) },
    };
  },
  // Own transfers (modules/inventory) store one pickup: a one-leg transfer.
  transfer: ({ product: p, start }) => {
    const pickup = rec(p.pickup);
    const point = [str(pickup.address), str(pickup.remarks)].filter(Boolean).join(' · ');
    return {
      kind: 'transfer',
      legs: [
        {
          direction: 'outbound',
          from: str(p.origin) ?? '—',
          to: str(p.destination) ?? '—',
          pickup: { date: str(pickup.date) ?? start, time: str(pickup.hour), point: point || undefined },
          vehicle: str(p.vehicle),
          service: str(p.type),
          passengers: num(p.pax) ?? 1,
          transportNumber: str(pickup.flightNumber),
        },
      ],
    };
  },
};
