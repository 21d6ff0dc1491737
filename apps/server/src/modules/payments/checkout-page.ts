import { PAYMENT_GATEWAY_LABELS, type PaymentGateway } from '@travesia/contracts';
import type { CheckoutForm } from './gateways/types.js';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * The page a form checkout (PayU WebCheckout, decision 0520) sends the traveller to: the amount and one
 * button that POSTs the signed form to the gateway. No script (the platform's CSP allows none inline),
 * Spanish, readable at 390 px.
 */
export function formCheckoutPage(p: { gateway: PaymentGateway; amount: string; currency: string; form: CheckoutForm }): string {
  const name = PAYMENT_GATEWAY_LABELS[p.gateway];
  const fields = Object.entries(p.form.fields)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join('');
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Pagar con ${esc(name)}</title><style>
body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#f4f6f8;color:#1a1a1a} main{max-width:28rem;margin:0 auto;padding:1rem}
.card{background:#fff;border-radius:12px;padding:1.25rem;box-shadow:0 1px 3px #0002} h1{font-size:1.35rem;margin:.25rem 0 1rem}
.amount{font-size:1.6rem;font-weight:700;margin:.25rem 0} .note{color:#4a5560;font-size:.9rem}
button{width:100%;min-height:48px;border:0;border-radius:8px;background:#0b5cad;color:#fff;font:inherit;font-weight:600;cursor:pointer}
button:focus-visible{outline:3px solid #f0a000;outline-offset:2px}
</style></head><body><main><div class="card"><h1>Pagar con ${esc(name)}</h1>
<p>Total a pagar</p><p class="amount">${esc(p.amount)} ${esc(p.currency)}</p>
<form method="post" action="${esc(p.form.action)}">${fields}<button type="submit">Continuar al pago en ${esc(name)}</button></form>
<p class="note">Serás dirigido a la página segura de ${esc(name)} para completar el pago.</p></div></main></body></html>`;
}

/** The page's CSP: nothing but its inline style, and the form may only go to the gateway's origin. */
export function formCheckoutCsp(action: string): string {
  return `default-src 'none'; style-src 'unsafe-inline'; form-action ${new URL(action).origin}; base-uri 'none'; frame-ancestors 'none'`;
}
