import { formatMoney, type StorefrontTransferOrderBody } from '@travesia/contracts';
import { Card, Form, Input, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useCreateTransferOrder } from '../api/create-transfer-order';
import { useQuoteTransfer } from '../api/quote-transfer';
import { BillingFields, CheckoutFrame, dayOf, PayButton, PriceChanged, payAt } from '../components/checkout-parts';

type Leg = StorefrontTransferOrderBody['legs'][number];
interface Values {
  billing: StorefrontTransferOrderBody['billing'];
  legs: Array<{ code?: string; companyName?: string; pickupAddress?: Leg['pickupAddress'] }>;
  welcomeSign?: string;
  remarks?: string;
}

const TRANSPORT = { FLIGHT: 'vuelo', CRUISE: 'crucero', TRAIN: 'tren' } as const;

/**
 * `/s/{slug}/traslados/reservar?cache&opcion[&regreso]`: the service re-priced (a changed price must be accepted),
 * per leg what it needs — the flight (cruise, train) number and company, the pickup address —, the welcome sign,
 * the holder's billing with e-mail and E.164 phone, "Pagar" → the gateway's checkout.
 */
export function StorefrontTransferCheckoutPage() {
  const { slug = '' } = useParams();
  const [params] = useSearchParams();
  const ref = useMemo(() => {
    const cacheId = params.get('cache');
    const optionId = params.get('opcion');
    const back = params.get('regreso');
    return cacheId && optionId ? { cacheId, optionId, ...(back ? { returnOptionId: back } : {}) } : null;
  }, [params]);
  const quote = useQuoteTransfer(slug, ref);
  const order = useCreateTransferOrder(slug);
  const [accepted, setAccepted] = useState(false);
  const q = quote.data;
  const onFinish = (v: Values) => {
    if (!q || !ref) return;
    order.mutate(
      {
        ...ref,
        price: q.price,
        legs: q.legs.map((need, i) => {
          const leg = v.legs?.[i] ?? {};
          return {
            ...(leg.code
              ? {
                  transport: {
                    type: need.transportType ?? 'FLIGHT',
                    code: leg.code,
                    ...(leg.companyName ? { companyName: leg.companyName } : {}),
                  },
                }
              : {}),
            ...(need.pickupAddress && leg.pickupAddress ? { pickupAddress: leg.pickupAddress } : {}),
          };
        }),
        ...(v.welcomeSign ? { welcomeSign: v.welcomeSign } : {}),
        ...(v.remarks ? { remarks: v.remarks } : {}),
        billing: v.billing,
      },
      { onSuccess: (r) => payAt(r, v.billing.email) },
    );
  };
  return (
    <CheckoutFrame loading={quote.isLoading} error={order.error ?? quote.error}>
      {q && (
        <>
          <Card style={{ marginBottom: 16 }}>
            <Typography.Title level={2} style={{ fontSize: 18 }}>
              Traslado {q.offer.transferType === 'PRIVATE' ? 'privado' : 'compartido'} · {q.offer.vehicle}
            </Typography.Title>
            {q.offer.legs.map((l) => (
              <p key={l.direction}>
                <strong>{l.direction === 'outbound' ? 'Ida' : 'Regreso'}:</strong> {l.from} → {l.to}, {dayOf(l.pickupDate)}
                {l.checkPickup ? ' (el proveedor confirmará la hora de recogida)' : ` a las ${l.pickupTime}`}
                {l.pickupDescription ? ` · ${l.pickupDescription}` : ''}
              </p>
            ))}
            <p>
              {q.offer.freeCancellationUntil
                ? `Cancelación gratis hasta ${dayOf(q.offer.freeCancellationUntil)}`
                : q.offer.cancellation.refundable
                  ? 'Reembolsable con penalidad'
                  : 'No reembolsable'}
            </p>
            <p>
              Total: <strong>{formatMoney(q.price.amount, q.price.currency)}</strong>
            </p>
            {q.priceChanged && !accepted && <PriceChanged price={q.price} previous={q.previousPrice} onAccept={() => setAccepted(true)} />}
          </Card>
          <Form<Values> layout="vertical" onFinish={onFinish} initialValues={{ billing: { document: { type: 'CC' } } }}>
            {q.legs.map((need, i) => {
              const leg = q.offer.legs[i];
              const name = leg.direction === 'outbound' ? 'ida' : 'regreso';
              const what = TRANSPORT[need.transportType ?? 'FLIGHT'];
              const asksTransport = need.transportNumber || need.transportType !== null;
              if (!asksTransport && !need.transportCompany && !need.pickupAddress) return null;
              return (
                <fieldset key={leg.direction} style={{ border: 0, padding: 0 }}>
                  <Typography.Title level={2} style={{ fontSize: 18 }}>
                    Tramo de {name}: {leg.from} → {leg.to}
                  </Typography.Title>
                  {asksTransport && (
                    <Form.Item
                      label={`Número de ${what} (${name})${need.transportNumber ? '' : ' (opcional)'}`}
                      name={['legs', i, 'code']}
                      extra="Por ejemplo AV9540"
                      rules={[
                        { required: need.transportNumber, whitespace: true, message: `Falta el número de ${what} del tramo de ${name}` },
                        { pattern: /^[A-Za-z0-9 -]{2,20}$/, message: `Número de ${what} no válido` },
                      ]}
                    >
                      <Input autoComplete="off" />
                    </Form.Item>
                  )}
                  {(asksTransport || need.transportCompany) && (
                    <Form.Item
                      label={`Compañía (${name})${need.transportCompany ? '' : ' (opcional)'}`}
                      name={['legs', i, 'companyName']}
                      rules={
                        need.transportCompany ? [{ required: true, whitespace: true, message: 'Falta la compañía de transporte' }] : []
                      }
                    >
                      <Input />
                    </Form.Item>
                  )}
                  {need.pickupAddress &&
                    (
                      [
                        ['name', 'Nombre del lugar de recogida (hotel, edificio)'],
                        ['address', 'Dirección de recogida'],
                        ['town', 'Ciudad'],
                        ['zip', 'Código postal'],
                        ['country', 'País'],
                      ] as const
                    ).map(([field, label]) => (
                      <Form.Item
                        key={field}
                        label={`${label} (${name})`}
                        name={['legs', i, 'pickupAddress', field]}
                        rules={[{ required: true, whitespace: true, message: `${label} es obligatorio` }]}
                      >
                        <Input />
                      </Form.Item>
                    ))}
                </fieldset>
              );
            })}
            <BillingFields />
            <Form.Item label="Nombre para el cartel de bienvenida (opcional)" name="welcomeSign">
              <Input maxLength={60} />
            </Form.Item>
            <Form.Item label="Observaciones (opcional)" name="remarks">
              <Input.TextArea rows={2} maxLength={1000} />
            </Form.Item>
            <PayButton price={q.price} pending={order.isPending} blocked={q.priceChanged && !accepted} />
          </Form>
        </>
      )}
    </CheckoutFrame>
  );
}
