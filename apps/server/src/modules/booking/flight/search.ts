import { randomBytes } from 'node:crypto';
import { type FlightCheckInDatesBody, type FlightPriceSearchBody, FLIGHT_MESSAGES as M, type PriceBreakdown } from '@travesia/contracts';
import type { Logger } from 'pino';
import type { Db } from '../../../db/client.js';
import type { AuthContext } from '../../../http/auth.js';
import { AppError, badRequest } from '../../../http/errors.js';
import type { KeyValueStore } from '../../../lib/kv.js';
import type { FlightLocation, FlightOffer, FlightSearchInput, ResolvedProviderAccount, SupplierLayer } from '../../../suppliers/index.js';
import type { PricingService } from '../../pricing/service.js';
import type { ProviderAccountService } from '../../provider-account/service.js';
import { checkedAccount } from '../accounts.js';
import { isoDay } from '../days.js';
import { BookingPlaceRepository } from '../place-repository.js';
import { priceEach } from '../price-offers.js';
import { salesContextOf } from '../sales-context.js';
import { criteriaOf, locationOf, type PlaceRef } from './criteria.js';
import { presentPage } from './present.js';

/** The whole result asked of the supplier at once; we page it ourselves (spec §9: 10 per page). */
const SUPPLIER_PAGE = 500;
const MAX_TTL_S = 30 * 60;

export interface CachedFlightOption {
  optionId: string;
  offer: FlightOffer;
  breakdown: PriceBreakdown;
}

/** A price search kept under its cacheId: paging never calls the supplier again. */
export interface FlightSearchEntry {
  v: 1;
  cacheId: string;
  agencyId: string | null;
  userId: string;
  accountId: string;
  criteria: FlightSearchInput;
  flightClass: string;
  destinationAncestors: string[];
  expires: string;
  options: CachedFlightOption[];
  notes: string[];
}

export interface FlightSearchDeps {
  db: Db;
  store: KeyValueStore;
  suppliers: SupplierLayer;
  providerAccounts: ProviderAccountService;
  pricing: PricingService;
  log: Logger;
  now?: () => Date;
}

const keyOf = (cacheId: string) => `flight-search:${cacheId}`;
/** Parsed searches kept in process (an entry never changes once written; its own `expires` still rules). */
const PARSED_KEEP = 4;

/**
 * Flight search through a TourVisio account (issue 19): check-in dates, then one price search whose
 * whole result is priced (PricingService, kind flight) and kept under a cacheId, answered in pages of 10.
 */
export class FlightSearchService {
  readonly now: () => Date;
  /** The last few searches read, parsed (paging, filtering and sorting re-read the same one; bench/flight-search.ts). */
  private readonly parsed = new Map<string, FlightSearchEntry>();
  private readonly places: BookingPlaceRepository;
  constructor(private readonly d: FlightSearchDeps) {
    this.now = d.now ?? (() => new Date());
    this.places = new BookingPlaceRepository(d.db);
  }

  /** The caller's account, if it sells flights and the agency's flight module is on (accounts.ts). */
  account(auth: AuthContext, accountId: string): Promise<ResolvedProviderAccount> {
    const rule = { kind: 'flight' as const, field: 'provider', mismatch: M.supplierMismatch, moduleDisabled: M.moduleDisabled };
    return checkedAccount(this.d, salesContextOf(auth), accountId, rule);
  }

  /** An airport or city: an IATA code as given, or our place id resolved to its IATA code. */
  private async resolve(loc: { id: string; type: string }, field: 'origin' | 'destiny'): Promise<FlightLocation & PlaceRef> {
    const wanted = locationOf(loc);
    const byCode = /^[A-Za-z]{3}$/.test(loc.id);
    const unknown = field === 'origin' ? M.originUnknown : M.destinyUnknown;
    if (!byCode && !/^[0-9a-f-]{36}$/i.test(loc.id)) throw badRequest(unknown, { [`${field}.id`]: unknown });
    if (byCode) {
      const found = await this.places.byIataCode(loc.id.toUpperCase());
      return { ...wanted, code: loc.id.toUpperCase(), placeId: found?.id ?? null, ancestors: found?.ancestors ?? [] };
    }
    // Our place: its own code, or (a city, whose seeded places keep no code) its main airport's.
    const found = await this.places.withIataCode(loc.id);
    if (!found) throw badRequest(unknown, { [`${field}.id`]: unknown });
    return { type: found.id === loc.id ? wanted.type : 'airport', code: found.iata, placeId: found.id, ancestors: found.ancestors };
  }

  async checkInDates(auth: AuthContext, body: FlightCheckInDatesBody, simScenario?: string) {
    const account = await this.account(auth, body.provider);
    const [from, to] = await Promise.all([this.resolve(body.origin, 'origin'), this.resolve(body.destiny, 'destiny')]);
    const serviceType = criteriaOf.serviceType(body.serviceType);
    const ctx = { correlationId: randomBytes(8).toString('hex'), simScenario: account.mode === 'sandbox' ? simScenario : undefined };
    const dates = await this.d.suppliers.registry
      .flight(account)
      .checkInDates({ serviceType, from: { code: from.code, type: from.type }, to: { code: to.code, type: to.type } }, ctx);
    const today = isoDay(this.now());
    return { success: true as const, dates: [...new Set(dates)].filter((d) => d >= today).sort() };
  }

