import { TICKET_BOOKING_MESSAGES as M, OWN_INVENTORY_ACCOUNT_ID, type TicketCalendar, type TicketCalendarQuery } from '@travesia/contracts';
import type { AuthContext } from '../../http/auth.js';
import type { ResolvedProviderAccount, TicketSupplier } from '../../suppliers/index.js';
import { assertDayRange, earliestDay } from '../booking/days.js';
import { QuoteStore } from '../booking/quote-store.js';

/** What the day picker asks of the ticket flow: the own-inventory account checked for the seller, and its adapter. */
export interface OwnTicketSource {
  account(auth: AuthContext, accountId: string, provider: 'travesia', forceSandbox: boolean): Promise<ResolvedProviderAccount>;
  adapter(account: ResolvedProviderAccount): Pick<TicketSupplier, 'search'>;
}

/**
 * The own tickets' operating days (decision 0440; moved here from the ticket flow, 0720): the days of [from, to] on
 * which some own ticket of the place (or inside it) can be sold to a group of `people`, searched through the
 * own-inventory adapter like any search; the own-ticket route's day picker greys the rest. "Today" is the place's
 * (decision 0450): a day is open while one of its sessions is bookable in the ticket's zone, whatever the UTC date.
 */
export class OwnTicketCalendar {
  constructor(private readonly d: { tickets: OwnTicketSource; places: { place(id: string): Promise<{ id: string }> }; now: () => Date }) {}

  async days(auth: AuthContext, q: TicketCalendarQuery): Promise<TicketCalendar> {
    assertDayRange(q.from, q.to, 31, 'to', M);
    const earliest = earliestDay(this.d.now());
    const account = await this.d.tickets.account(auth, OWN_INVENTORY_ACCOUNT_ID, 'travesia', false);
    const place = await this.d.places.place(q.destination);
    if (q.to < earliest) return { from: q.from, to: q.to, days: [] };
    const from = q.from < earliest ? earliest : q.from;
    const found = await this.d.tickets
      .adapter(account)
      .search({ destination: place.id, from, to: q.to, paxAges: Array<number>(q.people).fill(30) }, { correlationId: QuoteStore.newId() });
    return { from: q.from, to: q.to, days: [...new Set(found.offers.map((o) => o.from))].sort() };
  }
}
