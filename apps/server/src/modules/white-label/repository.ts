import type { PaymentGateway, WhiteLabelStatus } from '@travesia/contracts';
import { and, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { agencies, paymentGateways, places, type WhiteLabelRow, whiteLabels } from '../../db/schema/index.js';
import { escapeLike } from '../../db/sql.js';

export type NewWhiteLabel = typeof whiteLabels.$inferInsert;

export interface WhiteLabelWithAgency {
  wl: WhiteLabelRow;
  agencyName: string;
}

export interface WhiteLabelListFilter {
  agencyId?: string;
  q?: string;
  status?: WhiteLabelStatus;
}

/** Queries of the `white_labels` table (migrations 1000, 1001). */
export class WhiteLabelRepository {
  constructor(private readonly db: Db) {}

  async findById(id: string): Promise<WhiteLabelWithAgency | undefined> {
    const [row] = await this.db
      .select({ wl: whiteLabels, agencyName: agencies.name })
      .from(whiteLabels)
      .innerJoin(agencies, eq(agencies.id, whiteLabels.agencyId))
      .where(eq(whiteLabels.id, id))
      .limit(1);
    return row;
  }

  async list(filter: WhiteLabelListFilter, page: number, limit: number) {
    const conditions: SQL[] = [];
    if (filter.agencyId) conditions.push(eq(whiteLabels.agencyId, filter.agencyId));
    if (filter.status) conditions.push(eq(whiteLabels.status, filter.status));
    if (filter.q) {
      const like = `%${escapeLike(filter.q)}%`;
      const q = or(ilike(whiteLabels.name, like), ilike(whiteLabels.slug, like), ilike(agencies.name, like));
      if (q) conditions.push(q);
    }
    const where = conditions.length ? and(...conditions) : undefined;
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select({ wl: whiteLabels, agencyName: agencies.name })
        .from(whiteLabels)
        .innerJoin(agencies, eq(agencies.id, whiteLabels.agencyId))
        .where(where)
        .orderBy(desc(whiteLabels.createdAt), desc(whiteLabels.id))
        .limit(limit)
        .offset((page - 1) * limit),
      this.db.select({ total: count() }).from(whiteLabels).innerJoin(agencies, eq(agencies.id, whiteLabels.agencyId)).where(where),
    ]);
    return { rows, total };
  }

  /** Which of the given addresses another white label (not `exceptId`) already uses. */
  async taken(values: { slug: string; subdomain: string | null; customDomain: string | null }, exceptId?: string) {
    const any: SQL[] = [eq(whiteLabels.slug, values.slug)];
    if (values.subdomain) any.push(eq(whiteLabels.subdomain, values.subdomain));
    if (values.customDomain) any.push(eq(whiteLabels.customDomain, values.customDomain));
    const others = await this.db
      .select({ slug: whiteLabels.slug, subdomain: whiteLabels.subdomain, customDomain: whiteLabels.customDomain })
      .from(whiteLabels)
      .where(and(or(...any), exceptId ? ne(whiteLabels.id, exceptId) : undefined));
    return {
      slug: others.some((o) => o.slug === values.slug),
      subdomain: !!values.subdomain && others.some((o) => o.subdomain === values.subdomain),
      customDomain: !!values.customDomain && others.some((o) => o.customDomain === values.customDomain),
    };
  }

  async insert(values: NewWhiteLabel): Promise<WhiteLabelRow> {
    const [row] = await this.db.insert(whiteLabels).values(values).returning();
    return row;
  }

  /** The gateway a white label's checkouts use (at most one is active), or null. */
  async activeGateway(id: string): Promise<PaymentGateway | null> {
    const [row] = await this.db
      .select({ gateway: paymentGateways.gateway })
      .from(paymentGateways)
      .where(and(eq(paymentGateways.whiteLabelId, id), eq(paymentGateways.active, true)))
      .limit(1);
    return row?.gateway ?? null;
  }

  async update(id: string, values: Partial<NewWhiteLabel>): Promise<WhiteLabelRow | undefined> {
    const [row] = await this.db
      .update(whiteLabels)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(whiteLabels.id, id))
      .returning();
    return row;
  }

  /** Copies the draft onto the published version in one statement (what was saved is what goes live). */
  async publish(id: string, userId: string): Promise<WhiteLabelRow | undefined> {
    const now = new Date();
    const [row] = await this.db
      .update(whiteLabels)
      .set({ published: sql`${whiteLabels.draft}`, publishedAt: now, updatedAt: now, updatedBy: userId })
      .where(eq(whiteLabels.id, id))
      .returning();
    return row;
  }

  /** A storefront the public may see: active and published. */
  async findLiveBySlug(slug: string): Promise<WhiteLabelRow | undefined> {
    const [row] = await this.db
      .select()
      .from(whiteLabels)
      .where(and(eq(whiteLabels.slug, slug), eq(whiteLabels.status, 'active')))
      .limit(1);
    return row?.published ? row : undefined;
  }

  async findLiveByHost(host: { subdomain?: string; customDomain?: string }): Promise<WhiteLabelRow | undefined> {
    const any: SQL[] = [];
    if (host.subdomain) any.push(eq(whiteLabels.subdomain, host.subdomain));
    if (host.customDomain) any.push(eq(whiteLabels.customDomain, host.customDomain));
    if (!any.length) return undefined;
    const rows = await this.db
      .select()
      .from(whiteLabels)
      .where(and(or(...any), eq(whiteLabels.status, 'active')))
      .limit(2);
    // A custom domain match wins over a subdomain one (they cannot overlap: decision 0320).
    const row = rows.find((r) => host.customDomain && r.customDomain === host.customDomain) ?? rows[0];
    return row?.published ? row : undefined;
  }

  /** Active places among `ids`, with their names and where they are. */
  async places(ids: string[]) {
    if (!ids.length) return [];
    return this.db
      .select({ id: places.id, name: places.name, ancestorNames: places.ancestorNames })
      .from(places)
      .where(and(inArray(places.id, ids), eq(places.active, true)));
  }
}
