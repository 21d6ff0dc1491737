import {
  describePolicy,
  INVENTORY_LIMITS,
  INVENTORY_MESSAGES,
  TICKET_MESSAGES,
  TRANSFER_TYPE_LABELS,
  type ticketAvailBody,
  type ticketBookBody,
  type ticketCapacityBody,
  type ticketProductBody,
  type transferAvailBody,
  type transferProductBody,
  VEHICLE_TYPE_LABELS,
} from '@travesia/contracts';
import Decimal from 'decimal.js';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { TicketProductRow, TransferProductRow, VoucherRow } from '../../db/schema/index.js';
import type { AuthContext } from '../../http/auth.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import type { FileService } from '../file/service.js';
import type { PricingService } from '../pricing/service.js';
import { newBookingReference, type VoucherService } from '../voucher/service.js';
import { ticketPrice, transferPrice } from './extras-pricing.js';
import type { ExtrasRepository } from './extras-repository.js';
import { normalisePolicy } from './policy.js';
import type { InventoryRepository } from './repository.js';
import { OPTION_TTL_MS } from './service.js';

const m = INVENTORY_MESSAGES;
const tm = TICKET_MESSAGES;
type TicketInput = z.output<typeof ticketProductBody>;
type TransferInput = z.output<typeof transferProductBody>;
type CapacityInput = z.output<typeof ticketCapacityBody>;
type TicketAvail = z.output<typeof ticketAvailBody>;
type TransferAvail = z.output<typeof transferAvailBody>;
type TicketBook = z.output<typeof ticketBookBody>;

/** What a ticket booking stores so a cancellation can give the places back. */
export const CAPACITY_CODE = 'travesia-capacity';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const encodeTicketToken = (searchId: string, ticketId: string, session: string) =>
  Buffer.from(`${searchId}.${ticketId}.${session || 'day'}`, 'utf8').toString('base64url');
function decodeTicketToken(token: string) {
  const [searchId, ticketId, session, ...rest] = Buffer.from(token, 'base64url').toString('utf8').split('.');
  if (rest.length || !UUID.test(searchId ?? '') || !UUID.test(ticketId ?? '') || !/^(day|\d{2}:\d{2})$/.test(session ?? '')) return null;
  return { searchId, ticketId, session: session === 'day' ? '' : session };
}

const ticketValues = (i: TicketInput) => ({ ...i, sessions: [...new Set(i.sessions)].sort() });

/**
 * Own tickets and transfers (products:manage), and their travesia searches (search:use). Each answer
 * is priced with the pricing engine (supplier 'travesia', destination = the product's place and its
 * ancestors) and carries the normalised cancellation policy. Booking them is left to the booking issues.
 */
export class ExtrasService {
  constructor(
    private readonly deps: {
      repo: ExtrasRepository;
      searches: InventoryRepository;
      pricing: PricingService;
      files: FileService;
      vouchers: VoucherService;
      db: Db;
      now?: () => Date;
    },
  ) {}
  private now() {
    return this.deps.now?.() ?? new Date();
  }

  private async assertPlaces(ids: string[]) {
    const found = await this.deps.repo.placeNames(ids);
    for (const id of ids) if (!found.has(id)) throw badRequest(m.placeNotFound, { placeId: m.placeNotFound });
  }
  private async assertImages(images: string[]) {
    if ((await this.deps.files.missing(images)).length) throw badRequest('Imagen no encontrada', { images: 'Imagen no encontrada' });
    if (images.length) await this.deps.files.markPublic(images);
  }

  // ------------------------------------------------------------ tickets
  listTickets(q: string | undefined, page: number, limit: number) {
    return this.deps.repo.listTickets(q, page, limit);
  }
  async getTicket(id: string) {
    const row = await this.deps.repo.findTicket(id);
    if (!row) throw notFound(tm.notFound);
    return row;
  }
  async createTicket(actor: AuthContext, input: TicketInput) {
    await this.assertPlaces([input.placeId]);
    await this.assertImages(input.images);
    return this.deps.repo.insertTicket({ ...ticketValues(input), createdBy: actor.user.id });
  }
  async updateTicket(id: string, input: TicketInput) {
    await this.getTicket(id);
    await this.assertPlaces([input.placeId]);
    await this.assertImages(input.images);
    return (await this.deps.repo.updateTicket(id, ticketValues(input))) as TicketProductRow;
  }

