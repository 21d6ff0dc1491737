import type { PaymentGateway, PaymentMode } from '@travesia/contracts';
import { stripeProvider } from './stripe/adapter.js';
import type { GatewayEndpoints, GatewayProvider } from './types.js';
import { wompiProvider } from './wompi/adapter.js';

/** The adapters, keyed by gateway id (as the supplier registry keys suppliers). */
export const GATEWAY_PROVIDERS: Record<PaymentGateway, GatewayProvider> = { wompi: wompiProvider, stripe: stripeProvider };

/** The gateways' documented hosts per mode (decision 0331). */
const HOSTS: Record<PaymentGateway, Record<PaymentMode, GatewayEndpoints>> = {
  wompi: {
    test: { api: 'https://sandbox.wompi.co/v1', checkout: 'https://checkout.wompi.co/p/' },
    live: { api: 'https://production.wompi.co/v1', checkout: 'https://checkout.wompi.co/p/' },
  },
  stripe: {
    test: { api: 'https://api.stripe.com', checkout: '' },
    live: { api: 'https://api.stripe.com', checkout: '' },
  },
};

/**
 * Where an account talks (decision 0332): test mode of an agency in sandbox goes to the payment
 * simulator, which speaks the same protocol under `/wompi` and `/stripe`; otherwise the gateway's own
 * hosts (Wompi's sandbox for test mode, production for live; Stripe's one host with test or live keys).
 */
export function gatewayEndpoints(
  gateway: PaymentGateway,
  mode: PaymentMode,
  agencyMode: 'sandbox' | 'production',
  simulatorUrl: string,
): GatewayEndpoints {
  if (mode === 'test' && agencyMode === 'sandbox') {
    const base = `${simulatorUrl.replace(/\/$/, '')}/${gateway}`;
    return gateway === 'wompi' ? { api: `${base}/v1`, checkout: `${base}/checkout/p/` } : { api: base, checkout: '' };
  }
  return HOSTS[gateway][mode];
}
