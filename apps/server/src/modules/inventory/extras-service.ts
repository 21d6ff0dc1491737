import {
  describePolicy,
  INVENTORY_LIMITS,
  INVENTORY_MESSAGES,
  TICKET_MESSAGES,
  TRANSFER_MESSAGES,
  TRANSFER_TYPE_LABELS,
  type ticketCapacityBody,
  type ticketProductBody,
  type transferAvailBody,
  type transferBookBody,
  type transferCapacityBody,
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
import type { VoucherService } from '../voucher/service.js';
import { assertBulkRange } from './bulk-range.js';
import { transferPrice, transferUnits } from './extras-pricing.js';
import type { ExtrasRepository } from './extras-repository.js';
import { nationalityOf } from './nationality.js';
import { assertExpectedPrice, assertSameOption, ownOptionRef, ownVoucherPricing, recordOwnBooking } from './own-voucher.js';
import { normalisePolicy } from './policy.js';
import type { InventoryRepository } from './repository.js';
import { OPTION_TTL_MS } from './service.js';

const m = INVENTORY_MESSAGES;
const tm = TICKET_MESSAGES;
type TicketInput = z.output<typeof ticketProductBody>;
type TransferInput = z.output<typeof transferProductBody>;
type CapacityInput = z.output<typeof ticketCapacityBody>;
type TransferAvail = z.output<typeof transferAvailBody>;
type TransferBook = z.output<typeof transferBookBody>;
type TransferCapacityInput = z.output<typeof transferCapacityBody>;

/**
 * What an own ticket booking made before own inventory was a provider (decision 0270) stores, so its
 * cancellation can give the places back; new bookings hold capacity in `own_bookings`.
 */
export const CAPACITY_CODE = 'travesia-capacity';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What a transfer booking stores so a cancellation can give the vehicle or seats back. */
export const TRANSFER_CAPACITY_CODE = 'travesia-transfer-capacity';
const encodeTransferToken = (searchId: string, transferId: string) =>
  Buffer.from(`${searchId}.${transferId}`, 'utf8').toString('base64url');
function decodeTransferToken(token: string) {
  const [searchId, transferId, ...rest] = Buffer.from(token, 'base64url').toString('utf8').split('.');
  if (rest.length || !UUID.test(searchId ?? '') || !UUID.test(transferId ?? '')) return null;
  return { searchId, transferId };
}
type TransferSearchRequest = {
  kind: 'transfer';
  origin: string;
  destination: string;
  date: string;
  hour: string;
  pax: number;
  nationality: string | null;
};

const ticketValues = (i: TicketInput) => ({ ...i, sessions: [...new Set(i.sessions)].sort() });

/**
 * Own tickets and transfers (products:manage), and their travesia searches (search:use). Each answer
 * is priced with the pricing engine (supplier 'travesia', destination = the product's place and its
 * ancestors) and carries the normalised cancellation policy. Both are booked in one transaction (0083, 0086).
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
    assertBulkRange(input.from, input.to);
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

  /** Voucher cancellation hook: a travesia ticket voucher gives its places back, in the cancellation's transaction. */
  async releaseForVoucher(tx: Db, voucher: VoucherRow): Promise<void> {
    if (voucher.provider !== 'travesia' || (voucher.type !== 'ticket' && voucher.type !== 'transfer')) return;
    for (const code of voucher.bookingCodes as Array<Record<string, unknown>>) {
      if (code?.kind === CAPACITY_CODE) {
        const { ticketId, day, session, people } = code as { ticketId: string; day: string; session: string; people: number };
        await this.deps.repo.releaseCapacity(tx, ticketId, day, session, people);
      } else if (code?.kind === TRANSFER_CAPACITY_CODE) {
        const { transferId, day, units } = code as { transferId: string; day: string; units: number };
        await this.deps.repo.releaseTransferCapacity(tx, transferId, day, units);
      }
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

  async setTransferCapacity(input: TransferCapacityInput) {
    const transfer = await this.getTransfer(input.transferId);
    if (input.capacity === undefined && input.stopSale === undefined) throw badRequest(m.nothingToChange);
    assertBulkRange(input.from, input.to);
    const days = await this.deps.repo.setTransferCapacity(transfer.id, input.from, input.to, [...new Set(input.weekdays)], {
      capacity: input.capacity,
      stopSale: input.stopSale,
    });
    return { days };
  }

  async transferCapacityCalendar(transferId: string, from: string, to: string) {
    const transfer = await this.getTransfer(transferId);
    if ((Date.parse(to) - Date.parse(from)) / 86_400_000 + 1 > INVENTORY_LIMITS.maxRangeDays)
      throw badRequest(m.rangeTooLong, { to: m.rangeTooLong });
    return { transfer, days: await this.deps.repo.transferCapacityOf([transfer.id], from, to) };
  }

  private assertTransfersModule(auth: AuthContext) {
    if (auth.agency && !auth.modules.includes('transfers-travesia'))
      throw forbidden('El módulo de traslados travesia no está habilitado para su agencia');
  }

  private priceTransfer(
    ctx: Awaited<ReturnType<PricingService['loadContext']>>,
    t: TransferProductRow,
    destPath: string[],
    a: { date: string; pax: number; total: string; now: Date },
  ) {
    return this.deps.pricing.price(ctx, {
      kind: 'transfer',
      supplier: 'travesia',
      destinationAncestors: [t.destinationId, ...[...destPath].reverse()],
      checkIn: a.date,
      nights: 1,
      paxes: a.pax,
      bookingDate: a.now.toISOString().slice(0, 10),
      cost: { amount: a.total, currency: t.currency },
    });
  }

  /**
   * Transfers between two places on a day and hour for a group: only those operating then, for that
   * group size, with the vehicle or seats left that day (decision 0086). Each carries a booking token.
   */
  async searchTransfers(auth: AuthContext, input: TransferAvail) {
    this.assertTransfersModule(auth);
    const known = await this.deps.repo.placeNames([input.origin, input.destination]);
    if (!known.has(input.origin)) throw badRequest(m.placeNotFound, { origin: m.placeNotFound });
    if (!known.has(input.destination)) throw badRequest(m.destinationUnknown, { destination: m.destinationUnknown });
    const nationality = nationalityOf(input.countryCode);
    const now = this.now();
    const rows = await this.deps.repo.transfersBetween(input.origin, input.destination);
    const left = new Map(
      (
        await this.deps.repo.transferCapacityOf(
          rows.map((r) => r.id),
          input.date,
          input.date,
        )
      )
        .filter((c) => !c.stopSale)
        .map((c) => [c.transferId, c.capacity]),
    );
    const names = await this.deps.repo.placeNames([...new Set(rows.flatMap((r) => [r.originId, r.destinationId]))]);
    const ctx = await this.deps.pricing.loadContext({ agencyId: auth.agency?.id ?? null, userId: auth.user.id, at: now });
    const expiresAt = new Date(now.getTime() + OPTION_TTL_MS);
    const request: TransferSearchRequest = {
      kind: 'transfer',
      origin: input.origin,
      destination: input.destination,
      date: input.date,
      hour: input.hour,
      pax: input.pax,
      nationality: nationality?.code ?? null,
    };
    const searchId = await this.deps.searches.saveSearch({
      agencyId: auth.agency?.id ?? '00000000-0000-0000-0000-000000000000',
      userId: auth.user.id,
      request,
      expiresAt,
    });
    const items = [];
    for (const t of rows) {
      const price = transferPrice(t, input.date, input.hour, input.pax);
      if (!price.ok) continue;
      const capacity = left.get(t.id) ?? 0;
      if (capacity < transferUnits(t.type, input.pax)) continue;
      const dest = names.get(t.destinationId);
      items.push({
        transfer: t,
        originName: names.get(t.originId)?.name ?? '',
        destinationName: dest?.name ?? '',
        typeLabel: TRANSFER_TYPE_LABELS[t.type],
        vehicleLabel: VEHICLE_TYPE_LABELS[t.vehicle],
        capacity,
        token: encodeTransferToken(searchId, t.id),
        expiresAt: expiresAt.toISOString(),
        cost: { amount: price.total, currency: t.currency },
        pricing: this.priceTransfer(ctx, t, dest?.path ?? [], { date: input.date, pax: input.pax, total: price.total, now }),
        cancellation: normalisePolicy(t.policy, { start: input.date, currency: t.currency, now }),
        policyText: describePolicy(t.policy, t.currency),
      });
    }
    items.sort((a, b) => new Decimal(a.pricing.price).cmp(b.pricing.price));
    return items;
  }

  /**
   * Books a transfer option (decision 0086): re-prices it for the pickup hour, then in one transaction
   * records the voucher (confirmed, provider 'travesia', pickup details in the product) and takes one
   * vehicle (private) or a seat per passenger (shared) of that day. Nothing left: 409, nothing written.
   */
  async bookTransfer(auth: AuthContext, input: TransferBook): Promise<{ voucher: VoucherRow; created: boolean }> {
    this.assertTransfersModule(auth);
    if (!auth.agency) throw forbidden('Solo los usuarios de una agencia pueden reservar');
    const agencyId = auth.agency.id;
    const decoded = decodeTransferToken(input.token);
    if (!decoded) throw badRequest(m.optionInvalid, { token: m.optionInvalid });
    const search = await this.deps.searches.findSearch(decoded.searchId);
    const req = search?.request as TransferSearchRequest | undefined;
    if (!search || req?.kind !== 'transfer' || search.agencyId !== agencyId) throw badRequest(m.optionInvalid, { token: m.optionInvalid });
    const previous = await this.deps.vouchers.findReplay(agencyId, auth.user.id, input.idempotencyKey);
    if (previous) return { voucher: assertSameOption(previous, input.token), created: false };
    const now = this.now();
    if (search.expiresAt.getTime() < now.getTime()) throw new AppError(410, 'OPTION_EXPIRED', m.optionExpired);
    const t = await this.deps.repo.findTransfer(decoded.transferId);
    if (!t?.active) throw conflict(m.noAvailability, 'NO_AVAILABILITY');
    const names = await this.deps.repo.placeNames([t.originId, t.destinationId]);
    const hour = input.pickup.hour ?? req.hour;
    const price = transferPrice(t, req.date, hour, req.pax);
    if (!price.ok && price.reason === 'hour')
      throw badRequest(TRANSFER_MESSAGES.pickupHour, { 'pickup.hour': TRANSFER_MESSAGES.pickupHour });
    if (!price.ok) throw conflict(m.noAvailability, 'NO_AVAILABILITY');
    const ctx = await this.deps.pricing.loadContext({ agencyId, userId: auth.user.id, at: now });
    const pricing = this.priceTransfer(ctx, t, names.get(t.destinationId)?.path ?? [], {
      date: req.date,
      pax: req.pax,
      total: price.total,
      now,
    });
    assertExpectedPrice(input.expectedPrice, pricing);
    const units = transferUnits(t.type, req.pax);
    const policy = normalisePolicy(t.policy, { start: req.date, currency: t.currency, now });
    return recordOwnBooking(
      this.deps,
      auth,
      agencyId,
      {
        type: 'transfer',
        start: req.date,
        end: req.date,
        nights: 0,
        client: input.holder,
        companions: input.companions,
        ...ownVoucherPricing(pricing, policy),
        cost: { net: price.total, currency: t.currency },
        bookingCodes: [{ kind: TRANSFER_CAPACITY_CODE, transferId: t.id, day: req.date, units, pricing }],
        product: {
          name: t.name,
          destination: names.get(t.destinationId)?.name ?? '',
          origin: names.get(t.originId)?.name ?? '',
          type: TRANSFER_TYPE_LABELS[t.type],
          vehicle: VEHICLE_TYPE_LABELS[t.vehicle],
          pax: req.pax,
          pickup: {
            date: req.date,
            hour,
            flightNumber: input.pickup.flightNumber ?? null,
            address: input.pickup.address ?? null,
            remarks: input.pickup.remarks ?? null,
          },
          nationality: req.nationality ?? null,
          policyText: describePolicy(t.policy, t.currency),
        },
        idempotencyKey: input.idempotencyKey,
        quoteRef: ownOptionRef(input.token),
      },
      (tx) => this.deps.repo.takeTransferCapacity(tx, t.id, req.date, units),
    );
  }
}
