import { isPublicAddress } from '@travesia/contracts';
import type { ResolveAll } from '../../suppliers/http/guarded-agent.js';

/**
 * The save-time half of the supplier host check (decision 0143): the URL already passed
 * `isAllowedHost` (contracts); here its name is resolved and every address must be public. A name
 * that does not resolve yet is accepted (a supplier may publish its DNS later, and this machine may
 * not reach DNS at all): the connection-time check (guarded agent) resolves it again and refuses
 * anything not public, so saving is a courtesy, not the protection.
 */
export async function hostResolvesPublic(url: string, resolveAll: ResolveAll): Promise<boolean> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (isPublicAddress(host)) return true;
  try {
    const addresses = await resolveAll(host);
    return addresses.every((a) => isPublicAddress(a.address));
  } catch {
    return true;
  }
}
