import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  type CancelQuote,
  can,
  type NotificationKind,
  VOUCHER_MESSAGES,
  type VoucherFilter,
  type VoucherStatus,
  type VoucherType,
  voucherScopeOf,
  voucherSectionSchema,
} from '@travesia/contracts';
import Decimal from 'decimal.js';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.js';
import type {
  HolderData,
  MarkupAppliedData,
  NewVoucherRow,
  PaymentsData,
  PolicyRuleData,
  ProductSummaryData,
  VoucherRow,
} from '../../db/schema/index.js';
import { inTransaction } from '../../db/transaction.js';
import type { AuthContext } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import { sha256 } from '../../lib/crypto.js';
import type { Mail, Mailer } from '../../lib/mailer.js';
import { VOUCHER_HISTORY } from '../../messages/vouchers.js';
import type { AgencyMailContext, MailLook } from '../agency-settings/mail-context.js';
import type { AgencyTimeZones } from '../agency-settings/time-zone.js';
import { assertMayDo, viewerOf } from './access.js';
import { cancellationSource, PolicyCancellation, type SupplierCancellation } from './cancellation.js';
import { vBadRequest, vConflict, vGone, vNotFound } from './errors.js';
import { approvalDecisionMail, approvalRequestMail, cancellationMail, confirmationMail } from './mails.js';
import { computePenalty } from './policy.js';
import type { VoucherRepository, VoucherScope, ZonedFilter } from './repository.js';

/** Who did something to a voucher, and from where (status history, approvals). */
export interface EventActor {
  kind: 'user' | 'client' | 'system' | 'supplier';
  userId?: string | null;
  name?: string | null;
  ip?: string | null;
  userAgent?: string | null;
}

/** A request's caller plus where the request came from. */
export interface RequestActor {
  auth: AuthContext;
  ip: string | null;
  userAgent: string | null;
}

/** What the booking flow gives to record a voucher (money as decimal strings). */
export interface RecordVoucherInput {
  agencyId: string;
  userId: string | null;
  type: VoucherType;
  integrator: string;
  /** The white label whose storefront sells it (decision 0420); null for the back office. */
  whiteLabelId?: string | null;
  /** Supplier id ('hotelbeds', 'juniper', 'restel', 'santsg') or 'travesia' for own inventory. */
  provider: string;
  providerAccountId?: string | null;
  status: VoucherStatus;
  start?: string | null;
  end?: string | null;
  nights?: number | null;
  client: HolderData;
  companions?: Array<Record<string, unknown>>;
  price: { gross: string; currency: string };
  cost?: { net: string; currency: string } | null;
  markups?: MarkupAppliedData[];
  commission?: { amount: string; currency: string } | null;
  /** 1 unit of the price (cost) currency = rate USD at booking time; USD prices need none. */
  usdRate?: string | null;
  costUsdRate?: string | null;
  payments?: PaymentsData;
  bookingCodes?: unknown[];
  policies?: PolicyRuleData[];
  product: ProductSummaryData;
  locator?: string | null;
  supplierReferences?: string[];
  shortLocator?: string | null;
  /** Our reference for the supplier; generated when absent. */
  externalBookingReference?: string;
  /** Unique per agency: a retried reserve with the same key answers the first voucher (to the same user only). */
  idempotencyKey?: string | null;
  /**
   * What is booked ('hotel-quote:<quoteId>', 'travesia-option:<token>'): consumed by the first booking,
   * a second one is a 409 QUOTE_ALREADY_BOOKED (unique in the database, migration 0740).
   */
  quoteRef?: string | null;
  /** The booking's remarks as the agent typed them (shown on the voucher, its PDF and detail). */
  remarks?: string | null;
  /** Issue a client approval link at once (the raw key is answered once and never stored). */
  requireApproval?: { validHours: number } | null;
  createdBy?: string | null;
}

