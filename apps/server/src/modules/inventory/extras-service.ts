import {
  INVENTORY_LIMITS,
  INVENTORY_MESSAGES,
  TICKET_MESSAGES,
  type ticketCapacityBody,
  type ticketProductBody,
  type transferCapacityBody,
  type transferProductBody,
} from '@travesia/contracts';
import Decimal from 'decimal.js';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { TicketProductRow, TransferProductRow, VoucherRow } from '../../db/schema/index.js';
import type { AuthContext } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { FileService } from '../file/service.js';
import { assertBulkRange } from './bulk-range.js';
import type { ExtrasRepository } from './extras-repository.js';
import { toTicketDto } from './ticket-presenter.js';
import { ADULT_AGE, bandOf, bandsOf } from './ticket-rules.js';

const m = INVENTORY_MESSAGES;
const tm = TICKET_MESSAGES;
type TicketInput = z.output<typeof ticketProductBody>;
type TransferInput = z.output<typeof transferProductBody>;
type CapacityInput = z.output<typeof ticketCapacityBody>;
type TransferCapacityInput = z.output<typeof transferCapacityBody>;

/**
 * What an own ticket booking made before own inventory was a provider (decision 0270) stores, so its
 * cancellation can give the places back; new bookings hold capacity in `own_bookings`.
 */
export const CAPACITY_CODE = 'travesia-capacity';

/**
 * What an own transfer booking made by the removed `POST /api/transfer/travesia/book` (decision 0395)
 * stores, so its cancellation can give the vehicle or seats back; new bookings hold capacity in `own_bookings`.
 */
export const TRANSFER_CAPACITY_CODE = 'travesia-transfer-capacity';

/**
 * The row of a ticket as the loader wrote it (decision 0450): sessions as start hours with their own
 * languages aside; age bands, or (a client that sends none) adults and children from `price`,
 * `childPrice` and `childrenAllowed`. With bands, `price` is the adults' band's (the "desde" price) and
 * `childrenAllowed` says whether a band admits under-18s.
 */
function ticketValues(i: TicketInput) {
  const sessions = i.sessions.map((s) => (typeof s === 'string' ? { start: s, languages: [] as string[] } : s));
  const sessionLanguages = Object.fromEntries(sessions.filter((s) => s.languages.length).map((s) => [s.start, s.languages]));
  const bands = (
    i.ageBands ?? bandsOf({ price: i.price ?? '0', childPrice: i.childPrice, childrenAllowed: i.childrenAllowed, maxPeople: i.maxPeople })
  )
    .map((b) => ({ ...b, price: new Decimal(b.price).toFixed(2) }))
    .sort((a, b) => a.ageFrom - b.ageFrom);
  const adults = bandOf(bands, 30) ?? bands[bands.length - 1];
  return {
    ...i,
    sessions: [...new Set(sessions.map((s) => s.start))].sort(),
    sessionLanguages,
    ageBands: bands,
    price: i.ageBands ? adults.price : (i.price ?? adults.price),
    childPrice: i.ageBands ? null : i.childPrice,
    childrenAllowed: i.ageBands ? bands.some((b) => b.ageFrom < ADULT_AGE) : i.childrenAllowed,
  };
}

/**
 * Own tickets and transfers in the back office (products:manage): products, capacity calendars, and
 * the capacity given back when a voucher booked before own inventory was a provider is cancelled.
 * Searching and booking them is the booking engine's (decisions 0270, 0280, 0395).
 */
export class ExtrasService {
  constructor(
    private readonly deps: {
      repo: ExtrasRepository;
      files: FileService;
    },
  ) {}

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
  /** The loader's view of a ticket: its place's name and time zone (sessions and cut-off are read in it). */
  async ticketDto(row: TicketProductRow) {
    const place = (await this.deps.repo.placeNames([row.placeId])).get(row.placeId);
    return toTicketDto(row, place?.name, place?.timeZone);
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
}
