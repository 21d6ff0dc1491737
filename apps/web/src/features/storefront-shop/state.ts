import type { StorefrontOrderStatus } from '@travesia/contracts';

/** What is left of a hold at `nowMs`: milliseconds, whether it ended, and `mm:ss` to show. */
export function holdRemaining(expiresAt: string, nowMs: number): { ms: number; expired: boolean; label: string } {
  const ms = Math.max(0, Date.parse(expiresAt) - nowMs);
  const total = Math.ceil(ms / 1000);
  const label = `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
  return { ms, expired: ms === 0, label };
}

export type OrderPhase = 'processing' | 'confirmed' | 'not-paid' | 'refunded' | 'review';

/**
 * What the return page tells the traveller: the gateway's return URL proves nothing, so until the
 * verified webhook settled the order it is "procesando el pago".
 */
export function orderPhase(status: StorefrontOrderStatus): OrderPhase {
  switch (status) {
    case 'booked':
      return 'confirmed';
    case 'declined':
    case 'expired':
      return 'not-paid';
    case 'refunded':
      return 'refunded';
    case 'needs-attention':
      return 'review';
    default:
      return 'processing';
  }
}

/** How often the return page asks again (ms), or false once the order reached a final phase. */
export function pollInterval(status: StorefrontOrderStatus | undefined, attempts: number): number | false {
  if (status && orderPhase(status) !== 'processing') return false;
  return Math.min(10_000, 2_000 + attempts * 1_000);
}

/**
 * Where "Intentar de nuevo" leads: the checkout this browser paid from (kept by `payAt`), when it is a page
 * of this shop; otherwise the shop's home. Never another address.
 */
export function retryTarget(stored: string | null, slug: string): string {
  const home = `/s/${slug}`;
  return stored?.startsWith(`${home}/`) && !stored.includes('//') ? stored : home;
}

/** The booked order's voucher PDF in the shop's branding (the same reference + e-mail rule as "mi reserva"). */
export const voucherPdfUrl = (slug: string, ref: string, email: string) =>
  `/api/storefront/${encodeURIComponent(slug)}/orders/${encodeURIComponent(ref)}/voucher?email=${encodeURIComponent(email)}`;

/** Phases where the traveller may try again: nothing was charged, or the charge was refunded. */
export const canRetry = (phase: OrderPhase) => phase === 'not-paid' || phase === 'refunded';

export const PHASE_TEXT: Record<OrderPhase, { title: string; text: string }> = {
  processing: { title: 'Procesando el pago', text: 'Estamos esperando la confirmación de la pasarela de pago. No cierres esta página.' },
  confirmed: { title: 'Reserva confirmada', text: 'Te enviamos la confirmación por correo electrónico.' },
  'not-paid': { title: 'El pago no se completó', text: 'No se hizo ningún cargo ni se reservó nada. Puedes intentarlo de nuevo.' },
  refunded: { title: 'Pago reembolsado', text: 'No pudimos confirmar la reserva y el pago fue reembolsado.' },
  review: { title: 'Reserva en revisión', text: 'La agencia revisará tu reserva y te contactará.' },
};

/** The children's ages of a results page's address (`ninos=8,5`), invalid ones left out. */
export function childAgesOf(param: string | null, maxAge: number): number[] {
  return (param ?? '')
    .split(',')
    .filter((a) => /^\d{1,2}$/.test(a))
    .map(Number)
    .filter((a) => a <= maxAge);
}