/** What a supplier or the booking flow reports after the voucher was recorded. */
export interface VoucherUpdate {
  status?: VoucherStatus;
  locator?: string | null;
  supplierReferences?: string[];
  shortLocator?: string | null;
  bookingCodes?: unknown[];
  policies?: PolicyRuleData[];
  payments?: PaymentsData;
  cost?: { net: string; currency: string } | null;
  note?: string;
  /** What the supplier asks to be shown on the voucher (docs/decisions/0180). */
  supplierRemarks?: string[];
  /** A pre-reservation being confirmed (flights, docs/decisions/0290): the travellers, the key and what it books. */
  client?: HolderData;
  companions?: Array<Record<string, unknown>>;
  idempotencyKey?: string | null;
  quoteRef?: string | null;
  /** The product summary as the booking's answer completes it (a flight's PNR and tickets). */
  product?: ProductSummaryData;
}

export interface VoucherServiceDeps {
  db: Db;
  repo: VoucherRepository;
  mailer: Mailer;
  publicUrl: string;
  log: Logger;
  /** Cancels supplier vouchers; the supplier adapters' implementation is wired in services.ts. */
  supplierCancellation: SupplierCancellation;
  /** The agency's zone (AgencyTimeZones), its mail recipients per kind and its mail look (issue 16). */
  timeZones: Pick<AgencyTimeZones, 'of'>;
  agencyMail: Pick<AgencyMailContext, 'recipients' | 'look'>;
  now?: () => Date;
}

/**
 * How long a supplier cancellation claim holds (docs/decisions/0151): longer than any supplier's
 * cancel timeout, so only a claim left by a process that died mid-call is ever taken over.
 */
export const CANCEL_CLAIM_LEASE_MS = 5 * 60_000;

