import { GUIDE_LANGUAGE_LABELS, type GuideLanguage, TICKET_BOOKING_MESSAGES as M } from '@travesia/contracts';
import Decimal from 'decimal.js';
import { AppError } from '../../http/errors.js';
import { SupplierError } from '../errors.js';
import type {
  CallContext,
  SearchResult,
  TicketBookInput,
  TicketBooking,
  TicketLanguage,
  TicketOffer,
  TicketQuote,
  TicketSearchInput,
  TicketSession,
  TicketSupplier,
} from '../types.js';
import { OwnBookingAdapter } from './own-booking-adapter.js';
import type { OwnBookingRecord, OwnTicketOption, OwnTicketRefusal, OwnTicketSession } from './ports.js';

const S = 'travesia' as const;
/** How long an own option is honoured without a re-quote (the inventory's option TTL). */
const OPTION_TTL_MS = 15 * 60_000;
const ALL_DAY = '';

const sessionOf = (s: string): TicketSession => ({ code: s || 'day', name: s || 'Todo el día' });
const sessionCode = (code: string | undefined) => (code === 'day' ? ALL_DAY : (code ?? ALL_DAY));
const languageOf = (code: string): TicketLanguage => ({ code, name: GUIDE_LANGUAGE_LABELS[code as GuideLanguage] ?? code });
/** A session as offered: its own languages and the instant its cut-off closes it (decision 0450). */
const offeredSession = (s: OwnTicketSession): TicketSession => ({
  ...sessionOf(s.session),
  languages: s.languages,
  bookableUntil: s.bookableUntil,
});
/** A re-quote's refusal in Spanish: the cut-off passed (409), an age outside every band (400, the bands now), or no longer sold (409). */
function refusalError(r: OwnTicketRefusal): Error {
  if (r.refused === 'cutoff') return new AppError(409, 'TICKET_CUTOFF_PASSED', M.cutoffPassed('esta actividad para ese día'));
  if (r.refused === 'age-band' && r.age !== undefined)
    return new AppError(
      400,
      'TICKET_AGE_OUTSIDE_BANDS',
      M.ageOutsideBands(r.age, (r.bands ?? []).map((b) => `${b.name} ${b.ageFrom}–${b.ageTo}`).join(', ')),
    );
  return new SupplierError('SUPPLIER_NOT_AVAILABLE', { supplier: S, operation: 'ticket.quote', detail: r.refused });
}

function invalid(operation: string, detail: string) {
  return new SupplierError('SUPPLIER_INVALID_REQUEST', { supplier: S, operation, detail });
}

/**
 * Own tickets behind the supplier contract (docs/decisions/0270): the inventory module answers
 * through `OwnInventoryPort`; `book` takes the session's places keyed by our reference (idempotent),
 * `findByClientReference` lets recovery settle a crash window, `cancel` prices the penalty from the
 * ticket's policy and gives the places back.
 */
export class TravesiaTicketAdapter extends OwnBookingAdapter<TicketBooking> implements TicketSupplier {
  readonly kind = 'ticket' as const;

  async search(input: TicketSearchInput, _ctx?: CallContext): Promise<SearchResult<TicketOffer>> {
    const options = await this.port.tickets.search({
      destination: input.destination,
      from: input.from,
      to: input.to,
      paxAges: input.paxAges,
    });
    const expiresAt = new Date(this.now().getTime() + OPTION_TTL_MS).toISOString();
    const offers = options.map((o) => this.offerOf(o, input.paxAges, expiresAt));
    return { offers, dropped: 0, expiresAt: offers.length ? expiresAt : null, total: offers.length };
  }

  private offerOf(o: OwnTicketOption, paxAges: number[], expiresAt: string): TicketOffer {
    return {
      supplier: S,
      accountId: this.account.id,
      activity: { code: o.ticketId, name: o.name },
      modality: { code: o.ticketId, name: o.name },
      from: o.day,
      to: o.day,
      paxAges,
      total: o.total,
      cancellation: o.cancellation,
      token: { kind: 'travesia-ticket', value: `${o.ticketId}:${o.day}`, expiresAt },
      supplierData: {
        ticketId: o.ticketId,
        day: o.day,
        placeId: o.placeId,
        placeName: o.placeName,
        placeAncestors: o.placeAncestors,
        timeZone: o.timeZone,
        // An all-day ticket's cut-off (a ticket with sessions has one per session).
        bookableUntil: o.sessions.find((s) => s.session === ALL_DAY)?.bookableUntil,
      },
      availability: 'available',
      duration: durationOf(o.startHour, o.endHour),
      sessions: o.sessions.filter((s) => s.session !== ALL_DAY).map(offeredSession),
      languages: [...new Set(o.sessions.flatMap((s) => s.languages))].map(languageOf),
      ageBands: o.ageBands,
      content: {
        description: o.description,
        inclusions: [],
        exclusions: [],
        importantInfo: [
          o.policyText,
          `Horario: ${o.startHour}–${o.endHour} (hora local, ${o.timeZone})`,
          `Personas por reserva: de ${o.minPeople} a ${o.maxPeople}`,
          ...(o.cutoffMinutes ? [`Se reserva hasta ${o.cutoffMinutes} minutos antes del inicio`] : []),
          `Tarifas por edad: ${o.ageBands.map((b) => `${b.paxType} (${b.ageFrom}–${b.ageTo} años) ${b.amount.amount} ${b.amount.currency}`).join(' · ')}`,
        ],
        images: o.images,
      },
      images: o.images,
    };
  }

