import { formatMoney, type StorefrontTicketOrderBody } from '@travesia/contracts';
import { Card, Form, Input, InputNumber, Select, Typography } from 'antd';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useCreateTicketOrder } from '../api/create-ticket-order';
import { useQuoteTicket } from '../api/quote-ticket';
import { BillingFields, CheckoutFrame, dayOf, PayButton, PriceChanged, payAt } from '../components/checkout-parts';

interface Values {
  billing: StorefrontTicketOrderBody['billing'];
  participants: Array<{ name: string; surname: string; age?: number }>;
  session?: string;
  language?: string;
  pickupPoint?: string;
  answers?: Record<string, string>;
  holderAddress?: StorefrontTicketOrderBody['holderAddress'];
  comments?: string;
}

const ADDRESS_FIELDS = {
  address: 'Dirección del titular',
  city: 'Ciudad del titular',
  postalCode: 'Código postal del titular',
  country: 'País del titular (código de 2 letras, p. ej. CO)',
} as const;

/**
 * `/s/{slug}/tickets/reservar?cache&opcion`: the ticket re-priced (a changed price must be accepted), the
 * session, language and pickup it offers, its questions, one participant per person searched, the holder's
 * address when the supplier asks for it, billing, "Pagar" → the gateway's checkout.
 */