const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Our booking reference: 'TRV' + 9 unambiguous characters (fits every supplier's reference field). */
export function newBookingReference(): string {
  let s = 'TRV';
  for (let i = 0; i < 9; i++) s += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return s;
}

const usdOf = (amount: string, currency: string, rate: string | null | undefined) => {
  if (currency === 'USD') return { usd: new Decimal(amount).toFixed(2), rate: '1' };
  if (!rate) return { usd: null, rate: null };
  return { usd: new Decimal(amount).mul(rate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2), rate };
};

const actorName = (auth: AuthContext) => `${auth.user.profile.name} ${auth.user.profile.lastName}`.trim();
const userActor = (a: RequestActor): EventActor => ({
  kind: 'user',
  userId: a.auth.user.id,
  name: actorName(a.auth),
  ip: a.ip,
  userAgent: a.userAgent,
});

/**
 * Vouchers: the list and its scope (spec §6), the detail, approvals (spec §4), cancellation and the
 * functions the booking flow calls to record a voucher before calling the supplier.
 */
export class VoucherService {
  private readonly now: () => Date;
  private readonly policy: PolicyCancellation;
  /** Run inside a cancellation's transaction, after the status change (own inventory gives its rooms back). */
  private readonly cancelHooks: Array<(tx: Db, voucher: VoucherRow) => Promise<void>> = [];

  constructor(private readonly deps: VoucherServiceDeps) {
    this.now = deps.now ?? (() => new Date());
    this.policy = new PolicyCancellation(this.now, (agencyId) => deps.timeZones.of(agencyId));
  }

  /** The caller's scope, from the session only (docs/decisions/0050-voucher-scope.md). */
  scopeOf(auth: AuthContext): VoucherScope {
    return voucherScopeOf(viewerOf(auth));
  }

  /** The zone the caller's dates are read in: their agency's (platform staff: the default). */
  timeZoneOf(auth: AuthContext): Promise<string> {
    return this.deps.timeZones.of(auth.user.agencyId);
  }

  async list(auth: AuthContext, filter: VoucherFilter, page: number, limit: number) {
    return this.deps.repo.list(this.scopeOf(auth), { ...filter, timeZone: await this.timeZoneOf(auth) }, page, limit);
  }

  /**
   * One user's vouchers, inside the caller's own scope: an adviser asking for someone else, or anyone
   * asking for a user of another agency, gets a 404.
   */
  async listForUser(auth: AuthContext, userId: string, filter: VoucherFilter, page: number, limit: number) {
    const scope = this.scopeOf(auth);
    const target = await this.deps.repo.userAgency(userId);
    const visible =
      target?.agencyId &&
      (scope.kind === 'all' ||
        (scope.kind === 'agency' && scope.agencyId === target.agencyId) ||
        (scope.kind === 'user' && scope.userId === target.id));
    if (!visible) throw vNotFound(VOUCHER_MESSAGES.notFound);
    const timeZone = await this.timeZoneOf(auth);
    return this.deps.repo.list(
      { kind: 'user', userId: target.id, agencyId: target.agencyId as string },
      { ...filter, timeZone },
      page,
      limit,
    );
  }

  async get(auth: AuthContext, id: string) {
    const found = await this.deps.repo.findInScope(this.scopeOf(auth), id);
    if (!found) throw vNotFound(VOUCHER_MESSAGES.notFound);
    return found;
  }

  async detail(auth: AuthContext, id: string) {
    const found = await this.get(auth, id);
    return { ...found, events: await this.deps.repo.events(id) };
  }

  iterate(auth: AuthContext, filter: ZonedFilter, max: number) {
    return this.deps.repo.iterate(this.scopeOf(auth), filter, max);
  }

  countUpTo(auth: AuthContext, filter: ZonedFilter, cap: number) {
    return this.deps.repo.countUpTo(this.scopeOf(auth), filter, cap);
  }

  /** Registers a hook run inside every cancellation's transaction (modules/inventory: allotment back). */
  onCancelled(hook: (tx: Db, voucher: VoucherRow) => Promise<void>) {
    this.cancelHooks.push(hook);
  }

  /** The voucher an agency recorded under an idempotency key, if any (a booking flow's retry). */
  findByIdempotencyKey(agencyId: string, key: string): Promise<VoucherRow | undefined> {
    return this.deps.repo.findByIdempotencyKey(this.deps.db, agencyId, key);
  }

  /**
   * A booking flow's retry: the voucher recorded under the key by this same user, if any. Keys are
   * unique per agency, so a key of another user of the agency is a 409 that names nothing of theirs
   * (issue 12 finding 10, docs/decisions/0152).
   */
  async findReplay(agencyId: string, userId: string | null, key: string, db: Db = this.deps.db): Promise<VoucherRow | undefined> {
    return this.ownReplay(await this.deps.repo.findByIdempotencyKey(db, agencyId, key), userId);
  }

  private ownReplay(found: VoucherRow | undefined, userId: string | null): VoucherRow | undefined {
    if (found && found.userId !== userId) throw vConflict(VOUCHER_MESSAGES.idempotencyKeyOtherUser, 'IDEMPOTENCY_KEY_REUSED');
    return found;
  }

  /** The 409 of a quote booked already: it names the voucher only to the user who booked it. */
  private quoteConsumed(existing: VoucherRow, userId: string | null): AppError {
    const own = existing.userId !== null && existing.userId === userId;
    return own
      ? new AppError(409, 'QUOTE_ALREADY_BOOKED', VOUCHER_MESSAGES.quoteAlreadyBookedAs(existing.externalBookingReference), {
          voucherId: existing.id,
        })
      : new AppError(409, 'QUOTE_ALREADY_BOOKED', VOUCHER_MESSAGES.quoteAlreadyBooked);
  }

  // ---------------------------------------------------------------- recording (booking flow)

  /**
   * Records a voucher in `tx` (or in its own transaction), before the supplier is called. With an
   * idempotency key, a retry answers the voucher recorded the first time (`created: false`).
   * `approvalKey` is the raw external approval key when `requireApproval` was asked (shown once).
   */
  async record(
    input: RecordVoucherInput,
    opts: { tx?: Db; actor?: EventActor } = {},
  ): Promise<{ voucher: VoucherRow; created: boolean; approvalKey?: string }> {
    const run = async (tx: Db) => {
      if (input.idempotencyKey) {
        const existing = await this.findReplay(input.agencyId, input.userId, input.idempotencyKey, tx);
        if (existing) return { voucher: existing, created: false };
      }
      if (input.quoteRef) {
        const booked = await this.deps.repo.findByQuoteRef(tx, input.quoteRef);
        if (booked) throw this.quoteConsumed(booked, input.userId);
      }
      const agencyName = await this.deps.repo.agencyName(tx, input.agencyId);
      if (agencyName === undefined) throw vBadRequest(VOUCHER_MESSAGES.notFound);
      let userName: string | null = null;
      if (input.userId) {
        const name = await this.deps.repo.userName(tx, input.userId);
        if (name === undefined) throw vBadRequest(VOUCHER_MESSAGES.notFound);
        userName = name;
      }
      // A flow's section that does not match its schema is kept but not shown (voucherSectionOf): say so in the log.
      if (input.product.section !== undefined && !voucherSectionSchema.safeParse(input.product.section).success)
        this.deps.log.warn({ type: input.type, provider: input.provider }, 'voucher section does not match its schema');
      const price = usdOf(input.price.gross, input.price.currency, input.usdRate);
      const cost = input.cost ? usdOf(input.cost.net, input.cost.currency, input.costUsdRate) : null;
      const approval = input.requireApproval ? newApprovalKey(this.now(), input.requireApproval.validHours) : null;
      const values: NewVoucherRow = {
        agencyId: input.agencyId,
        userId: input.userId,
        agencyName,
        userName,
        type: input.type,
        integrator: input.integrator,
        whiteLabelId: input.whiteLabelId ?? null,
        provider: input.provider,
        providerAccountId: input.providerAccountId ?? null,
        status: input.status,
        startDate: input.start ?? null,
        endDate: input.end ?? null,
        nights: input.nights ?? nightsBetween(input.start, input.end),
        client: input.client,
        companions: input.companions ?? [],
        priceGross: input.price.gross,
        priceCurrency: input.price.currency,
        costNet: input.cost?.net ?? null,
        costCurrency: input.cost?.currency ?? null,
        markups: input.markups ?? [],
        commissionAmount: input.commission?.amount ?? null,
        commissionCurrency: input.commission?.currency ?? null,
        priceUsd: price.usd,
        usdRate: price.rate,
        costUsd: cost?.usd ?? null,
        costUsdRate: cost?.rate ?? null,
        payments: input.payments ?? {},
        bookingCodes: input.bookingCodes ?? [],
        policies: input.policies ?? [],
        externalBookingReference: input.externalBookingReference ?? newBookingReference(),
        locator: input.locator ?? null,
        supplierReferences: input.supplierReferences ?? [],
        shortLocator: input.shortLocator ?? null,
        product: input.product,
        productName: input.product.name,
        idempotencyKey: input.idempotencyKey ?? null,
        quoteRef: input.quoteRef ?? null,
        approvalStatus: approval ? 'pending' : null,
        approvalKeyHash: approval?.hash ?? null,
        approvalKeyExpiresAt: approval?.expiresAt ?? null,
        createdBy: input.createdBy ?? input.userId,
        remarks: remarksOf(input),
      };
      const row = await this.deps.repo.insertIdempotent(tx, values);
      if (!row) {
        // A concurrent insert won the race: a retry with the same key, or another booking of the same quote.
        const existing = input.idempotencyKey
          ? this.ownReplay(await this.deps.repo.findByIdempotencyKey(tx, input.agencyId, input.idempotencyKey), input.userId)
          : undefined;
        if (existing) return { voucher: existing, created: false };
        const booked = input.quoteRef ? await this.deps.repo.findByQuoteRef(tx, input.quoteRef) : undefined;
        if (booked) throw this.quoteConsumed(booked, input.userId);
        throw vConflict(VOUCHER_MESSAGES.versionConflict);
      }
      await this.addEvent(tx, row.id, 'created', null, row.status, opts.actor ?? { kind: 'system', userId: input.userId, name: userName });
      return { voucher: row, created: true, approvalKey: approval?.key };
    };
    const result = opts.tx ? await run(opts.tx) : await inTransaction(this.deps.db, run);
    // Mails go only once the caller's transaction is known to be committed; with a caller's tx it calls notifyRecorded.
    if (!opts.tx && result.created) this.notifyRecorded(result.voucher, result.approvalKey);
    return result;
  }

  /** Sends the confirmation (and approval request) mails of a freshly recorded voucher; never throws. */
  notifyRecorded(voucher: VoucherRow, approvalKey?: string) {
    if (voucher.status === 'confirmed' || voucher.status === 'confirmed-paid') void this.mailConfirmation(voucher);
    const { approvalKeyExpiresAt: expiresAt } = voucher;
    if (approvalKey && voucher.client.email && expiresAt) {
      const to = voucher.client.email;
      void this.lookOf(voucher).then((look) =>
        this.send(approvalRequestMail(to, voucher, this.externalLink(voucher.id, approvalKey), expiresAt, look)),
      );
    }
  }

  /**
   * Applies what the supplier answered (status, locators, codes…) with optimistic locking on
   * `version`; a stale version is a 409. Confirmation mails go out when the status becomes confirmed.
   */
  async applyUpdate(id: string, version: number, update: VoucherUpdate, opts: { tx?: Db; actor?: EventActor } = {}): Promise<VoucherRow> {
    const run = async (tx: Db) => {
      const current = await this.deps.repo.lockInScope(tx, { kind: 'all' }, id);
      if (!current) throw vNotFound(VOUCHER_MESSAGES.notFound);
      if (current.version !== version) throw vConflict(VOUCHER_MESSAGES.versionConflict, 'VERSION_CONFLICT');
      const values: Partial<NewVoucherRow> = {};
      if (update.status !== undefined) values.status = update.status;
      if (update.locator !== undefined) values.locator = update.locator;
      if (update.supplierReferences !== undefined) values.supplierReferences = update.supplierReferences;
      if (update.shortLocator !== undefined) values.shortLocator = update.shortLocator;
      if (update.bookingCodes !== undefined) values.bookingCodes = update.bookingCodes;
      if (update.policies !== undefined) values.policies = update.policies;
      if (update.payments !== undefined) values.payments = update.payments;
      if (update.supplierRemarks !== undefined) values.supplierRemarks = update.supplierRemarks;
      if (update.client !== undefined) values.client = update.client;
      if (update.companions !== undefined) values.companions = update.companions;
      if (update.idempotencyKey !== undefined) values.idempotencyKey = update.idempotencyKey;
      if (update.quoteRef !== undefined) values.quoteRef = update.quoteRef;
      if (update.product !== undefined) values.product = update.product;
      if (update.cost !== undefined) {
        values.costNet = update.cost?.net ?? null;
        values.costCurrency = update.cost?.currency ?? null;
      }
      const row = await this.deps.repo.updateVersioned(tx, id, version, values);
      if (!row) throw vConflict(VOUCHER_MESSAGES.versionConflict, 'VERSION_CONFLICT');
      await this.addEvent(
        tx,
        id,
        current.status !== row.status ? 'status' : 'updated',
        current.status,
        row.status,
        opts.actor ?? { kind: 'supplier', name: row.provider },
        update.note,
      );
      return { before: current, after: row };
    };
    const { before, after } = opts.tx ? await run(opts.tx) : await inTransaction(this.deps.db, run);
    const confirmedNow = (s: VoucherStatus) => s === 'confirmed' || s === 'confirmed-paid';
    if (!opts.tx && confirmedNow(after.status) && !confirmedNow(before.status)) void this.mailConfirmation(after);
    return after;
  }

  // ---------------------------------------------------------------- approvals (spec §4)

  /** A new single-use client approval link (the old one stops working); optionally mailed to the client. */
  async issueApprovalLink(actor: RequestActor, id: string, opts: { sendToClient: boolean; validHours: number }) {
    const { voucher } = await this.get(actor.auth, id);
    assertMayDo(actor.auth, voucher, 'approval-link');
    const approval = newApprovalKey(this.now(), opts.validHours);
    const row = await inTransaction(this.deps.db, async (tx) => {
      const updated = await this.deps.repo.updateVersioned(tx, id, voucher.version, {
        approvalStatus: 'pending',
        approvalKeyHash: approval.hash,
        approvalKeyExpiresAt: approval.expiresAt,
        approvalKeyUsedAt: null,
      });
      if (!updated) throw vConflict(VOUCHER_MESSAGES.versionConflict, 'VERSION_CONFLICT');
      await this.addEvent(tx, id, 'approval-requested', voucher.status, voucher.status, userActor(actor));
      return updated;
    });
    const url = this.externalLink(id, approval.key);
    if (opts.sendToClient && row.client.email)
      this.send(approvalRequestMail(row.client.email, row, url, approval.expiresAt, await this.lookOf(row)));
    return { url, expiresAt: approval.expiresAt.toISOString() };
  }

  /** The public view behind an approval link; a wrong key is a 404, an expired one a 410. */
  async external(id: string, key: string) {
    const found = await this.deps.repo.findForApproval(this.deps.db, id);
    this.checkKey(found?.voucher, key, { allowUsed: true });
    return found as NonNullable<typeof found>;
  }

  async approveExternal(id: string, key: string, approved: boolean, from: { ip: string | null; userAgent: string | null }) {
    const row = await inTransaction(this.deps.db, async (tx) => {
      const found = await this.deps.repo.findForApproval(tx, id, true);
      const v = this.checkKey(found?.voucher, key, { allowUsed: false });
      const name = [v.client.name, v.client.surname].filter(Boolean).join(' ') || VOUCHER_HISTORY.clientFallbackName;
      return this.decide(tx, v, approved, { kind: 'client', userId: null, name, ...from }, 'external');
    });
    this.mailDecision(row, approved);
    return row;
  }

  async approveInternal(actor: RequestActor, id: string, approved: boolean) {
    const scope = this.scopeOf(actor.auth);
    const row = await inTransaction(this.deps.db, async (tx) => {
      const v = await this.deps.repo.lockInScope(tx, scope, id);
      if (!v) throw vNotFound(VOUCHER_MESSAGES.notFound);
      assertMayDo(actor.auth, v, 'approve');
      return this.decide(tx, v, approved, userActor(actor), 'internal');
    });
    this.mailDecision(row, approved);
    return row;
  }

  private async decide(tx: Db, v: VoucherRow, approved: boolean, actor: EventActor, channel: 'internal' | 'external') {
    if (v.status === 'cancelled') throw vConflict(VOUCHER_MESSAGES.cancelledCannotApprove, 'VOUCHER_CANCELLED');
    if (v.approvalStatus === 'approved' || v.approvalStatus === 'rejected')
      throw vConflict(VOUCHER_MESSAGES.alreadyDecided, 'ALREADY_DECIDED');
    const at = this.now();
    const row = await this.deps.repo.updateVersioned(tx, v.id, v.version, {
      approvalStatus: approved ? 'approved' : 'rejected',
      approvalKeyUsedAt: at,
      approvalDecision: {
        approved,
        channel,
        at: at.toISOString(),
        by: { userId: actor.userId ?? null, name: actor.name ?? '' },
        ip: actor.ip ?? null,
        userAgent: actor.userAgent ?? null,
      },
    });
    if (!row) throw vConflict(VOUCHER_MESSAGES.versionConflict, 'VERSION_CONFLICT');
    await this.addEvent(
      tx,
      v.id,
      approved ? 'approved' : 'rejected',
      v.status,
      v.status,
      actor,
      channel === 'external' ? VOUCHER_HISTORY.clientDecisionByLink : undefined,
    );
    return row;
  }

  /** Constant-time key check. Unknown voucher or wrong key: 404; expired: 410; already used: 409. */
  private checkKey(v: VoucherRow | undefined, key: string, opts: { allowUsed: boolean }): VoucherRow {
    const given = Buffer.from(sha256(key.toLowerCase()), 'hex');
    const stored = v?.approvalKeyHash ? Buffer.from(v.approvalKeyHash, 'hex') : Buffer.alloc(given.length);
    const matches = timingSafeEqual(given, stored.length === given.length ? stored : Buffer.alloc(given.length));
    if (!v?.approvalKeyHash || !matches) throw vNotFound(VOUCHER_MESSAGES.linkNotFound);
    if (!v.approvalKeyExpiresAt || v.approvalKeyExpiresAt.getTime() <= this.now().getTime())
      throw vGone(VOUCHER_MESSAGES.linkExpired, 'LINK_EXPIRED');
    if (!opts.allowUsed && (v.approvalKeyUsedAt || v.approvalStatus !== 'pending'))
      throw vConflict(VOUCHER_MESSAGES.alreadyDecided, 'ALREADY_DECIDED');
    return v;
  }

  // ---------------------------------------------------------------- cancellation

  async cancelQuote(auth: AuthContext, id: string): Promise<CancelQuote> {
    const { voucher } = await this.get(auth, id);
    assertMayDo(auth, voucher, 'cancel');
    const source = cancellationSource(voucher);
    const penalty = await this.penaltyOf(voucher, 'quote');
    return { cancellable: true, penalty, source, at: this.now().toISOString() };
  }

  /**
   * Cancels a voucher. A supplier cancellation is claimed first with one conditional UPDATE
   * (`cancel_started_at`, docs/decisions/0151) and the supplier is called only by the claim's holder:
   * parallel cancels make one supplier call, the others answer 409 CANCELLATION_IN_PROGRESS (or
   * ALREADY_CANCELLED once it is done). No transaction or row lock is held during the supplier call.
   */
  async cancel(actor: RequestActor, id: string, opts: { version?: number; note?: string }) {
    const scope = this.scopeOf(actor.auth);
    const { voucher } = await this.get(actor.auth, id);
    assertMayDo(actor.auth, voucher, 'cancel');
    if (opts.version !== undefined && opts.version !== voucher.version)
      throw vConflict(VOUCHER_MESSAGES.versionConflict, 'VERSION_CONFLICT');
    const source = cancellationSource(voucher);
    const remote = voucher.status !== 'quotation' && source === 'supplier';
    if (remote) await this.claimCancellation(scope, id);
    try {
      const result =
        voucher.status === 'quotation'
          ? { penalty: await this.penaltyOf(voucher, 'quote') }
          : remote
            ? await this.deps.supplierCancellation.cancel(voucher)
            : await this.policy.cancel(voucher);
      const row = await inTransaction(this.deps.db, async (tx) => {
        const current = await this.deps.repo.lockInScope(tx, scope, id);
        if (!current) throw vNotFound(VOUCHER_MESSAGES.notFound);
        if (current.status === 'cancelled') return current;
        const updated = await this.deps.repo.updateVersioned(tx, id, current.version, {
          status: 'cancelled',
          penalty: result.penalty,
          cancelStartedAt: null,
          cancelReason: opts.note || null,
          ...(result.reference ? { supplierReferences: [...current.supplierReferences, result.reference] } : {}),
        });
        if (!updated) throw vConflict(VOUCHER_MESSAGES.versionConflict, 'VERSION_CONFLICT');
        await this.addEvent(tx, id, 'cancelled', current.status, 'cancelled', userActor(actor), opts.note ?? result.note ?? null);
        for (const hook of this.cancelHooks) await hook(tx, updated);
        return updated;
      });
      this.mailAll(row, 'cancellations', (to, _internal, look) => cancellationMail(to, row, look));
      return row;
    } catch (err) {
      // Not cancelled (the supplier refused or failed, or recording failed): the cancellation may be tried again.
      if (remote) await this.deps.repo.releaseCancellation(this.deps.db, id);
      throw err;
    }
  }

  /** Takes the voucher's supplier cancellation claim, or answers why not (409). */
  private async claimCancellation(scope: VoucherScope, id: string) {
    const at = this.now();
    if (await this.deps.repo.claimCancellation(this.deps.db, scope, id, at, new Date(at.getTime() - CANCEL_CLAIM_LEASE_MS))) return;
    const current = await this.deps.repo.findInScope(scope, id);
    if (!current) throw vNotFound(VOUCHER_MESSAGES.notFound);
    if (current.voucher.status === 'cancelled') throw vConflict(VOUCHER_MESSAGES.alreadyCancelled, 'ALREADY_CANCELLED');
    throw vConflict(VOUCHER_MESSAGES.cancellationInProgress, 'CANCELLATION_IN_PROGRESS');
  }

  private async penaltyOf(v: VoucherRow, _op: 'quote') {
    if (v.status === 'quotation')
      return computePenalty(
        {
          policies: [],
          price: { gross: v.priceGross, currency: v.priceCurrency },
          nights: v.nights,
          usdRate: v.usdRate,
          start: v.startDate,
        },
        this.now(),
      );
    return cancellationSource(v) === 'supplier' ? this.deps.supplierCancellation.quote(v) : this.policy.quote(v);
  }

  // ---------------------------------------------------------------- helpers

  externalLink(id: string, key: string) {
    return `${this.deps.publicUrl.replace(/\/$/, '')}/booking/external/${id}-${key}`;
  }

  private async addEvent(
    tx: Db,
    voucherId: string,
    kind: string,
    fromStatus: string | null,
    toStatus: string | null,
    actor: EventActor,
    note?: string | null,
  ) {
    await this.deps.repo.addEvent(tx, {
      voucherId,
      kind,
      fromStatus,
      toStatus,
      actorKind: actor.kind,
      actorUserId: actor.userId ?? null,
      actorName: actor.name ?? null,
      ip: actor.ip ?? null,
      userAgent: actor.userAgent?.slice(0, 400) ?? null,
      note: note ?? null,
      at: this.now(),
    });
  }

  private mailConfirmation(v: VoucherRow) {
    const url = `${this.deps.publicUrl.replace(/\/$/, '')}/booking/${v.id}/voucher`;
    this.mailAll(v, 'bookings', (to, internal, look) => confirmationMail(to, v, internal ? url : undefined, look));
  }

  private mailDecision(v: VoucherRow, approved: boolean) {
    const by = v.approvalDecision?.by.name || VOUCHER_HISTORY.agencyFallbackName;
    this.mailAll(v, 'approvals', (to, _internal, look) => approvalDecisionMail(to, v, approved, by, look));
  }

  /** The agency's look (zone, logo, footer) for a voucher's mails; the plain one if it can't be read. */
  private lookOf(v: VoucherRow): Promise<MailLook | undefined> {
    return this.deps.agencyMail.look(v.agencyId).catch((err) => {
      this.deps.log.warn({ err, voucherId: v.id }, 'agency mail look failed');
      return undefined;
    });
  }

  /**
   * The agency side (the booking user and the agency admins who did not turn this kind off, plus the
   * agency's addresses for it) and the client, each once, in the agency's look.
   */
  private mailAll(v: VoucherRow, kind: NotificationKind, build: (to: string, internal: boolean, look?: MailLook) => Mail) {
    void (async () => {
      const look = await this.lookOf(v);
      const internal = new Set(await this.deps.agencyMail.recipients(v.agencyId, v.userId, kind));
      for (const to of internal) this.send(build(to, true, look));
      const client = v.client.email?.toLowerCase();
      if (client && !internal.has(client)) this.send(build(client, false, look));
    })().catch((err) => this.deps.log.warn({ err, voucherId: v.id }, 'voucher mail recipients failed'));
  }

  private send(mail: Mail) {
    this.deps.mailer.send(mail).catch((err) => this.deps.log.warn({ err, to: mail.to, subject: mail.subject }, 'voucher mail failed'));
  }

  /** Whether the caller may approve internally (route permission is checked too). */
  canApprove(auth: AuthContext) {
    return can(auth.user.type, 'vouchers:approve');
  }
}

/** The booking's remarks: given, or (own inventory until now) inside the product summary; blank is none. */
function remarksOf(input: RecordVoucherInput): string | null {
  const r = input.remarks ?? (typeof input.product.remarks === 'string' ? input.product.remarks : null);
  return r?.trim() ? r.trim() : null;
}

function newApprovalKey(now: Date, validHours: number) {
  const key = randomBytes(32).toString('hex');
  return { key, hash: sha256(key), expiresAt: new Date(now.getTime() + validHours * 3_600_000) };
}

function nightsBetween(start?: string | null, end?: string | null): number | null {
  if (!start || !end) return null;
  const n = Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000);
  return Number.isFinite(n) && n >= 0 ? n : null;
}