  async setCapacity(input: CapacityInput) {
    const ticket = await this.getTicket(input.ticketId);
    if (input.capacity === undefined && input.stopSale === undefined) throw badRequest(m.nothingToChange);
    if ((Date.parse(input.to) - Date.parse(input.from)) / 86_400_000 + 1 > INVENTORY_LIMITS.maxRangeDays)
      throw badRequest(m.rangeTooLong, { to: m.rangeTooLong });
    const all = ticket.sessions.length ? ticket.sessions : [''];
    if (input.session !== undefined && !all.includes(input.session)) throw badRequest(tm.unknownSession, { session: tm.unknownSession });
    const sessions = input.session !== undefined ? [input.session] : all;
    const rows = await this.deps.repo.setCapacity(ticket.id, input.from, input.to, [...new Set(input.weekdays)], sessions, {
      capacity: input.capacity,
      stopSale: input.stopSale,
    });
    return { slots: rows };
  }

  async capacityCalendar(ticketId: string, from: string, to: string) {
    const ticket = await this.getTicket(ticketId);
    if ((Date.parse(to) - Date.parse(from)) / 86_400_000 + 1 > INVENTORY_LIMITS.maxRangeDays)
      throw badRequest(m.rangeTooLong, { to: m.rangeTooLong });
    return { ticket, slots: await this.deps.repo.capacityOf([ticket.id], from, to) };
  }

  async searchTickets(auth: AuthContext, input: TicketAvail) {
    if (auth.agency && !auth.modules.includes('tickets-travesia'))
      throw forbidden('El módulo de tickets travesia no está habilitado para su agencia');
    const dest = await this.deps.repo.placeNames([input.destination]);
    if (!dest.size) throw badRequest(m.destinationUnknown, { destination: m.destinationUnknown });
    const now = this.now();
    const tickets = await this.deps.repo.ticketsWithin(input.destination);
    const slots = await this.deps.repo.capacityOf(
      tickets.map((t) => t.ticket.id),
      input.date,
      input.date,
    );
    const ctx = await this.deps.pricing.loadContext({ agencyId: auth.agency?.id ?? null, userId: auth.user.id, at: now });
    const expiresAt = new Date(now.getTime() + OPTION_TTL_MS);
    const searchId = await this.deps.searches.saveSearch({
      agencyId: auth.agency?.id ?? '00000000-0000-0000-0000-000000000000',
      userId: auth.user.id,
      request: { kind: 'ticket', date: input.date, paxes: input.paxes },
      expiresAt,
    });
    const items = [];
    for (const { ticket, placeName, placePath } of tickets) {
      const price = ticketPrice(ticket, input.paxes.adults, input.paxes.children);
      if (!price.ok) continue;
      const sessions = slots
        .filter((s) => s.ticketId === ticket.id && !s.stopSale && s.capacity >= price.people)
        .filter((s) => (ticket.sessions.length ? ticket.sessions.includes(s.session) : s.session === ''))
        .map((s) => ({
          session: s.session || null,
          capacity: s.capacity,
          token: encodeTicketToken(searchId, ticket.id, s.session),
          expiresAt: expiresAt.toISOString(),
        }));
      if (!sessions.length) continue;
      const pricing = this.deps.pricing.price(ctx, {
        kind: 'ticket',
        supplier: 'travesia',
        destinationAncestors: [ticket.placeId, ...[...placePath].reverse()],
        checkIn: input.date,
        nights: 1,
        paxes: price.people,
        bookingDate: now.toISOString().slice(0, 10),
        cost: { amount: price.total, currency: ticket.currency },
      });
      items.push({
        ticket,
        placeName,
        sessions,
        cost: { amount: price.total, currency: ticket.currency },
        pricing,
        cancellation: normalisePolicy(ticket.policy, { start: input.date, currency: ticket.currency, now }),
        policyText: describePolicy(ticket.policy, ticket.currency),
      });
    }
    items.sort((a, b) => new Decimal(a.pricing.price).cmp(b.pricing.price));
    return items;
  }

