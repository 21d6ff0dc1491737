import { formatMoney, type StorefrontOrderBody } from '@travesia/contracts';
import { Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useCreateOrder } from '../api/create-order';
import { useQuoteOption } from '../api/quote-option';
import { BillingFields, CheckoutFrame, PayButton, PriceChanged, payAt } from '../components/checkout-parts';

type Billing = StorefrontOrderBody['billing'];
interface Values {
  billing: Billing;
  travellers: Array<Array<{ name: string; surname: string }>>;
}

/** `/s/{slug}/hoteles/reservar?cache&opcion`: the option re-priced, traveller and billing, "Pagar". */
export function StorefrontCheckoutPage() {
  const { slug = '' } = useParams();
  const [params] = useSearchParams();
  const cacheId = params.get('cache');
  const optionId = params.get('opcion');
  const quote = useQuoteOption(slug, cacheId && optionId ? { cacheId, optionId } : null);
  const order = useCreateOrder(slug);
  const [accepted, setAccepted] = useState(false);
  const q = quote.data;
  const onFinish = (v: Values) => {
    if (!q || !cacheId || !optionId) return;
    order.mutate(
      {
        cacheId,
        optionId,
        price: q.price,
        billing: v.billing,
        travellers: v.travellers.map((room) => room.map((p) => ({ ...p, type: 'adult' as const }))),
      },
      {
        onSuccess: (r) => payAt(r, v.billing.email),
      },
    );
  };
  return (
    <CheckoutFrame loading={quote.isLoading} error={order.error ?? quote.error}>
      {q && (
        <>
          <Card style={{ marginBottom: 16 }}>
            <Typography.Title level={2} style={{ fontSize: 18 }}>
              {q.hotel.name}
            </Typography.Title>
            <p>
              {q.rooms.map((r) => r.name).join(' + ')} · {q.board.label}
            </p>
            <p>
              Del {q.checkIn.split('-').reverse().join('-')} al {q.checkOut.split('-').reverse().join('-')}
            </p>
            <p>
              Total: <strong>{formatMoney(q.price.amount, q.price.currency)}</strong>
            </p>
            {q.priceChanged && !accepted && <PriceChanged price={q.price} previous={q.previousPrice} onAccept={() => setAccepted(true)} />}
          </Card>
          <Form<Values>
            layout="vertical"
            onFinish={onFinish}
            initialValues={{
              billing: { document: { type: 'CC' } },
              travellers: q.rooms.map((r) => Array.from({ length: r.adults + r.childrenAges.length }, () => ({ name: '', surname: '' }))),
            }}
          >
            <BillingFields />
            {seatsOf(q.rooms).map((room) => (
              <fieldset key={room.id} style={{ border: 0, padding: 0 }}>
                <Typography.Title level={2} style={{ fontSize: 16 }}>
                  Viajeros — habitación {room.number}
                </Typography.Title>
                {room.seats.map((seat) => (
                  <TravellerFields key={seat.id} room={room.number - 1} index={seat.index} who={seat.who} />
                ))}
              </fieldset>
            ))}
            <PayButton price={q.price} pending={order.isPending} blocked={q.priceChanged && !accepted} />
          </Form>
        </>
      )}
    </CheckoutFrame>
  );
}

/** One entry per room and per traveller (adults, then the children with their ages), with stable ids (the quote's rooms never reorder). */
function seatsOf(rooms: Array<{ adults: number; childrenAges: number[] }>) {
  return rooms.map((r, i) => ({
    id: `habitacion-${i + 1}`,
    number: i + 1,
    seats: Array.from({ length: r.adults + r.childrenAges.length }, (_, j) => ({
      id: `viajero-${i + 1}-${j + 1}`,
      index: j,
      who:
        j < r.adults
          ? `del viajero ${j + 1}`
          : `del niño ${j - r.adults + 1} (${r.childrenAges[j - r.adults]} ${r.childrenAges[j - r.adults] === 1 ? 'año' : 'años'})`,
    })),
  }));
}

function TravellerFields({ room, index, who }: { room: number; index: number; who: string }) {
  return (
    <>
      <Form.Item
        label={`Nombre ${who}`}
        name={['travellers', room, index, 'name']}
        rules={[{ required: true, message: 'Nombre es obligatorio' }]}
      >
        <Input />
      </Form.Item>
      <Form.Item
        label={`Apellido ${who}`}
        name={['travellers', room, index, 'surname']}
        rules={[{ required: true, message: 'Apellido es obligatorio' }]}
      >
        <Input />
      </Form.Item>
    </>
  );
}