export function StorefrontTicketCheckoutPage() {
  const { slug = '' } = useParams();
  const [params] = useSearchParams();
  const cacheId = params.get('cache');
  const optionId = params.get('opcion');
  const quote = useQuoteTicket(slug, cacheId && optionId ? { cacheId, optionId } : null);
  const order = useCreateTicketOrder(slug);
  const [accepted, setAccepted] = useState(false);
  const [form] = Form.useForm<Values>();
  const session = Form.useWatch('session', form);
  const q = quote.data;
  const people = q ? q.participants.adults + q.participants.children.length : 0;
  // A session that lists its languages offers only those (own tickets).
  const sessionLanguages = q?.sessions.find((s) => s.code === session)?.languages;
  const languages = q ? (sessionLanguages ? q.languages.filter((l) => sessionLanguages.includes(l.code)) : q.languages) : [];
  const addressNeeded = (q?.requiredHolderFields ?? []).filter((f) => f in ADDRESS_FIELDS) as Array<keyof typeof ADDRESS_FIELDS>;
  const onFinish = (v: Values) => {
    if (!q || !cacheId || !optionId) return;
    const address = v.holderAddress && Object.values(v.holderAddress).some(Boolean) ? v.holderAddress : undefined;
    order.mutate(
      {
        cacheId,
        optionId,
        price: q.price,
        participants: v.participants.map((p, i) => ({
          name: p.name,
          surname: p.surname,
          ...(i >= q.participants.adults ? { age: q.participants.children[i - q.participants.adults] } : p.age ? { age: p.age } : {}),
        })),
        ...(v.session ? { session: v.session } : {}),
        ...(v.language ? { language: v.language } : {}),
        ...(v.pickupPoint ? { pickupPoint: v.pickupPoint } : {}),
        answers: Object.entries(v.answers ?? {})
          .filter(([, a]) => a?.trim())
          .map(([code, answer]) => ({ code, answer })),
        ...(v.comments ? { comments: v.comments } : {}),
        ...(address ? { holderAddress: address } : {}),
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
              {q.activity.name}
            </Typography.Title>
            {q.modality.name !== q.activity.name && <p>{q.modality.name}</p>}
            <p>Día: {dayOf(q.date)}</p>
            <p>
              {q.participants.adults} adulto(s){q.participants.children.length ? ` y ${q.participants.children.length} niño(s)` : ''}
            </p>
            {q.meetingPoint && (
              <p>Punto de encuentro: {[q.meetingPoint.description, q.meetingPoint.address].filter(Boolean).join(' · ')}</p>
            )}
            <p>
              {q.freeCancellationUntil
                ? `Cancelación gratis hasta ${dayOf(q.freeCancellationUntil)}`
                : q.cancellation.refundable
                  ? 'Reembolsable con penalidad'
                  : 'No reembolsable'}
            </p>
            <p>
              Total: <strong>{formatMoney(q.price.amount, q.price.currency)}</strong>
            </p>
            {q.priceChanged && !accepted && <PriceChanged price={q.price} previous={q.previousPrice} onAccept={() => setAccepted(true)} />}
          </Card>
          <Form<Values>
            form={form}
            layout="vertical"
            onFinish={onFinish}
            initialValues={{
              billing: { document: { type: 'CC' } },
              participants: Array.from({ length: people }, () => ({ name: '', surname: '' })),
              session: q.sessions.length === 1 ? q.sessions[0].code : undefined,
              language: q.languages.length === 1 ? q.languages[0].code : undefined,
            }}
          >
            {q.sessions.length > 0 && (
              <Form.Item label="Horario" name="session" rules={[{ required: true, message: 'Elige un horario' }]}>
                <Select options={q.sessions.map((s) => ({ value: s.code, label: s.name }))} />
              </Form.Item>
            )}
            {languages.length > 0 && (
              <Form.Item label="Idioma" name="language" rules={[{ required: true, message: 'Elige un idioma' }]}>
                <Select options={languages.map((l) => ({ value: l.code, label: l.name }))} />
              </Form.Item>
            )}
            {q.pickupPoints.length > 0 && (
              <Form.Item label="Punto de recogida" name="pickupPoint">
                <Select
                  allowClear
                  options={q.pickupPoints.map((p) => ({ value: p.code, label: [p.name, p.time].filter(Boolean).join(' · ') }))}
                />
              </Form.Item>
            )}
            {q.questions.map((x) => (
              <Form.Item
                key={x.code}
                label={x.text}
                name={['answers', x.code]}
                rules={x.required ? [{ required: true, whitespace: true, message: 'Esta respuesta es obligatoria' }] : []}
              >
                <Input />
              </Form.Item>
            ))}
            <Typography.Title level={2} style={{ fontSize: 18 }}>
              Participantes
            </Typography.Title>
            {Array.from({ length: people }, (_, i) => {
              const child = i >= q.participants.adults;
              const who = child
                ? `niño ${i - q.participants.adults + 1} (${q.participants.children[i - q.participants.adults]} años)`
                : `adulto ${i + 1}`;
              return (
                <fieldset key={`participante-${who}`} style={{ border: 0, padding: 0 }}>
                  <Form.Item
                    label={`Nombre del ${who}`}
                    name={['participants', i, 'name']}
                    rules={[{ required: true, message: 'Nombre es obligatorio' }]}
                  >
                    <Input />
                  </Form.Item>
                  <Form.Item
                    label={`Apellido del ${who}`}
                    name={['participants', i, 'surname']}
                    rules={[{ required: true, message: 'Apellido es obligatorio' }]}
                  >
                    <Input />
                  </Form.Item>
                  {!child && (
                    <Form.Item label={`Edad del ${who} (opcional)`} name={['participants', i, 'age']}>
                      <InputNumber min={0} max={99} style={{ width: '100%' }} />
                    </Form.Item>
                  )}
                </fieldset>
              );
            })}
            <BillingFields />
            {addressNeeded.map((f) => (
              <Form.Item
                key={f}
                label={ADDRESS_FIELDS[f]}
                name={['holderAddress', f === 'country' ? 'countryCode' : f]}
                rules={[{ required: true, whitespace: true, message: `${ADDRESS_FIELDS[f]} es obligatorio` }]}
              >
                <Input />
              </Form.Item>
            ))}
            <Form.Item label="Comentarios para el proveedor (opcional)" name="comments">
              <Input.TextArea rows={2} maxLength={1000} />
            </Form.Item>
            <PayButton price={q.price} pending={order.isPending} blocked={q.priceChanged && !accepted} />
          </Form>
        </>
      )}
    </CheckoutFrame>
  );
}