  /** A new price search, or (with `cacheId`) a page of an earlier one. */
  async search(auth: AuthContext, body: FlightPriceSearchBody, simScenario?: string) {
    if (body.cacheId) return presentPage(await this.cached(auth, body.cacheId), auth.user.type, body.page, body);
    const today = isoDay(this.now());
    if (body.destinations.some((d) => d.start < today)) throw badRequest(M.dateInPast, { start: M.dateInPast });
    const account = await this.account(auth, body.provider);
    const resolved = await Promise.all(
      body.destinations.map(async (d) => {
        const [from, to] = await Promise.all([this.resolve(d.origin, 'origin'), this.resolve(d.destiny, 'destiny')]);
        return { from, to, date: d.start, end: d.end };
      }),
    );
    const criteria = criteriaOf.search(body, resolved);
    const cacheId = randomBytes(16).toString('base64url');
    const ctx = { correlationId: cacheId, simScenario: account.mode === 'sandbox' ? simScenario : undefined };
    const [result, pricing] = await Promise.all([
      this.d.suppliers.registry.flight(account).search({ ...criteria, page: 1, pageSize: SUPPLIER_PAGE }, ctx),
      this.d.pricing.loadContext({ agencyId: auth.agency?.id ?? null, userId: auth.user.id, at: this.now() }),
    ]);
    const at = this.now();
    const destinationAncestors = [resolved[0].to.placeId, ...resolved[0].to.ancestors].filter((x): x is string => !!x);
    const lastDate = resolved.at(-1)?.end ?? resolved.at(-1)?.date ?? criteria.legs[0].date;
    const nights = Math.max(0, Math.round((Date.parse(lastDate) - Date.parse(criteria.legs[0].date)) / 86_400_000));
    const paxes = criteria.passengers.adults + criteria.passengers.children + criteria.passengers.infants;
    const { priced, unpriced: left } = priceEach(this.d.pricing, pricing, result.offers, () => ({
      kind: 'flight',
      supplier: account.supplier,
      destinationAncestors,
      checkIn: criteria.legs[0].date,
      nights,
      paxes,
      bookingDate: isoDay(at),
    }));
    const options: CachedFlightOption[] = priced.map((p, i) => ({ optionId: String(i), ...p }));
    const unpriced = Object.values(left).reduce((n, k) => n + k, 0);
    const supplierTtl = result.expiresAt ? Math.floor((Date.parse(result.expiresAt) - at.getTime()) / 1000) : MAX_TTL_S;
    const ttl = Math.max(60, Math.min(MAX_TTL_S, Number.isFinite(supplierTtl) ? supplierTtl : MAX_TTL_S));
    const entry: FlightSearchEntry = {
      v: 1,
      cacheId,
      agencyId: auth.agency?.id ?? null,
      userId: auth.user.id,
      accountId: account.id,
      criteria,
      flightClass: body.flightClass.toUpperCase(),
      destinationAncestors,
      expires: new Date(at.getTime() + ttl * 1000).toISOString(),
      options,
      notes: unpriced ? [`${unpriced} vuelos sin tasa de cambio no se muestran`] : [],
    };
    await this.d.store.set(keyOf(cacheId), JSON.stringify(entry), ttl);
    this.keep(entry);
    this.d.log.info({ cacheId, offers: options.length, dropped: result.dropped, unpriced }, 'flight search cached');
    return presentPage(entry, auth.user.type, body.page, body);
  }

  /** A cached search of the caller (another seller's, or an expired one, is a 404). */
  async cached(auth: AuthContext, cacheId: string): Promise<FlightSearchEntry> {
    const found = /^[A-Za-z0-9_-]{10,64}$/.test(cacheId) ? (this.parsed.get(cacheId) ?? (await this.read(cacheId))) : null;
    const mine = found?.v === 1 && found.userId === auth.user.id && found.agencyId === (auth.agency?.id ?? null);
    if (!found || !mine || Date.parse(found.expires) <= this.now().getTime()) throw new AppError(404, 'SEARCH_EXPIRED', M.searchExpired);
    return found;
  }

  private async read(cacheId: string): Promise<FlightSearchEntry | null> {
    const raw = await this.d.store.get(keyOf(cacheId));
    if (!raw) return null;
    const entry = JSON.parse(raw) as FlightSearchEntry;
    this.keep(entry);
    return entry;
  }

  private keep(entry: FlightSearchEntry) {
    this.parsed.delete(entry.cacheId);
    this.parsed.set(entry.cacheId, entry);
    for (const key of this.parsed.keys()) {
      if (this.parsed.size <= PARSED_KEEP) break;
      this.parsed.delete(key);
    }
  }

  async option(auth: AuthContext, cacheId: string, optionId: string) {
    const search = await this.cached(auth, cacheId);
    const option = search.options.find((o) => o.optionId === optionId);
    if (!option) throw new AppError(404, 'OPTION_NOT_FOUND', M.optionNotFound);
    return { search, option };
  }
}
