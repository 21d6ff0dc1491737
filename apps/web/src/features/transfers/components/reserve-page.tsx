import {
  formatMoney,
  TRANSFER_BOOKING_MESSAGES as M,
  sumAmounts,
  type TransferQuoteDto,
  type TransferReserveBody,
} from '@travesia/contracts';
import { Alert, Button, Card, Col, Descriptions, Divider, Form, Input, Row, Select, Space, Spin, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api';
import { checkoutKeyFor } from '../../../shared/booking/checkout/checkout-store';
import { FinalConfirmation, useFinalConfirmation } from '../../../shared/booking/checkout/final-confirmation';
import { ReserveConfirmation } from '../../../shared/booking/checkout/reserve-confirmation';
import { ReserveError } from '../../../shared/booking/checkout/reserve-error';
import { PriceChangeAcceptance, quoteChanged } from '../../../shared/booking/quote/price-change';
import { PageHeader } from '../../../shared/components/page-header';
import { applyServerErrors } from '../../../shared/forms/server-errors';
import { useQuoteTransfer } from '../api/quote-transfer';
import { useReserveTransfer } from '../api/reserve-transfer';
import { loadSelection, type TransferCheckout, transferCheckout } from '../state';

const TRANSPORTS = [
  { value: 'FLIGHT', label: 'Vuelo' },
  { value: 'CRUISE', label: 'Crucero' },
  { value: 'TRAIN', label: 'Tren' },
];
const NOUN = { FLIGHT: 'Vuelo', CRUISE: 'Crucero', TRAIN: 'Tren' } as const;

interface LegValues {
  transport?: { type: 'FLIGHT' | 'CRUISE' | 'TRAIN'; code?: string; companyName?: string };
  pickupAddress?: { name: string; address: string; town: string; zip: string; country: string };
}
interface ReserveValues {
  client: { name: string; surname: string; email: string; phone: string };
  legs: LegValues[];
  welcomeSign?: string;
  remarks?: string;
}

const trimmed = (v?: string) => v?.trim() || undefined;

/** One leg's transport and address fields, labelled by direction (arrival details on an arrival, departure on a departure). */
function LegFields({ q, index }: { q: TransferQuoteDto; index: number }) {
  const o = q.option;
  const arrival = o.direction === 'ARRIVAL';
  const noun = NOUN[q.transportType ?? 'FLIGHT'];
  const leg = o.leg === 'return' ? 'Regreso' : 'Ida';
  return (
    <Card title={`${leg}: ${o.from.description ?? o.from.code} → ${o.to.description ?? o.to.code}`} style={{ marginTop: 16 }}>
      <Typography.Paragraph type="secondary">
        {o.vehicle} · {o.transferType === 'PRIVATE' ? 'Privado' : 'Compartido'} · recogida {o.pickupDate} {o.pickupTime}
        {o.pickupDescription ? ` · ${o.pickupDescription}` : ''}
      </Typography.Paragraph>
      {(q.requires.transportNumber || q.transportType) && (
        <Space wrap align="start">
          <Form.Item name={['legs', index, 'transport', 'type']} label="Transporte" initialValue={q.transportType ?? 'FLIGHT'}>
            <Select style={{ width: 130 }} options={TRANSPORTS} />
          </Form.Item>
          <Form.Item
            name={['legs', index, 'transport', 'code']}
            label={`${noun} de ${arrival ? 'llegada' : 'salida'} (número)`}
            rules={
              q.requires.transportNumber ? [{ required: true, whitespace: true, message: M.transportRequired(leg.toLowerCase()) }] : []
            }
          >
            <Input style={{ width: 160 }} maxLength={20} />
          </Form.Item>
          <Form.Item
            name={['legs', index, 'transport', 'companyName']}
            label="Compañía"
            rules={q.requires.transportCompany ? [{ required: true, whitespace: true, message: M.companyRequired(leg.toLowerCase()) }] : []}
          >
            <Input style={{ width: 200 }} maxLength={100} />
          </Form.Item>
        </Space>
      )}
      {q.requires.pickupAddress && (
        <Space wrap align="start">
          {(['name', 'address', 'town', 'zip', 'country'] as const).map((f) => (
            <Form.Item
              key={f}
              name={['legs', index, 'pickupAddress', f]}
              label={{ name: 'Nombre del lugar', address: 'Dirección', town: 'Ciudad', zip: 'Código postal', country: 'País' }[f]}
              rules={[{ required: true, whitespace: true, message: M.addressRequired }]}
            >
              <Input />
            </Form.Item>
          ))}
        </Space>
      )}
    </Card>
  );
}

/**
 * `/reserve/transfer`: both legs quoted again with the supplier, changes accepted, the holder with
 * e-mail and E.164 phone, per leg the transport and address details, the welcome sign and remarks;
 * booked once under the checkout's idempotency key.
 */
export function TransferReservePage() {
  const navigate = useNavigate();
  const [selection] = useState(loadSelection);
  const [checkout, setCheckout] = useState<TransferCheckout | null>(() => transferCheckout.load());
  const out = useQuoteTransfer(selection?.outbound ? { cacheId: selection.cacheId, optionId: selection.outbound.optionId } : null);
  const back = useQuoteTransfer(selection?.return ? { cacheId: selection.cacheId, optionId: selection.return.optionId } : null);
  const [accepted, setAccepted] = useState<Record<string, boolean>>({});
  const [form] = Form.useForm<ReserveValues>();
  const reserve = useReserveTransfer();
  const inFlight = useRef(false);
  const [error, setError] = useState<ApiError | null>(null);
  // The form's values wait in the final confirmation (both legs' terms) until the agent confirms.
  const submitRef = useRef<(v: ReserveValues) => void>(() => {});
  const finalStep = useFinalConfirmation<ReserveValues>((v) => submitRef.current(v));

  if (checkout?.voucher && (!selection || checkout.quote.option.optionId === selection.outbound?.optionId)) {
    const booked = checkout;
    return (
      <ReserveConfirmation
        voucher={checkout.voucher}
        newSearchPath="/search/transfer"
        onSettled={(voucher) => transferCheckout.save({ ...booked, voucher })}
      />
    );
  }
  if (!selection?.outbound)
    return (
      <Alert
        type="info"
        showIcon
        message="No hay un traslado elegido para reservar"
        description="Busca un traslado y elige la ida (y el regreso)."
      />
    );
  if (out.isPending || (selection.return && back.isPending)) return <Spin tip="Cotizando con el proveedor…" />;
  const failed = out.error ?? back.error;
  if (failed)
    return (
      <Alert
        type="error"
        showIcon
        message={failed.message}
        action={<Button onClick={() => navigate(-1)}>Volver a los resultados</Button>}
      />
    );
  const quotes = [out.data, back.data].filter((q): q is TransferQuoteDto => Boolean(q));
  const pending = quotes.filter((q) => quoteChanged(q) && !accepted[q.quoteId]);
  const total = sumAmounts(quotes.map((q) => q.price.amount));
  const currency = quotes[0].price.currency;

  const submit = (v: ReserveValues) => {
    if (inFlight.current || pending.length) return;
    inFlight.current = true;
    setError(null);
    const previous = checkout && !checkout.voucher ? checkout : null;
    const current: TransferCheckout = {
      supplier: quotes[0].option.supplier,
      quote: quotes[0],
      returnQuote: quotes[1] ?? null,
      idempotencyKey: checkoutKeyFor(previous, quotes.map((q) => q.quoteId).join('+'), 'tr'),
      acceptedAt: new Date().toISOString(),
    };
    // The key belongs to this pair of quotes: kept under their joined id so a retry reuses it.
    const keyed = { ...current, quote: { ...current.quote, quoteId: quotes.map((q) => q.quoteId).join('+') } };
    transferCheckout.save(keyed);
    const body: TransferReserveBody = {
      legs: quotes.map((q, i) => {
        const leg = v.legs?.[i] ?? {};
        const code = trimmed(leg.transport?.code);
        return {
          quoteId: q.quoteId,
          ...(code && leg.transport
            ? {
                transport: {
                  type: leg.transport.type,
                  code,
                  ...(trimmed(leg.transport.companyName) ? { companyName: trimmed(leg.transport.companyName) } : {}),
                },
              }
            : {}),
          ...(leg.pickupAddress ? { pickupAddress: leg.pickupAddress } : {}),
        };
      }),
      client: { name: v.client.name.trim(), surname: v.client.surname.trim(), email: v.client.email.trim(), phone: v.client.phone.trim() },
      price: { gross: total, currency },
      ...(trimmed(v.welcomeSign) ? { welcomeSign: trimmed(v.welcomeSign) } : {}),
      ...(trimmed(v.remarks) ? { remarks: trimmed(v.remarks) } : {}),
    };
    reserve.mutate(
      { body, idempotencyKey: keyed.idempotencyKey },
      {
        onSuccess: (answer) => {
          const done = { ...keyed, voucher: answer.response };
          transferCheckout.save(done);
          setCheckout(done);
          window.scrollTo({ top: 0 });
        },
        onError: (err) => {
          applyServerErrors(form, err);
          setError(err instanceof ApiError ? err : new ApiError(0, String(err)));
        },
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };

  submitRef.current = submit;
  const legLabel = (q: TransferQuoteDto) =>
    `${q.option.leg === 'return' ? 'Regreso' : 'Ida'}: ${q.option.from.description ?? q.option.from.code} → ${q.option.to.description ?? q.option.to.code}`;

  return (
    <div>
      <PageHeader title="Reservar traslado" subtitle={selection.roundTrip ? 'Ida y regreso' : 'Solo ida'} />
      <FinalConfirmation
        open={finalStep.open}
        what={quotes.map((q) => `${legLabel(q)}, ${q.option.vehicle} (${q.option.supplierName}).`).join(' ')}
        price={{ amount: total, currency }}
        items={quotes.map((q) => ({ label: legLabel(q), policy: q.option.cancellation, price: q.price }))}
        confirming={reserve.isPending}
        onConfirm={finalStep.confirm}
        onCancel={finalStep.cancel}
      />
      <Row gutter={16}>
        <Col xs={24} lg={16}>
          {quotes.map((q) =>
            quoteChanged(q) ? (
              <PriceChangeAcceptance
                key={q.quoteId}
                quote={{ ...q, previousCancellation: null }}
                accepted={Boolean(accepted[q.quoteId])}
                onAccept={(a) => setAccepted((s) => ({ ...s, [q.quoteId]: a }))}
              />
            ) : null,
          )}
          <Form<ReserveValues> form={form} layout="vertical" onFinish={finalStep.ask} requiredMark={false} aria-label="Datos de la reserva">
            <Card title="Titular" style={{ marginTop: 16 }}>
              <Space wrap align="start">
                <Form.Item
                  name={['client', 'name']}
                  label="Nombre"
                  rules={[{ required: true, whitespace: true, message: 'Nombre del titular es requerido' }]}
                >
                  <Input />
                </Form.Item>
                <Form.Item
                  name={['client', 'surname']}
                  label="Apellido"
                  rules={[{ required: true, whitespace: true, message: 'Apellido del titular es requerido' }]}
                >
                  <Input />
                </Form.Item>
                <Form.Item name={['client', 'email']} label="Email" rules={[{ required: true, type: 'email', message: M.emailRequired }]}>
                  <Input type="email" />
                </Form.Item>
                <Form.Item
                  name={['client', 'phone']}
                  label="Teléfono (formato internacional)"
                  rules={[{ required: true, pattern: /^\+[1-9]\d{6,14}$/, message: M.phoneInvalid }]}
                >
                  <Input placeholder="+573001112233" />
                </Form.Item>
              </Space>
            </Card>
            {quotes.map((q, i) => (
              <LegFields key={q.quoteId} q={q} index={i} />
            ))}
            <Card style={{ marginTop: 16 }}>
              <Form.Item
                name="welcomeSign"
                label="Nombre en el cartel de bienvenida"
                rules={[{ max: 60, message: 'Máximo 60 caracteres' }]}
              >
                <Input />
              </Form.Item>
              <Form.Item name="remarks" label="Observaciones para el proveedor" rules={[{ max: 1000, message: 'Máximo 1000 caracteres' }]}>
                <Input.TextArea rows={3} />
              </Form.Item>
              {error && <ReserveError error={error} onRequote={() => navigate(-1)} />}
              <Button
                type="primary"
                htmlType="submit"
                size="large"
                loading={reserve.isPending}
                disabled={reserve.isPending || pending.length > 0}
              >
                Reservar
              </Button>
            </Card>
          </Form>
        </Col>
        <Col xs={24} lg={8}>
          <Card title="Resumen">
            <Descriptions
              size="small"
              column={1}
              items={quotes.map((q) => ({
                key: q.quoteId,
                label: q.option.leg === 'return' ? 'Regreso' : 'Ida',
                children: `${q.option.vehicle} · ${q.option.supplierName} · ${formatMoney(q.price.amount, q.price.currency)}`,
              }))}
            />
            <Divider style={{ margin: '12px 0' }} />
            <Typography.Title level={3} style={{ margin: 0 }}>
              {formatMoney(total, currency)}
            </Typography.Title>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
