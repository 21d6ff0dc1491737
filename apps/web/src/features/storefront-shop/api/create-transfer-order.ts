import { useMutation } from '@tanstack/react-query';
import type { StorefrontCheckout, StorefrontTransferOrderBody } from '@travesia/contracts';
import { api } from '../../../lib/api';

/** POST /api/storefront/{slug}/transfers/orders: both legs re-quoted, each leg's details checked, hold and payment session. */
export const createTransferOrder = (slug: string, body: StorefrontTransferOrderBody) =>
  api<{ response: StorefrontCheckout }>(`/api/storefront/${encodeURIComponent(slug)}/transfers/orders`, { body }).then((r) => r.response);

export const useCreateTransferOrder = (slug: string) =>
  useMutation({ mutationFn: (body: StorefrontTransferOrderBody) => createTransferOrder(slug, body) });
