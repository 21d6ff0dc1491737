import type { PaymentGateway, PaymentMode } from '@travesia/contracts';
import { mercadoPagoProvider } from './mercadopago/adapter.js';
import { payuProvider } from './payu/adapter.js';
import { stripeProvider } from './stripe/adapter.js';
import type { GatewayEndpoints, GatewayProvider } from './types.js';
import { wompiProvider } from './wompi/adapter.js';

/** The adapters, keyed by gateway id (as the supplier registry keys suppliers). */
export const GATEWAY_PROVIDERS: Record<PaymentGateway, GatewayProvider> = {
  wompi: wompiProvider,
  stripe: stripeProvider,
  payu: payuProvider,
  mercadopago: mercadoPagoProvider,
};

/** The gateways' documented hosts per mode (decisions 0331 and 0520). */
const HOSTS: Record<PaymentGateway, Record<PaymentMode, GatewayEndpoints>> = {
  wompi: {
    test: { api: 'https://sandbox.wompi.co/v1', checkout: 'https://checkout.wompi.co/p/' },
    live: { api: 'https://production.wompi.co/v1', checkout: 'https://checkout.wompi.co/p/' },
  },
  stripe: {
    test: { api: 'https://api.stripe.com', checkout: '' },
    live: { api: 'https://api.stripe.com', checkout: '' },
  },
  payu: {
    test: { api: 'https://sandbox.api.payulatam.com', checkout: 'https://sandbox.checkout.payulatam.com/ppp-web-gateway-payu/' },
    live: { api: 'https://api.payulatam.com', checkout: 'https://checkout.payulatam.com/ppp-web-gateway-payu/' },
  },
  // One host; test credentials (of a test user) pay on the `sandbox_init_point` the preference answers.
  mercadopago: {
    test: { api: 'https://api.mercadopago.com', checkout: '' },
    live: { api: 'https://api.mercadopago.com', checkout: '' },
  },
};

/** The simulator's paths per gateway, under `<sim>/<gateway>` (decision 0332). */
const SIMULATED: Record<PaymentGateway, (base: string) => GatewayEndpoints> = {
  wompi: (base) => ({ api: `${base}/v1`, checkout: `${base}/checkout/p/` }),
  stripe: (base) => ({ api: base, checkout: '' }),
  payu: (base) => ({ api: base, checkout: `${base}/ppp-web-gateway-payu/` }),
  mercadopago: (base) => ({ api: base, checkout: '' }),
};

/**
 * Where an account talks (decision 0332): test mode of an agency in sandbox goes to the payment
 * simulator, which speaks the same protocol under `/wompi`, `/stripe`, `/payu` and `/mercadopago`;
 * otherwise the gateway's own hosts (Wompi's and PayU's sandboxes for test mode, production for live;
 * Stripe's and Mercado Pago's one host with test or live credentials).
 */
export function gatewayEndpoints(
  gateway: PaymentGateway,
  mode: PaymentMode,
  agencyMode: 'sandbox' | 'production',
  simulatorUrl: string,
): GatewayEndpoints {
  if (mode === 'test' && agencyMode === 'sandbox') {
    return SIMULATED[gateway](`${simulatorUrl.replace(/\/$/, '')}/${gateway}`);
  }
  return HOSTS[gateway][mode];
}