  /**
   * Books a ticket option: re-prices it, then in one transaction records the voucher (confirmed,
   * provider 'travesia') and takes the group's places of that day's session. No places: 409.
   */
  async bookTicket(auth: AuthContext, input: TicketBook): Promise<{ voucher: VoucherRow; created: boolean }> {
    if (auth.agency && !auth.modules.includes('tickets-travesia'))
      throw forbidden('El módulo de tickets travesia no está habilitado para su agencia');
    if (!auth.agency) throw forbidden('Solo los usuarios de una agencia pueden reservar');
    const agencyId = auth.agency.id;
    const decoded = decodeTicketToken(input.token);
    if (!decoded) throw badRequest(m.optionInvalid, { token: m.optionInvalid });
    const search = await this.deps.searches.findSearch(decoded.searchId);
    const req = search?.request as { kind?: string; date: string; paxes: TicketAvail['paxes'] } | undefined;
    if (!search || !req || req.kind !== 'ticket' || search.agencyId !== agencyId)
      throw badRequest(m.optionInvalid, { token: m.optionInvalid });
    const previous = await this.deps.vouchers.findByIdempotencyKey(agencyId, input.idempotencyKey);
    if (previous) return { voucher: previous, created: false };
    const now = this.now();
    if (search.expiresAt.getTime() < now.getTime()) throw new AppError(410, 'OPTION_EXPIRED', m.optionExpired);
    const ticket = await this.deps.repo.findTicket(decoded.ticketId);
    const place = ticket ? (await this.deps.repo.placeNames([ticket.placeId])).get(ticket.placeId) : undefined;
    if (!ticket?.active || !place) throw conflict(m.noAvailability, 'NO_AVAILABILITY');
    const price = ticketPrice(ticket, req.paxes.adults, req.paxes.children);
    if (!price.ok) throw conflict(m.noAvailability, 'NO_AVAILABILITY');
    const pricing = this.deps.pricing.price(await this.deps.pricing.loadContext({ agencyId, userId: auth.user.id, at: now }), {
      kind: 'ticket',
      supplier: 'travesia',
      destinationAncestors: [ticket.placeId, ...[...place.path].reverse()],
      checkIn: req.date,
      nights: 1,
      paxes: price.people,
      bookingDate: now.toISOString().slice(0, 10),
      cost: { amount: price.total, currency: ticket.currency },
    });
    const expected = input.expectedPrice;
    if (expected && (expected.currency !== pricing.currency || !new Decimal(expected.amount).eq(pricing.price)))
      throw new AppError(409, 'PRICE_CHANGED', m.priceChanged, { price: `${pricing.price} ${pricing.currency}` });
    const policy = normalisePolicy(ticket.policy, { start: req.date, currency: ticket.currency, now });
    const reference = newBookingReference();
    const outcome = await this.deps.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const recorded = await this.deps.vouchers.record(
        {
          agencyId,
          userId: auth.user.id,
          type: 'ticket',
          integrator: 'travesia',
          provider: 'travesia',
          status: 'confirmed',
          start: req.date,
          end: req.date,
          nights: 0,
          client: { name: input.holder.name, surname: input.holder.surname, email: input.holder.email, phone: input.holder.phone },
          companions: input.companions,
          price: { gross: pricing.price, currency: pricing.currency },
          cost: { net: price.total, currency: ticket.currency },
          markups: pricing.steps.map((st) => ({
            name: st.scope,
            type: st.kind,
            value: st.value,
            amount: st.amount,
            currency: pricing.currency,
          })),
          commission: pricing.commission ? { amount: pricing.commission.amount, currency: pricing.currency } : null,
          usdRate: pricing.usdRate,
          bookingCodes: [
            { kind: CAPACITY_CODE, ticketId: ticket.id, day: req.date, session: decoded.session, people: price.people, pricing },
          ],
          policies: policy.rules.map(({ from, amount, percent, nights, currency }) => ({
            from,
            ...(amount !== undefined ? { amount } : {}),
            ...(percent !== undefined ? { percent } : {}),
            ...(nights !== undefined ? { nights } : {}),
            currency,
          })),
          product: {
            name: ticket.name,
            destination: place.name,
            session: decoded.session || null,
            adults: req.paxes.adults,
            childrenAges: req.paxes.children,
            policyText: describePolicy(ticket.policy, ticket.currency),
          },
          externalBookingReference: reference,
          locator: reference,
          idempotencyKey: input.idempotencyKey,
        },
        { tx, actor: { kind: 'user', userId: auth.user.id, name: `${auth.user.profile.name} ${auth.user.profile.lastName}`.trim() } },
      );
      if (!recorded.created) return recorded;
      if (!(await this.deps.repo.takeCapacity(tx, ticket.id, req.date, decoded.session, price.people)))
        throw conflict(m.noAvailability, 'NO_AVAILABILITY');
      return recorded;
    });
    if (outcome.created) this.deps.vouchers.notifyRecorded(outcome.voucher, undefined);
    return { voucher: outcome.voucher, created: outcome.created };
  }

  /** Voucher cancellation hook: a travesia ticket voucher gives its places back, in the cancellation's transaction. */
  async releaseForVoucher(tx: Db, voucher: VoucherRow): Promise<void> {
    if (voucher.provider !== 'travesia' || voucher.type !== 'ticket') return;
    for (const code of voucher.bookingCodes as Array<Record<string, unknown>>) {
      if (code?.kind !== CAPACITY_CODE) continue;
      const { ticketId, day, session, people } = code as { ticketId: string; day: string; session: string; people: number };
      await this.deps.repo.releaseCapacity(tx, ticketId, day, session, people);
    }
  }

  // ------------------------------------------------------------ transfers
  listTransfers(q: string | undefined, page: number, limit: number) {
    return this.deps.repo.listTransfers(q, page, limit);
  }
  async getTransfer(id: string) {
    const row = await this.deps.repo.findTransfer(id);
    if (!row) throw notFound(tm.notFound);
    return row;
  }
  async createTransfer(actor: AuthContext, input: TransferInput) {
    await this.assertPlaces([input.originId, input.destinationId]);
    await this.assertImages(input.images);
    return this.deps.repo.insertTransfer({ ...input, days: [...new Set(input.days)].sort(), createdBy: actor.user.id });
  }
  async updateTransfer(id: string, input: TransferInput) {
    await this.getTransfer(id);
    await this.assertPlaces([input.originId, input.destinationId]);
    await this.assertImages(input.images);
    return (await this.deps.repo.updateTransfer(id, { ...input, days: [...new Set(input.days)].sort() })) as TransferProductRow;
  }

  async searchTransfers(auth: AuthContext, input: TransferAvail) {
    if (auth.agency && !auth.modules.includes('transfers-travesia'))
      throw forbidden('El módulo de traslados travesia no está habilitado para su agencia');
    const known = await this.deps.repo.placeNames([input.origin, input.destination]);
    if (!known.has(input.origin)) throw badRequest(m.placeNotFound, { origin: m.placeNotFound });
    if (!known.has(input.destination)) throw badRequest(m.destinationUnknown, { destination: m.destinationUnknown });
    const now = this.now();
    const rows = await this.deps.repo.transfersBetween(input.origin, input.destination);
    const names = await this.deps.repo.placeNames([...new Set(rows.flatMap((r) => [r.originId, r.destinationId]))]);
    const ctx = await this.deps.pricing.loadContext({ agencyId: auth.agency?.id ?? null, userId: auth.user.id, at: now });
    const items = [];
    for (const t of rows) {
      const price = transferPrice(t, input.date, input.hour, input.pax);
      if (!price.ok) continue;
      const dest = names.get(t.destinationId);
      const pricing = this.deps.pricing.price(ctx, {
        kind: 'transfer',
        supplier: 'travesia',
        destinationAncestors: [t.destinationId, ...[...(dest?.path ?? [])].reverse()],
        checkIn: input.date,
        nights: 1,
        paxes: input.pax,
        bookingDate: now.toISOString().slice(0, 10),
        cost: { amount: price.total, currency: t.currency },
      });
      items.push({
        transfer: t,
        originName: names.get(t.originId)?.name ?? '',
        destinationName: dest?.name ?? '',
        typeLabel: TRANSFER_TYPE_LABELS[t.type],
        vehicleLabel: VEHICLE_TYPE_LABELS[t.vehicle],
        cost: { amount: price.total, currency: t.currency },
        pricing,
        cancellation: normalisePolicy(t.policy, { start: input.date, currency: t.currency, now }),
        policyText: describePolicy(t.policy, t.currency),
      });
    }
    items.sort((a, b) => new Decimal(a.pricing.price).cmp(b.pricing.price));
    return items;
  }
}
