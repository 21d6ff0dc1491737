import {
  BOARD_CODES,
  BOARD_LABELS,
  type BoardCode,
  CATALOGUE_MESSAGES,
  type CatalogueItemDto,
  type catalogueItemCreateBody,
  type catalogueItemUpdateBody,
  HOTEL_CATALOGUE_KINDS,
  type HotelCatalogueDto,
} from '@travesia/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type HotelCatalogueItemRow, hotelCatalogueItems } from '../../db/schema/index.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';

const cm = CATALOGUE_MESSAGES;
type CreateInput = z.output<typeof catalogueItemCreateBody>;
type UpdateInput = z.output<typeof catalogueItemUpdateBody>;

export const toCatalogueItemDto = (r: HotelCatalogueItemRow): CatalogueItemDto => ({
  _id: r.id,
  kind: r.kind,
  code: r.code,
  label: r.label,
  ageFrom: r.ageFrom,
  ageTo: r.ageTo,
  active: r.active,
});

const isUniqueViolation = (err: unknown) =>
  (err as { code?: string })?.code === '23505' || (err as { cause?: { code?: string } })?.cause?.code === '23505';

/**
 * The hotel configuration catalogues (decision 0089): boards (the standard codes; only activated or
 * deactivated), amenities, room features and child age bands, edited by products:manage and read by
 * the hotel form. Items are deactivated, never deleted: hotels keep the texts they chose.
 */
export class HotelCatalogueService {
  constructor(private readonly db: Db) {}

  async all(): Promise<HotelCatalogueDto> {
    const rows = await this.db
      .select()
      .from(hotelCatalogueItems)
      .orderBy(asc(hotelCatalogueItems.kind), asc(hotelCatalogueItems.position), asc(hotelCatalogueItems.label));
    const out = Object.fromEntries(HOTEL_CATALOGUE_KINDS.map((k) => [k, [] as CatalogueItemDto[]])) as HotelCatalogueDto;
    for (const r of rows) out[r.kind].push(toCatalogueItemDto(r));
    return out;
  }

  async create(input: CreateInput): Promise<HotelCatalogueItemRow> {
    let code: BoardCode | null = null;
    let label = input.label;
    if (input.kind === 'board') {
      // Boards are the spec's and the suppliers' five: one can only be re-added if it is missing.
      if (!input.code || !(BOARD_CODES as readonly string[]).includes(input.code.toUpperCase()))
        throw badRequest(cm.boardCode, { code: cm.boardCode });
      code = input.code.toUpperCase() as BoardCode;
      label = BOARD_LABELS[code];
    } else if (input.code) throw badRequest(cm.boardCode, { code: cm.boardCode });
    const [{ next }] = await this.db
      .select({ next: sql<number>`coalesce(max(${hotelCatalogueItems.position}) + 1, 0)::int` })
      .from(hotelCatalogueItems)
      .where(eq(hotelCatalogueItems.kind, input.kind));
    try {
      const [row] = await this.db
        .insert(hotelCatalogueItems)
        .values({
          kind: input.kind,
          code,
          label,
          ageFrom: input.ageFrom ?? null,
          ageTo: input.ageTo ?? null,
          active: input.active,
          position: next,
        })
        .returning();
      return row;
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(cm.duplicate, 'DUPLICATE');
      throw err;
    }
  }

  async update(id: string, input: UpdateInput): Promise<HotelCatalogueItemRow> {
    const [current] = await this.db.select().from(hotelCatalogueItems).where(eq(hotelCatalogueItems.id, id)).limit(1);
    if (!current) throw notFound(cm.notFound);
    if (current.kind === 'board' && input.label !== current.label) throw badRequest(cm.boardLabel, { label: cm.boardLabel });
    const band = current.kind === 'child-age-band';
    if (!band && (input.ageFrom !== undefined || input.ageTo !== undefined))
      throw badRequest(cm.agesOnlyForBands, { ageFrom: cm.agesOnlyForBands });
    const ageFrom = band ? (input.ageFrom ?? current.ageFrom) : null;
    const ageTo = band ? (input.ageTo ?? current.ageTo) : null;
    if (band && (ageFrom === null || ageTo === null || ageFrom > ageTo)) throw badRequest(cm.ages, { ageTo: cm.ages });
    try {
      const [row] = await this.db
        .update(hotelCatalogueItems)
        .set({ label: input.label, ageFrom, ageTo, active: input.active, updatedAt: new Date() })
        .where(eq(hotelCatalogueItems.id, id))
        .returning();
      return row;
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(cm.duplicate, 'DUPLICATE');
      throw err;
    }
  }
}
