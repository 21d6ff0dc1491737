import { useMutation } from '@tanstack/react-query';
import type { StorefrontCheckout, StorefrontTicketOrderBody } from '@travesia/contracts';
import { api } from '../../../lib/api';

/** POST /api/storefront/{slug}/tickets/orders: re-quote, the reserve's checks, hold and payment session. */
export const createTicketOrder = (slug: string, body: StorefrontTicketOrderBody) =>
  api<{ response: StorefrontCheckout }>(`/api/storefront/${encodeURIComponent(slug)}/tickets/orders`, { body }).then((r) => r.response);

export const useCreateTicketOrder = (slug: string) =>
  useMutation({ mutationFn: (body: StorefrontTicketOrderBody) => createTicketOrder(slug, body) });
