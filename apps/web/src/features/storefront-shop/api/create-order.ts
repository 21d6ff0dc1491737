import { useMutation } from '@tanstack/react-query';
import type { StorefrontCheckout, StorefrontOrderBody } from '@travesia/contracts';
import { api } from '../../../lib/api';

/** POST /api/storefront/{slug}/orders: re-quote, hold and payment session → `{orderRef, checkoutUrl, holdExpiresAt}`. */
export const createOrder = (slug: string, body: StorefrontOrderBody) =>
  api<{ response: StorefrontCheckout }>(`/api/storefront/${encodeURIComponent(slug)}/orders`, { body }).then((r) => r.response);

export const useCreateOrder = (slug: string) => useMutation({ mutationFn: (body: StorefrontOrderBody) => createOrder(slug, body) });
