import type { SupplierId } from '@travesia/contracts';

/**
 * Default per-operation timeouts in milliseconds (PROTOCOLS.md): Hotelbeds availability 5 s, checkrate
 * 15 s, booking/list/cancel 60 s; Juniper booking 180 s (its fixed confirmation timeout); Restel 10 s, 60 s for 202/3/401.
 * An account overrides any of them with `settings.timeouts[operation]`.
 */
export const DEFAULT_TIMEOUTS: Record<SupplierId, Record<string, number> & { default: number }> = {
  hotelbeds: {
    default: 15_000,
    'account.test': 10_000,
    'hotel.search': 5_000,
    'hotel.quote': 15_000,
    'hotel.book': 60_000,
    'hotel.read': 60_000,
    'hotel.list': 60_000,
    'hotel.cancel': 60_000,
    'hotel.cancel-simulation': 60_000,
    'ticket.search': 15_000,
    'ticket.quote': 15_000,
    'ticket.book': 60_000,
    'ticket.read': 60_000,
    'ticket.list': 60_000,
    'ticket.cancel': 60_000,
    'ticket.cancel-simulation': 60_000,
    'transfer.search': 15_000,
    'transfer.book': 60_000,
    'transfer.read': 60_000,
    'transfer.list': 60_000,
    'transfer.cancel': 60_000,
  },
  juniper: {
    default: 30_000,
    'account.test': 15_000,
    // HotelAvail is asked with TimeOut=8000 ms; leave the service room to answer.
    'hotel.search': 10_000,
    'hotel.quote': 20_000,
    'hotel.rules': 20_000,
    'hotel.book': 180_000,
    'hotel.read': 30_000,
    'hotel.cancel': 60_000,
    'hotel.cancel-simulation': 30_000,
    'static.zones': 60_000,
    'static.content': 60_000,
  },
  // Restel: 10 s for reads; pre-booking (202), confirmation (3), annulment and cancellation (401) 60 s,
  // as Restel integration guides require (a lost answer there is looked up, never resent).
  restel: {
    default: 10_000,
    'hotel.prebook': 60_000,
    'hotel.book': 60_000,
    'hotel.release': 60_000,
    'hotel.cancel': 60_000,
  },
  santsg: {
    default: 30_000,
    'account.test': 15_000,
    'flight.login': 15_000,
    'flight.checkin-dates': 15_000,
    'flight.search': 30_000,
    'flight.book': 90_000,
  },
};

export function timeoutFor(supplier: SupplierId, operation: string, overrides?: Record<string, number>): number {
  const own = overrides?.[operation];
  if (typeof own === 'number' && Number.isFinite(own) && own > 0) return own;
  const table = DEFAULT_TIMEOUTS[supplier];
  return table[operation] ?? table.default;
}
