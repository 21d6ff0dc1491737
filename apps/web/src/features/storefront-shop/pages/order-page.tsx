import { formatMoney } from '@travesia/contracts';
import { Alert, Button, Card, Descriptions, Form, Input, Result, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { storage } from '../../../lib/storage';
import { useOrder } from '../api/get-order';
import { dayOf } from '../components/checkout-parts';
import { canRetry, holdRemaining, orderPhase, PHASE_TEXT, retryTarget, voucherPdfUrl } from '../state';

/** The hold's countdown, once a second (no sleeps: an interval the component clears). */
function Countdown({ expiresAt }: { expiresAt: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  const left = holdRemaining(expiresAt, now);
  return (
    <p role="timer" aria-live="off">
      {left.expired ? 'El tiempo para pagar terminó' : `Tiempo para completar el pago: ${left.label}`}
    </p>
  );
}

/**
 * `/s/{slug}/pedido/{ref}` — the gateway's return page, which proves nothing: it asks the order again
 * until the verified webhook settled it — and `/s/{slug}/mi-reserva?ref=` (reference + e-mail).
 */
export function StorefrontOrderPage({ lookup = false }: { lookup?: boolean }) {
  const { slug = '', ref: pathRef } = useParams();
  const [params] = useSearchParams();
  const ref = pathRef ?? params.get('ref');
  const remembered = ref ? storage.get<string | null>(`storefront-order-${ref}`, null) : null;
  const [asked, setAsked] = useState<{ ref: string; email: string } | null>(ref && remembered ? { ref, email: remembered } : null);
  const order = useOrder(slug, asked?.ref ?? null, asked?.email ?? null, !lookup);
  const o = order.data;
  const phase = o ? orderPhase(o.status) : null;
  const navigate = useNavigate();
  const retry = retryTarget(ref ? storage.get<string | null>(`storefront-retry-${ref}`, null) : null, slug);
  return (
    <main style={{ maxWidth: 560, margin: '0 auto', padding: 16 }}>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {lookup ? 'Mi reserva' : phase ? PHASE_TEXT[phase].title : 'Procesando el pago'}
      </Typography.Title>
      {!asked && (
        <Form layout="vertical" initialValues={{ ref: ref ?? '' }} onFinish={(v: { ref: string; email: string }) => setAsked(v)}>
          <Form.Item label="Referencia" name="ref" rules={[{ required: true, message: 'Escribe la referencia de tu reserva' }]}>
            <Input />
          </Form.Item>
          <Form.Item
            label="Correo electrónico"
            name="email"
            rules={[{ required: true, type: 'email', message: 'Correo electrónico no válido' }]}
          >
            <Input type="email" autoComplete="email" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block>
            Consultar
          </Button>
        </Form>
      )}
      {order.isLoading && <Spin />}
      {order.error && <Alert type="error" showIcon message={order.error.message} />}
      {o && phase && (
        <>
          <Result
            status={phase === 'confirmed' ? 'success' : phase === 'processing' ? 'info' : 'warning'}
            subTitle={PHASE_TEXT[phase].text}
            extra={
              canRetry(phase) ? (
                <Button type="primary" onClick={() => navigate(retry)}>
                  Intentar de nuevo
                </Button>
              ) : o.status === 'booked' && o.voucher && asked ? (
                <Button type="primary" href={voucherPdfUrl(slug, o.orderRef, asked.email)} target="_blank" rel="noopener">
                  Descargar voucher (PDF)
                </Button>
              ) : null
            }
          />
          {o.status === 'awaiting-payment' && <Countdown expiresAt={o.holdExpiresAt} />}
          <Card>
            <Descriptions column={1} size="small">
              <Descriptions.Item label="Referencia">{o.orderRef}</Descriptions.Item>
              <Descriptions.Item label="Estado">{o.statusLabel}</Descriptions.Item>
              {o.hotel && (
                <>
                  <Descriptions.Item label="Hotel">{o.hotel.name}</Descriptions.Item>
                  <Descriptions.Item label="Fechas">
                    {dayOf(o.hotel.checkIn)} a {dayOf(o.hotel.checkOut)}
                  </Descriptions.Item>
                  <Descriptions.Item label="Habitaciones">{o.rooms.map((r) => r.name).join(' + ')}</Descriptions.Item>
                </>
              )}
              {o.ticket && (
                <>
                  <Descriptions.Item label="Actividad">
                    {o.ticket.activity}
                    {o.ticket.modality ? ` · ${o.ticket.modality}` : ''}
                  </Descriptions.Item>
                  <Descriptions.Item label="Día">
                    {dayOf(o.ticket.date)}
                    {o.ticket.session ? ` · ${o.ticket.session}` : ''}
                  </Descriptions.Item>
                  {o.ticket.language && <Descriptions.Item label="Idioma">{o.ticket.language}</Descriptions.Item>}
                  <Descriptions.Item label="Participantes">
                    {o.ticket.participants.adults} adulto(s)
                    {o.ticket.participants.children ? ` y ${o.ticket.participants.children} niño(s)` : ''}
                  </Descriptions.Item>
                </>
              )}
              {o.transfer && (
                <>
                  <Descriptions.Item label="Traslado">
                    {o.transfer.service} · {o.transfer.vehicle} · {o.transfer.passengers} pasajero(s)
                  </Descriptions.Item>
                  {o.transfer.legs.map((l) => (
                    <Descriptions.Item key={l.direction} label={l.direction === 'outbound' ? 'Ida' : 'Regreso'}>
                      {l.from} → {l.to}, {dayOf(l.date)} a las {l.time}
                      {l.transportNumber ? ` · vuelo ${l.transportNumber}` : ''}
                    </Descriptions.Item>
                  ))}
                </>
              )}
              <Descriptions.Item label="Titular">
                {o.holder.name} {o.holder.surname}
              </Descriptions.Item>
              <Descriptions.Item label="Total">{formatMoney(o.price.amount, o.price.currency)}</Descriptions.Item>
              {o.voucher && <Descriptions.Item label="Voucher">{o.voucher.reference}</Descriptions.Item>}
              {o.voucher?.locator && <Descriptions.Item label="Localizador">{o.voucher.locator}</Descriptions.Item>}
            </Descriptions>
          </Card>
        </>
      )}
    </main>
  );
}