  async quote(offer: TicketOffer, _ctx?: CallContext): Promise<TicketQuote> {
    const { ticketId, day } = offer.supplierData as { ticketId?: string; day?: string };
    if (!ticketId || !day) throw invalid('ticket.quote', 'not an own ticket offer');
    const fresh = await this.port.tickets.option(ticketId, day, offer.paxAges);
    if ('refused' in fresh) throw refusalError(fresh);
    const expiresAt = new Date(this.now().getTime() + OPTION_TTL_MS).toISOString();
    const current = this.offerOf(fresh, offer.paxAges, expiresAt);
    return {
      offer: current,
      total: current.total,
      priceChanged: !new Decimal(current.total.amount).eq(offer.total.amount) || current.total.currency !== offer.total.currency,
      previousTotal: offer.total,
      cancellation: current.cancellation,
      token: current.token,
      remarks: [fresh.policyText],
      availability: 'available',
      sessions: current.sessions,
      languages: current.languages,
      ageBands: current.ageBands,
      bandsBind: true,
      bookableUntil: (current.supplierData as { bookableUntil?: string }).bookableUntil,
      content: current.content,
      supplierData: current.supplierData,
    };
  }

  async book(input: TicketBookInput, _ctx?: CallContext): Promise<TicketBooking> {
    const q = input.quote;
    const { ticketId, day } = q.offer.supplierData as { ticketId: string; day: string };
    const sessions = q.sessions ?? [];
    if (sessions.length && !sessions.some((s) => s.code === input.session)) throw invalid('ticket.book', 'session required');
    if (!sessions.length && input.session && input.session !== 'day') throw invalid('ticket.book', 'the ticket has no sessions');
    const chosen = sessions.find((s) => s.code === input.session);
    const languages = chosen?.languages ?? (q.languages ?? []).map((l) => l.code);
    if (languages.length ? !input.language || !languages.includes(input.language) : input.language)
      throw invalid('ticket.book', 'language not offered by the session');
    if (input.paxes.length !== q.offer.paxAges.length) throw invalid('ticket.book', 'one participant per searched age');
    const session = sessionCode(input.session);
    const result = await this.port.bookings.take({
      clientReference: input.clientReference,
      hold: { kind: 'ticket', productId: ticketId, day, session, units: q.offer.paxAges.length },
      total: q.total,
      cancellation: q.cancellation,
      holder: { name: input.holder.name, surname: input.holder.surname },
      details: {
        name: q.offer.activity.name,
        session: session || null,
        language: input.language ?? null,
        paxes: input.paxes.map((p) => ({ name: p.name, surname: p.surname, age: p.age, type: p.type })),
      },
    });
    if (!result.ok) throw new SupplierError('SUPPLIER_NOT_AVAILABLE', { supplier: S, operation: 'ticket.book', detail: result.reason });
    return this.bookingOf(result.booking);
  }

  protected bookingOf(b: OwnBookingRecord): TicketBooking {
    const d = b.details as { name?: string; session?: string | null; language?: string | null; paxes?: TicketBooking['paxes'] };
    return {
      ...this.baseOf(b),
      kind: 'ticket',
      activity: { code: b.hold.productId, name: d.name ?? '' },
      from: b.hold.day,
      to: b.hold.day,
      session: d.session ? sessionOf(d.session) : null,
      language: d.language ? languageOf(d.language) : null,
      paxes: d.paxes ?? [],
    };
  }
}

/** The duration of a ticket's opening hours ('09:00'–'13:30' → 4.5 hours), when both are times. */
function durationOf(start: string, end: string): { value: number; unit: string } | undefined {
  const m = (t: string) => /^(\d{2}):(\d{2})$/.exec(t);
  const a = m(start);
  const b = m(end);
  if (!a || !b) return undefined;
  const minutes = Number(b[1]) * 60 + Number(b[2]) - (Number(a[1]) * 60 + Number(a[2]));
  return minutes > 0 ? { value: minutes / 60, unit: 'HOURS' } : undefined;
}
