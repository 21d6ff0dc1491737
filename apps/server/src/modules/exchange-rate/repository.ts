import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type ExchangeRateRow, exchangeRates, users } from '../../db/schema/index.js';

export interface RateWithSetter {
  rate: ExchangeRateRow;
  setByEmail: string | null;
  setByProfile: { name?: string; lastName?: string } | null;
}

export class ExchangeRateRepository {
  constructor(private readonly db: Db) {}

  /** The latest rate of each currency (or of `currencies`) valid at `at`. */
  async validAt(at: Date, currencies?: string[]): Promise<RateWithSetter[]> {
    const filter = currencies?.length
      ? sql`and r.currency in (${sql.join(
          currencies.map((c) => sql`${c}`),
          sql`, `,
        )})`
      : sql``;
    const result = await this.db.execute(sql`
      select distinct on (r.currency) r.id
      from exchange_rates r
      where r.valid_from <= ${at.toISOString()}::timestamptz ${filter}
      order by r.currency, r.valid_from desc
    `);
    const ids = ((result as unknown as { rows: Array<{ id: string }> }).rows ?? []).map((r) => r.id);
    if (!ids.length) return [];
    return this.db
      .select({ rate: exchangeRates, setByEmail: users.email, setByProfile: users.profile })
      .from(exchangeRates)
      .leftJoin(users, eq(users.id, exchangeRates.setBy))
      .where(
        sql`${exchangeRates.id} in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      )
      .orderBy(exchangeRates.currency);
  }

  async history(currency: string | undefined, limit = 200): Promise<RateWithSetter[]> {
    return this.db
      .select({ rate: exchangeRates, setByEmail: users.email, setByProfile: users.profile })
      .from(exchangeRates)
      .leftJoin(users, eq(users.id, exchangeRates.setBy))
      .where(currency ? eq(exchangeRates.currency, currency) : undefined)
      .orderBy(desc(exchangeRates.validFrom), exchangeRates.currency)
      .limit(limit);
  }

  async insertMany(rows: Array<typeof exchangeRates.$inferInsert>): Promise<ExchangeRateRow[]> {
    return this.db.insert(exchangeRates).values(rows).returning();
  }
}
