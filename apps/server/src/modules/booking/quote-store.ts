import { randomBytes } from 'node:crypto';
import { HOTEL_BOOKING_MESSAGES as M } from '@travesia/contracts';
import { AppError } from '../../http/errors.js';
import type { KeyValueStore } from '../../lib/kv.js';
import { type SalesContext, scopeIdOf } from './sales-context.js';

/** The longest a quote is kept (a provider token expiring sooner shortens it). */
export const QUOTE_TTL_S = 10 * 60;

/** What every stored quote carries: whose it is and until when. */
export interface QuoteOwner {
  quoteId: string;
  agencyId: string | null;
  userId: string;
  expiresAt: string;
}

/**
 * Quotes kept between the quote and the reserve (any kind), under `<kind>-quote:<id>`, readable only
 * by the seller who asked for them (another seller's or an expired one is a 409 QUOTE_EXPIRED).
 */
export class QuoteStore {
  constructor(private readonly store: KeyValueStore) {}

  static newId(): string {
    return randomBytes(16).toString('base64url');
  }

  /** Seconds to keep a quote: the provider token's remaining life, between 30 s and QUOTE_TTL_S. */
  static ttl(tokenExpiresAt: string | null | undefined, at: Date): number {
    const tokenTtl = tokenExpiresAt ? Math.floor((Date.parse(tokenExpiresAt) - at.getTime()) / 1000) : QUOTE_TTL_S;
    return Math.max(30, Math.min(QUOTE_TTL_S, Number.isFinite(tokenTtl) ? tokenTtl : QUOTE_TTL_S));
  }

  async put<T extends QuoteOwner>(kind: string, quote: T, ttlS: number): Promise<void> {
    await this.store.set(`${kind}-quote:${quote.quoteId}`, JSON.stringify(quote), ttlS);
  }

  /** The quote if it exists, whoever it belongs to (replay checks compare it). */
  async peek<T extends QuoteOwner>(kind: string, quoteId: string): Promise<T | null> {
    const raw = await this.store.get(`${kind}-quote:${quoteId}`);
    return raw ? (JSON.parse(raw) as T) : null;
  }

  /** The seller's own quote; a 409 when it expired or belongs to someone else. */
  async get<T extends QuoteOwner>(kind: string, sale: SalesContext, quoteId: string): Promise<T> {
    const found = await this.peek<T>(kind, quoteId);
    if (!found || found.userId !== scopeIdOf(sale) || found.agencyId !== sale.agencyId)
      throw new AppError(409, 'QUOTE_EXPIRED', M.quoteExpired, { 'bookingCodes.quoteId': M.quoteExpired });
    return found;
  }
}
