import { formatDate, formatMoney, type HotelReserveBody } from '@travesia/contracts';
import { Button, Card, Col, Descriptions, Divider, Form, Input, Row, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api';
import { FinalConfirmation, useFinalConfirmation } from '../../../shared/booking/checkout/final-confirmation';
import { ReserveConfirmation } from '../../../shared/booking/checkout/reserve-confirmation';
import { ReserveError } from '../../../shared/booking/checkout/reserve-error';
import { useReserveVoucher } from '../../../shared/booking/checkout/reserve-voucher';
import { CancellationPolicy, nightsBetween } from '../../../shared/booking/display/cancellation-policy';
import { HolderFields, type HolderValues, holderBody, trimmed, useHolderMirror } from '../../../shared/booking/travellers/holder-fields';
import { formFieldErrors } from '../../../shared/booking/travellers/holder-requirements';
import { TravellerNameFields } from '../../../shared/booking/travellers/traveller-fields';
import { PageHeader } from '../../../shared/components/page-header';
import { useCountries } from '../../../shared/country-select';
import { applyServerErrors } from '../../../shared/forms/server-errors';
import { type Checkout, DEFAULT_ADULT_AGE, loadCheckout, saveCheckout } from '../state';
import { roomsText } from './hotel-card';
import { SearchAgainResult } from './search-again-result';

interface Traveller {
  name?: string;
  surname?: string;
}
interface ReserveValues {
  client: HolderValues;
  companions: Traveller[][];
  comments?: string;
}

/**
 * `/hotels/reserve/<supplier>`: holder (spec §3) and one companion set per room, comments; books with
 * the checkout's idempotency key, made once when the quote was accepted, so retries and double clicks
 * answer the same voucher.
 */
export function ReservePage({ supplier }: { supplier: string }) {
  const [checkout, setCheckout] = useState<Checkout | null>(() => {
    const c = loadCheckout();
    return c && c.supplier === supplier ? c : null;
  });
  const [form] = Form.useForm<ReserveValues>();
  const navigate = useNavigate();
  const reserve = useReserveVoucher<HotelReserveBody>();
  const countries = useCountries();
  const inFlight = useRef(false);
  const mirrorHolder = useHolderMirror(form, ['companions', 0, 0]);
  const [error, setError] = useState<ApiError | null>(null);
  // Set below once the quote is known; the dialog books the values it holds only after "Confirmar reserva".
  const submitRef = useRef<(v: ReserveValues) => void>(() => {});
  const finalStep = useFinalConfirmation<ReserveValues>((v) => submitRef.current(v));

  if (!checkout) {
    return (
      <SearchAgainResult
        title="No hay una opción cotizada para reservar"
        subTitle="Busca un hotel y abre una de sus opciones para continuar."
      />
    );
  }
  if (checkout.voucher) {
    const booked = checkout;
    // A booking answered pending is followed there; its settled state is kept for a reload.
    return (
      <ReserveConfirmation
        voucher={checkout.voucher}
        newSearchPath="/hotels/search"
        onSettled={(voucher) => saveCheckout({ ...booked, voucher })}
      />
    );
  }

  const q = checkout.quote;
  const countryName = (code?: string) => countries.data?.find((c) => c.alpha2 === code)?.name ?? code;

  const nights = nightsBetween(q.checkIn, q.checkOut);
  const submit = (v: ReserveValues) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setError(null);
    const body: HotelReserveBody = {
      type: 'hotel',
      integrator: supplier,
      status: 'confirmed',
      client: holderBody(v.client, countryName),
      companions: q.rooms.map((room, r) =>
        Array.from({ length: room.adults + room.childrenAges.length }, (_, i) => {
          const t = v.companions?.[r]?.[i] ?? {};
          const child = i >= room.adults;
          return {
            name: t.name?.trim() ?? '',
            surname: t.surname?.trim() ?? '',
            age: child ? room.childrenAges[i - room.adults] : DEFAULT_ADULT_AGE,
            type: child ? ('child' as const) : ('adult' as const),
          };
        }),
      ),
      price: { gross: q.price.amount, currency: q.price.currency },
      payments: {},
      bookingCodes: { quoteId: q.quoteId },
      comments: trimmed(v.comments),
    };
    reserve.mutate(
      { body, idempotencyKey: checkout.idempotencyKey },
      {
        onSuccess: (answer) => {
          const done = { ...checkout, voucher: answer.response };
          saveCheckout(done);
          setCheckout(done);
          window.scrollTo({ top: 0 });
        },
        onError: (err) => {
          applyServerErrors(form, formFieldErrors(err));
          setError(err instanceof ApiError ? err : new ApiError(0, String(err)));
        },
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };

  submitRef.current = submit;

  return (
    <div>
      <PageHeader title="Reservar hotel" subtitle={q.hotel.name} />
      <FinalConfirmation
        open={finalStep.open}
        what={`${q.hotel.name}: ${roomsText(q)}, ${q.board.label}, ${formatDate(q.checkIn)} a ${formatDate(q.checkOut)}.`}
        price={q.price}
        policy={q.cancellation}
        nights={nights}
        onConfirm={finalStep.confirm}
        onCancel={finalStep.cancel}
      />
      <Row gutter={16}>
        <Col xs={24} lg={16}>
          <Form<ReserveValues>
            form={form}
            layout="vertical"
            onFinish={finalStep.ask}
            requiredMark={false}
            aria-label="Datos de la reserva"
            onValuesChange={mirrorHolder}
          >
            <Card title="Titular">
              {/* What this option's supplier requires of the holder: the address block only appears when it does. */}
              <HolderFields requiredFields={q.requiredHolderFields ?? []} />
            </Card>
            {q.rooms.map((room, r) => (
              <Card
                // biome-ignore lint/suspicious/noArrayIndexKey: the quote fixes the rooms; their position is their identity.
                key={`room-${r}`}
                title={`Habitación ${r + 1}: ${room.name}`}
                style={{ marginTop: 16 }}
                data-testid={`companions-room-${r + 1}`}
              >
                {Array.from({ length: room.adults + room.childrenAges.length }, (_, i) => {
                  const child = i >= room.adults;
                  const label = child ? `Niño ${i - room.adults + 1} (${room.childrenAges[i - room.adults]} años)` : `Adulto ${i + 1}`;
                  return <TravellerNameFields key={label} path={['companions', r, i]} label={label} />;
                })}
              </Card>
            ))}
            <Card style={{ marginTop: 16 }}>
              <Form.Item name="comments" label="Comentarios" rules={[{ max: 1000, message: 'Máximo 1000 caracteres' }]}>
                <Input.TextArea rows={3} />
              </Form.Item>
              {error && <ReserveError error={error} onRequote={() => navigate(-1)} />}
              <Button type="primary" htmlType="submit" size="large" loading={reserve.isPending} disabled={reserve.isPending}>
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
              items={[
                { key: 'hotel', label: 'Hotel', children: q.hotel.name },
                { key: 'dates', label: 'Fechas', children: `${formatDate(q.checkIn)} a ${formatDate(q.checkOut)}` },
                { key: 'rooms', label: 'Habitaciones', children: roomsText(q) },
                { key: 'board', label: 'Régimen', children: q.board.label },
              ]}
            />
            <Divider style={{ margin: '12px 0' }} />
            <Typography.Title level={3} style={{ margin: 0 }}>
              {formatMoney(q.price.amount, q.price.currency)}
            </Typography.Title>
            <Divider style={{ margin: '12px 0' }} />
            <Typography.Text type="secondary">Cancelación</Typography.Text>
            <CancellationPolicy policy={q.cancellation} price={q.price} nights={nights} />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
