import { PAYMENT_SCENARIO_LABELS, PAYMENT_SCENARIOS, type SimCheckout } from './core.js';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const STYLE = `
  *{box-sizing:border-box} body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#f4f6f8;color:#1a1a1a}
  main{max-width:28rem;margin:0 auto;padding:1rem} .card{background:#fff;border-radius:12px;padding:1.25rem;box-shadow:0 1px 3px #0002}
  h1{font-size:1.35rem;margin:.25rem 0 1rem} .amount{font-size:1.6rem;font-weight:700;margin:.25rem 0}
  fieldset{border:1px solid #c8ced4;border-radius:8px;margin:1rem 0;padding:.5rem .75rem} legend{font-weight:600;padding:0 .25rem}
  label{display:flex;gap:.5rem;align-items:center;padding:.4rem 0;min-height:44px} input[type=radio]{width:1.2rem;height:1.2rem}
  .field{display:block;margin:.5rem 0} .field input{width:100%;padding:.6rem;border:1px solid #8a949e;border-radius:6px;font:inherit}
  button{width:100%;min-height:48px;border:0;border-radius:8px;background:#0b5cad;color:#fff;font:inherit;font-weight:600;cursor:pointer}
  button:focus-visible,input:focus-visible{outline:3px solid #f0a000;outline-offset:2px} .note{color:#4a5560;font-size:.9rem}
`;

export function page(title: string, body: string): string {
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** The currency's decimals as the simulated gateways use them (zero-decimal currencies, else hundredths). */
export const decimalsOf = (currency: string) => (['CLP', 'JPY', 'KRW', 'PYG', 'VND'].includes(currency.toUpperCase()) ? 0 : 2);

function money(amountMinor: number, currency: string): string {
  const digits = decimalsOf(currency);
  return `${new Intl.NumberFormat('es-CO', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(amountMinor / 10 ** digits)} ${currency}`;
}

/** The hosted checkout page: amount, a simulated card and the scenario to play (a form, no script). */
export function checkoutPage(gatewayName: string, c: SimCheckout, action: string): string {
  const options = PAYMENT_SCENARIOS.map(
    (s, i) =>
      `<label><input type="radio" name="scenario" value="${s}"${i === 0 ? ' checked' : ''}> ${esc(PAYMENT_SCENARIO_LABELS[s])}</label>`,
  ).join('');
  return page(
    `Pagar con ${gatewayName} (simulador)`,
    `<div class="card"><h1>Pagar con ${esc(gatewayName)} <span class="note">(simulador de pruebas)</span></h1>
<p>Total a pagar</p><p class="amount">${esc(money(c.amountMinor, c.currency))}</p>
<p class="note">Referencia: ${esc(c.reference)}</p>
<form method="post" action="${esc(action)}">
<label class="field" for="card">Número de tarjeta (prueba)<input id="card" name="card" inputmode="numeric" autocomplete="cc-number" value="4242 4242 4242 4242"></label>
<fieldset><legend>Resultado simulado</legend>${options}</fieldset>
<button type="submit">Pagar</button></form></div>`,
  );
}

export function messagePage(title: string, text: string): string {
  return page(title, `<div class="card"><h1>${esc(title)}</h1><p>${esc(text)}</p></div>`);
}
