import { formatMoney, type StorefrontCheckout } from '@travesia/contracts';
import { Alert, Button, Form, Input, Select, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { ApiError } from '../../../lib/api';
import { storage } from '../../../lib/storage';

/** Every product's checkout page: the heading, the re-quote's spinner, the quote's or the order's error. */
export function CheckoutFrame({ loading, error, children }: { loading: boolean; error: unknown; children: ReactNode }) {
  const message = (error as ApiError | null)?.message;
  return (
    <main style={{ maxWidth: 560, margin: '0 auto', padding: 16 }}>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        Completa tu reserva
      </Typography.Title>
      {loading && <Spin tip="Confirmando el precio…" />}
      {message && <Alert type="error" showIcon message={message} style={{ marginBottom: 12 }} />}
      {children}
    </main>
  );
}

/** "Pagar <total>": held back while a changed price is not accepted. */
export function PayButton({
  price,
  pending,
  blocked,
}: {
  price: { amount: string; currency: string };
  pending: boolean;
  blocked: boolean;
}) {
  return (
    <Button type="primary" htmlType="submit" block loading={pending} disabled={blocked}>
      Pagar {formatMoney(price.amount, price.currency)}
    </Button>
  );
}

/**
 * The checkout's billing block, the same for every product (contracts `storefrontBillingSchema`): name,
 * surname, e-mail, phone in E.164, identity document. Field names under `billing`.
 */
export function BillingFields() {
  return (
    <>
      <Typography.Title level={2} style={{ fontSize: 18 }}>
        Datos de facturación
      </Typography.Title>
      <Form.Item label="Nombre" name={['billing', 'name']} rules={[{ required: true, message: 'Nombre es obligatorio' }]}>
        <Input autoComplete="given-name" />
      </Form.Item>
      <Form.Item label="Apellido" name={['billing', 'surname']} rules={[{ required: true, message: 'Apellido es obligatorio' }]}>
        <Input autoComplete="family-name" />
      </Form.Item>
      <Form.Item
        label="Correo electrónico"
        name={['billing', 'email']}
        rules={[{ required: true, type: 'email', message: 'Correo electrónico no válido' }]}
      >
        <Input type="email" autoComplete="email" />
      </Form.Item>
      <Form.Item
        label="Teléfono"
        name={['billing', 'phone']}
        extra="Formato internacional, p. ej. +573001234567"
        rules={[{ required: true, pattern: /^\+[1-9]\d{6,14}$/, message: 'Teléfono no válido: usa el formato internacional' }]}
      >
        <Input type="tel" autoComplete="tel" />
      </Form.Item>
      <Form.Item label="Tipo de documento" name={['billing', 'document', 'type']}>
        <Select
          options={[
            { value: 'CC', label: 'Cédula de ciudadanía' },
            { value: 'CE', label: 'Cédula de extranjería' },
            { value: 'NIT', label: 'NIT' },
            { value: 'PASAPORTE', label: 'Pasaporte' },
          ]}
        />
      </Form.Item>
      <Form.Item
        label="Número de documento"
        name={['billing', 'document', 'number']}
        rules={[{ required: true, message: 'Documento de identidad es obligatorio' }]}
      >
        <Input />
      </Form.Item>
    </>
  );
}

/** A changed price the traveller must accept before paying. */
export function PriceChanged({
  price,
  previous,
  onAccept,
}: {
  price: { amount: string; currency: string };
  previous: { amount: string; currency: string };
  onAccept: () => void;
}) {
  return (
    <Alert
      type="warning"
      showIcon
      message={`El precio cambió de ${formatMoney(previous.amount, previous.currency)} a ${formatMoney(price.amount, price.currency)}`}
      action={
        <Button size="small" onClick={onAccept}>
          Aceptar el nuevo precio
        </Button>
      }
    />
  );
}

/**
 * To the gateway's checkout; the return page then shows the order to the e-mail that made it, and offers
 * this checkout again when the payment does not book.
 */
export function payAt(checkout: StorefrontCheckout, email: string) {
  storage.set(`storefront-order-${checkout.orderRef}`, email);
  storage.set(`storefront-retry-${checkout.orderRef}`, `${location.pathname}${location.search}`);
  location.assign(checkout.checkoutUrl);
}

/** `yyyy-MM-dd` as the traveller reads it. */
export const dayOf = (iso: string) => iso.slice(0, 10).split('-').reverse().join('-');
