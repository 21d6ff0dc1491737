import { HOTEL_BOOKING_MESSAGES as HM } from '@travesia/contracts';
import Decimal from 'decimal.js';
import type { VoucherRow } from '../../db/schema/index.js';
import type { AuthContext } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import type { PricingContext } from '../../pricing/index.js';
import type { Money, SupplierToken } from '../../suppliers/index.js';
import { isoDay } from './days.js';
import { type AnyFlow, callContext, type QuoteRecordOf, type ReserveBodyOf, type ReserveOptions } from './flow.js';
import { FlowSearch } from './flow-search.js';
import { quoteChanges } from './quote-changes.js';
import { QuoteStore } from './quote-store.js';
import { ReserveEngine } from './reserve.js';
import { type SalesContext, saleOf, viewerTypeOf } from './sales-context.js';

/** The price a reserve body accepted must be the quote's (compared as decimals): a 409 PRICE_CHANGED otherwise. */
export function assertAcceptedPrice(
  accepted: { gross: string; currency: string },
  now: { gross: string; currency: string },
  msg: string = HM.priceChanged,
) {
  if (!new Decimal(accepted.gross).eq(now.gross) || accepted.currency !== now.currency)
    throw new AppError(409, 'PRICE_CHANGED', msg, { price: `Precio vigente: ${now.gross} ${now.currency}` });
}

/**
 * A flow on the booking engine (docs/adding-a-product-kind.md): the search half (`FlowSearch`), the re-quote of one
 * option (provider quote, price again, changes flagged, kept for the seller) and the reserve through the engine's
 * one reserve path (key, replay, the seller's quotes, the flow's checks and voucher, the provider's `book`).
 */
export class FlowService<F extends AnyFlow> extends FlowSearch<F> {
  /**
   * Re-prices one option with its provider; a changed price or policy comes back flagged. A storefront passes its
   * own pricing context (its markup on top, decision 0341).
   */
  async quote(who: AuthContext | SalesContext, cacheId: string, optionId: string, simScenario?: string, pricing?: PricingContext) {
    const sale = saleOf(who);
    const { search, option } = await this.option(sale, cacheId, optionId);
    const account = await this.account(sale, option.accountId, null, search.forceSandbox);
    const at = this.d.engine.now();
    const quote = await this.adapter(account).quote(option.offer, callContext(account, cacheId, simScenario));
    const cost = (quote as { total: Money }).total;
    const offer = {
      kind: this.flow.kind,
      supplier: account.supplier,
      ...this.flow.pricing(option.offer, search),
      cost,
      bookingDate: isoDay(at),
      targetCurrency: option.breakdown.currency,
    };
    const breakdown = pricing
      ? this.d.pricing.price(pricing, offer)
      : await this.d.pricing.priceOffer({ ...offer, agencyId: sale.agencyId, userId: sale.seller?.id ?? null, at });
    const ttl = QuoteStore.ttl((quote as { token: SupplierToken }).token.expiresAt, at);
    const { v: _v, cacheId: _c, expires: _e, notes: _n, unpriced: _u, options: _o, ...kept } = search;
    const stored = {
      ...kept,
      v: 1,
      quoteId: QuoteStore.newId(),
      cacheId,
      optionId,
      accountId: option.accountId,
      option: this.flow.quoted ? this.flow.quoted(option, quote, breakdown) : { ...option, breakdown },
      quote,
      breakdown,
      expiresAt: new Date(at.getTime() + ttl * 1000).toISOString(),
    } as QuoteRecordOf<F>;
    await this.d.engine.quotes.put(this.flow.kind, stored, ttl);
    const policies = (o: { cancellation: unknown }) => o.cancellation as Parameters<typeof quoteChanges>[0]['cancellation'];
    return {
      success: true as const,
      response: {
        quoteId: stored.quoteId,
        expiresAt: stored.expiresAt,
        ...quoteChanges(
          { breakdown: option.breakdown, cancellation: policies(option.offer) },
          { breakdown, cancellation: policies(quote) },
        ),
        ...(this.flow.quoteAnswer(viewerTypeOf(sale), stored, option) as ReturnType<F['quoteAnswer']>),
      },
    };
  }

  /**
   * Books the accepted quotes exactly once per idempotency key (a retry answers the first voucher; the key with
   * other quotes is a 409), through the engine's reserve path. A storefront order books with its sales context
   * and names itself as the voucher's integrator (decision 0530).
   */
  async reserve(
    who: AuthContext | SalesContext,
    body: ReserveBodyOf<F>,
    idempotencyKey: string | undefined,
    opts: ReserveOptions = {},
  ): Promise<{ voucher: VoucherRow; created: boolean }> {
    const key = ReserveEngine.checkKey(idempotencyKey);
    const sale = saleOf(who);
    const { reserves, quotes } = this.d.engine;
    const quoteKey = this.flow.quoteIdsOf(body).join('+');
    const previous = await reserves.replay(sale, key);
    if (previous) return { voucher: ReserveEngine.sameQuote(previous, quoteKey), created: false };
    const qs = await Promise.all(this.flow.quoteIdsOf(body).map((id) => quotes.get<QuoteRecordOf<F>>(this.flow.kind, sale, id)));
    const r = this.flow.reserve(qs, body, { now: this.d.engine.now(), opts, sale });
    const account = await this.account(sale, qs[0].accountId, null, qs[0].forceSandbox);
    const adapter = this.adapter(account);
    return reserves.reserve({
      sale,
      idempotencyKey: key,
      account,
      voucher: r.voucher,
      code: {
        kind: `supplier-${this.flow.kind}`,
        checkIn: r.voucher.start,
        checkOut: r.voucher.end,
        quoteId: quoteKey,
        token: (qs[0].quote as { token: SupplierToken }).token,
      },
      quoteRef: `${this.flow.kind}-quote:${quoteKey}`,
      book: (clientReference, ctx) => adapter.book(r.book(clientReference), ctx),
      simScenario: opts.simScenario,
      actor: opts.actor,
      integrator: opts.integrator,
    });
  }

  idle(timeoutMs?: number) {
    return this.d.engine.idle(timeoutMs);
  }
}
