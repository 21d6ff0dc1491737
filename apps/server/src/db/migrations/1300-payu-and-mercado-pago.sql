-- Issue 20 item 3 (docs/decisions/0520): PayU Latam and Mercado Pago beside Wompi and Stripe.
alter table payment_gateways drop constraint payment_gateways_gateway_check;
alter table payment_gateways add constraint payment_gateways_gateway_check
  check (gateway in ('wompi', 'stripe', 'payu', 'mercadopago'));
alter table payments drop constraint payments_gateway_check;
alter table payments add constraint payments_gateway_check
  check (gateway in ('wompi', 'stripe', 'payu', 'mercadopago'));

-- PayU's WebCheckout is an HTML form POSTed to the gateway: its action and fields, rendered by the
-- platform's checkout page (`GET /api/payments/:id/checkout`); null for redirect checkouts.
alter table payments add column checkout_form jsonb check (checkout_form is null or jsonb_typeof(checkout_form) = 'object');
