import type { AgencyModule, UserType } from '@travesia/contracts';
import type { AuthContext } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';

/** Who sells: the agency staff's back office, or (later) a white label's public storefront. */
export type SalesChannel = 'back-office' | 'storefront';

/**
 * Everything the booking engine needs to know about who is selling, independent of how the caller
 * signed in: a session builds one with `salesContextOf`; a white label's storefront will build one
 * from the white label (agency and modules of its owner, no selling user).
 */
export interface SalesContext {
  channel: SalesChannel;
  /** The agency the voucher belongs to (null only for a super user outside any agency: searches, no bookings). */
  agencyId: string | null;
  /** The user who sells, when a person does (storefront: none). */
  seller: { id: string; type: UserType; name: string } | null;
  whiteLabelId: string | null;
  /** The agency's enabled modules (`hotels-hotelbeds`, `tickets-travesia`…); a storefront: what it sells of them. */
  modules: readonly AgencyModule[];
  /** The agency's mode: which endpoint of each provider account is reached. */
  mode: 'sandbox' | 'production';
  /** Provider accounts the seller is limited to (empty: every account of the agency). */
  allowedProviders: readonly string[];
}

/** The back-office sales context of a signed-in session. */
export function salesContextOf(auth: AuthContext): SalesContext {
  const name = `${auth.user.profile.name ?? ''} ${auth.user.profile.lastName ?? ''}`.trim();
  return {
    channel: 'back-office',
    agencyId: auth.agency?.id ?? null,
    seller: { id: auth.user.id, type: auth.user.type, name },
    whiteLabelId: null,
    modules: auth.modules,
    mode: auth.agency?.mode ?? 'sandbox',
    allowedProviders: auth.user.availableProviders,
  };
}

/** The agency a booking is recorded for; selling outside an agency is a 403. */
export function bookingAgencyOf(sale: SalesContext): string {
  if (!sale.agencyId) throw new AppError(403, 'FORBIDDEN', 'Solo los usuarios de una agencia pueden reservar');
  return sale.agencyId;
}

/** The id searches, quotes and replays are scoped to (the seller, or the storefront's white label). */
export function ownerIdOf(sale: SalesContext): string | null {
  return sale.seller?.id ?? null;
}

/** A session's sales context, or the given one (engine services accept either). */
export function saleOf(who: AuthContext | SalesContext): SalesContext {
  return 'channel' in who ? who : salesContextOf(who);
}

/**
 * Whose searches and quotes these are: the seller's id, or for a storefront `storefront:<whiteLabelId>`
 * (its cacheIds and quoteIds are random 128-bit bearer ids a browser keeps; decision 0340).
 */
export function scopeIdOf(sale: SalesContext): string {
  if (sale.seller) return sale.seller.id;
  if (sale.whiteLabelId) return `storefront:${sale.whiteLabelId}`;
  throw new AppError(403, 'FORBIDDEN', 'Acceso no permitido');
}

/** The role whose price view a search page is presented in (a storefront maps it to the traveller's price only). */
export function viewerTypeOf(sale: SalesContext): UserType {
  return sale.seller?.type ?? 'adviser';
}
