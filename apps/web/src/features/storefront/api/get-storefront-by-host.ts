import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /api/storefront/by-host (public): the slug of the storefront this host serves, or null (404). */
export async function getStorefrontByHost(): Promise<string | null> {
  try {
    return (await api<{ slug: string }>('/api/storefront/by-host', { allowUnauthorized: true, timeoutMs: 5_000 })).slug;
  } catch {
    // Not a storefront host (or the lookup failed): the platform's own page answers.
    return null;
  }
}

export function useStorefrontByHost() {
  return useQuery({ queryKey: ['storefront', 'by-host', location.host], queryFn: getStorefrontByHost, retry: false, staleTime: Infinity });
}
