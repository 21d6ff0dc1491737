import { FLIGHT_TITLES, type FlightConfirmReserveBody, formatMoney, hotelCancellationPolicySchema } from '@travesia/contracts';
import { Alert, Button, Card, DatePicker, Divider, Empty, Form, Input, Modal, Select, Space, Statistic, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api';
import { newIdempotencyKey } from '../../../shared/booking/checkout/idempotency-key';
import { CancellationPolicy } from '../../../shared/booking/display/cancellation-policy';
import { useConfirmReserve } from '../api/confirm-reserve';
import { type FlightTravellerRequirement, useStartReserve } from '../api/start-reserve';
import { flightState } from '../state';
import { FareRules } from './fare-rules';
import { SegmentLine } from './itinerary';

interface LeaderForm {
  name: string;
  surname: string;
  email: string;
  phone: string;
  nationalityCode: string;
}

interface TravellerForm {
  title?: (typeof FLIGHT_TITLES)[number];
  name: string;
  surname: string;
  gender?: 'male' | 'female';
  birthDate?: Dayjs;
  nationalityCode?: string;
  passportNumber?: string;
  passportExpire?: Dayjs;
}

const PAX = { adult: 'Adulto', child: 'Niño', infant: 'Infante' } as const;
const errorText = (e: unknown) => (e instanceof ApiError ? e.message : 'No se pudo completar la reserva');

/** One traveller's fields, from what the supplier requires for them (title, gender, birth date in its window, passport). */
function TravellerFields({ i, req }: { i: number; req: FlightTravellerRequirement }) {
  const needs = (f: string) => req.requiredFields.includes(f);
  const inWindow = (d: Dayjs) =>
    (!!req.birthDateFrom && d.isBefore(dayjs(req.birthDateFrom), 'day')) || (!!req.birthDateTo && d.isAfter(dayjs(req.birthDateTo), 'day'));
  const titles = req.titles.length ? req.titles : [...FLIGHT_TITLES];
  return (
    <Card size="small" title={`Pasajero ${i + 1} · ${PAX[req.type]}`} data-testid="flight-traveller">
      <Space wrap align="start">
        <Form.Item name={[i, 'title']} label="Título" rules={[{ required: needs('title'), message: 'Título es requerido' }]}>
          <Select style={{ width: 100 }} options={titles.map((t) => ({ value: t, label: t }))} aria-label={`Título pasajero ${i + 1}`} />
        </Form.Item>
        <Form.Item name={[i, 'name']} label="Nombre (como en el pasaporte)" rules={[{ required: true, message: 'Nombre es obligatorio' }]}>
          <Input aria-label={`Nombre pasajero ${i + 1}`} />
        </Form.Item>
        <Form.Item
          name={[i, 'surname']}
          label="Apellido (como en el pasaporte)"
          rules={[{ required: true, message: 'Apellido es obligatorio' }]}
        >
          <Input aria-label={`Apellido pasajero ${i + 1}`} />
        </Form.Item>
        <Form.Item name={[i, 'gender']} label="Género" rules={[{ required: needs('gender'), message: 'Género es requerido' }]}>
          <Select
            style={{ width: 120 }}
            aria-label={`Género pasajero ${i + 1}`}
            options={[
              { value: 'female', label: 'Femenino' },
              { value: 'male', label: 'Masculino' },
            ]}
          />
        </Form.Item>
        <Form.Item
          name={[i, 'birthDate']}
          label="Fecha de nacimiento"
          rules={[{ required: needs('birthdate'), message: 'Fecha de nacimiento es requerida' }]}
        >
          <DatePicker
            format="DD-MM-YYYY"
            disabledDate={inWindow}
            defaultPickerValue={req.birthDateTo ? dayjs(req.birthDateTo) : undefined}
            aria-label={`Nacimiento pasajero ${i + 1}`}
          />
        </Form.Item>
        <Form.Item
          name={[i, 'nationalityCode']}
          label="Nacionalidad (ISO)"
          rules={[{ required: needs('nationality'), message: 'Nacionalidad es requerida' }]}
        >
          <Input maxLength={2} style={{ width: 80 }} aria-label={`Nacionalidad pasajero ${i + 1}`} />
        </Form.Item>
        <Form.Item
          name={[i, 'passportNumber']}
          label="Pasaporte"
          rules={[{ required: needs('passportinfo'), message: 'Pasaporte es requerido' }]}
        >
          <Input aria-label={`Pasaporte pasajero ${i + 1}`} />
        </Form.Item>
        <Form.Item
          name={[i, 'passportExpire']}
          label="Vence"
          rules={[{ required: needs('passportinfo'), message: 'Vencimiento es requerido' }]}
        >
          <DatePicker
            format="DD-MM-YYYY"
            disabledDate={(d) => d.isBefore(dayjs(), 'day')}
            aria-label={`Vence pasaporte pasajero ${i + 1}`}
          />
        </Form.Item>
      </Space>
    </Card>
  );
}

/** /flight/reserve/santsg/{type?}: the leader, the pre-reservation (with its countdown), the travellers, the confirmation. */
export function FlightReservePage() {
  const navigate = useNavigate();
  const selected = flightState.selected();
  const [pre, setPre] = useState(flightState.pre);
  const [leaderForm] = Form.useForm<LeaderForm>();
  const [travellersForm] = Form.useForm<{ travellers: TravellerForm[] }>();
  const start = useStartReserve();
  const confirm = useConfirmReserve();
  const [key, setKey] = useState(() => newIdempotencyKey('fl'));
  // The pre-reservation's own key: kept across a retry after a lost answer, renewed after any definite one.
  const [preKey, setPreKey] = useState(() => newIdempotencyKey('fp'));
  // Re-renders when the countdown ends, so an expired pre-reservation shows as such and cannot be confirmed.
  const [, setExpiredTick] = useState(0);
  const [leader, setLeader] = useState<LeaderForm | null>(null);
  const [acceptedFor, setAcceptedFor] = useState(flightState.priceAccepted);
  // A price changed at pre-reservation must be accepted by the agent before the traveller form.
  const mustAccept = !!pre?.response.priceChanged && acceptedFor !== pre.response.voucher._id;
  const expired = !!pre?.response.transaction.expiresAt && dayjs(pre.response.transaction.expiresAt).isBefore(dayjs());

  if (!selected)
    return (
      <Card>
        <Empty description="Elige un vuelo de los resultados">
          <Link to="/search/flight/santsg">Buscar vuelos</Link>
        </Empty>
      </Card>
    );
  const { item, segments, request, cacheId } = selected;

  const preReserve = async (v: LeaderForm) => {
    const body = {
      type: 'flight' as const,
      bookingCodes: { cacheId, optionId: item.id },
      start: request.destinations[0].start,
      flightClass: request.flightClass,
      client: { name: v.name, surname: v.surname, email: v.email, phones: [v.phone], nationalityCode: v.nationalityCode.toUpperCase() },
    };
    const answer = await start.mutateAsync({ body, key: preKey }).catch((err: unknown) => {
      if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.code !== 'PRE_RESERVE_IN_PROGRESS')
        setPreKey(newIdempotencyKey('fp'));
      throw err;
    });
    setPreKey(newIdempotencyKey('fp'));
    setLeader(v);
    flightState.setPre(answer);
    setPre(answer);
    travellersForm.setFieldsValue({
      travellers: answer.response.travellers.map((_, i) =>
        i === 0 ? { name: v.name, surname: v.surname, nationalityCode: v.nationalityCode } : { nationalityCode: v.nationalityCode },
      ),
    });
  };

  const book = async (acceptDuplicate = false, useKey = key) => {
    if (!pre) return;
    const { travellers } = await travellersForm.validateFields();
    const l = leader ?? leaderForm.getFieldsValue();
    const body: FlightConfirmReserveBody = {
      type: 'flight',
      status: 'confirmed',
      voucherId: pre.response.voucher._id,
      client: { name: l.name, surname: l.surname, email: l.email, phones: [l.phone], nationalityCode: l.nationalityCode?.toUpperCase() },
      companions: travellers.map((t) => ({
        ...(t.title ? { title: t.title } : {}),
        name: t.name,
        surname: t.surname,
        ...(t.gender ? { gender: t.gender } : {}),
        ...(t.birthDate ? { birthDate: t.birthDate.format('YYYY-MM-DD') } : {}),
        ...(t.nationalityCode ? { nationalityCode: t.nationalityCode.toUpperCase() } : {}),
        ...(t.passportNumber && t.passportExpire
          ? {
              passportInfo: {
                number: t.passportNumber,
                expireDate: t.passportExpire.format('YYYY-MM-DD'),
                citizenshipCountryCode: t.nationalityCode?.toUpperCase(),
              },
            }
          : {}),
      })),
      price: { gross: pre.response.price.amount, currency: pre.response.price.currency },
      ...(acceptDuplicate ? { acceptDuplicate: true } : {}),
    };
    try {
      const done = await confirm.mutateAsync({ body, key: useKey });
      flightState.setPre(null);
      flightState.setPriceAccepted(null);
      navigate(`/booking/${done.response._id}/detail`);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'SUPPLIER_DUPLICATE_RESERVATION') {
        // The pre-reservation is still open: ask, then confirm with a new key.
        const next = newIdempotencyKey('fl');
        setKey(next);
        Modal.confirm({
          title: 'Posible reserva duplicada',
          content: err.message,
          okText: 'Reservar de todos modos',
          cancelText: 'No reservar',
          onOk: () => book(true, next),
        });
      } else if (err instanceof ApiError && err.status === 400) setKey(newIdempotencyKey('fl'));
    }
  };

  return (
    <Card title="Reservar vuelo">
      <Space direction="vertical" style={{ width: '100%' }}>
        {segments.map((s) => (
          <SegmentLine key={s.id} s={s} />
        ))}
        <Typography.Text strong>
          Total: {formatMoney((pre?.response.price ?? item.price).amount, (pre?.response.price ?? item.price).currency)}
        </Typography.Text>
        {!pre && (
          <Form<LeaderForm> form={leaderForm} layout="vertical" onFinish={preReserve}>
            <Typography.Title level={5}>Titular de la reserva</Typography.Title>
            <Space wrap>
              <Form.Item name="name" label="Nombre" rules={[{ required: true, message: 'Nombre es obligatorio' }]}>
                <Input aria-label="Nombre del titular" />
              </Form.Item>
              <Form.Item name="surname" label="Apellido" rules={[{ required: true, message: 'Apellido es obligatorio' }]}>
                <Input aria-label="Apellido del titular" />
              </Form.Item>
              <Form.Item
                name="email"
                label="Email"
                rules={[
                  { required: true, message: 'Email es requerido' },
                  { type: 'email', message: 'Email debe ser correcto' },
                ]}
              >
                <Input aria-label="Email del titular" />
              </Form.Item>
              <Form.Item name="phone" label="Teléfono" rules={[{ required: true, message: 'Teléfono es requerido' }]}>
                <Input aria-label="Teléfono del titular" />
              </Form.Item>
              <Form.Item
                name="nationalityCode"
                label="Nacionalidad (ISO)"
                initialValue="CO"
                rules={[{ required: true, message: 'Nacionalidad es requerida' }]}
              >
                <Input maxLength={2} style={{ width: 80 }} aria-label="Nacionalidad del titular" />
              </Form.Item>
            </Space>
            {start.error && <Alert type="error" showIcon message={errorText(start.error)} />}
            <Button type="primary" htmlType="submit" loading={start.isPending}>
              Pre-reservar
            </Button>
          </Form>
        )}
        {pre && (
          <>
            <Alert
              type={expired ? 'error' : 'success'}
              showIcon
              message={expired ? 'La pre-reserva venció: busca el vuelo y pre-resérvalo de nuevo' : pre.msg}
              description={`Referencia ${pre.response.voucher.externalBookingReference}`}
            />
            {pre.response.transaction.expiresAt && !expired && (
              <Statistic.Countdown
                title="La pre-reserva vence en"
                value={dayjs(pre.response.transaction.expiresAt).valueOf()}
                format="mm:ss"
                onFinish={() => setExpiredTick((n) => n + 1)}
              />
            )}
            {pre.response.priceChanged && (
              <Alert
                type="warning"
                showIcon
                data-testid="flight-price-changed"
                message={mustAccept ? 'El precio cambió al pre-reservar' : 'Nuevo precio aceptado'}
                description={`Precio anterior ${formatMoney(pre.response.previousPrice.amount, pre.response.previousPrice.currency)}, precio nuevo ${formatMoney(pre.response.price.amount, pre.response.price.currency)}.${mustAccept ? ' Acéptalo para continuar con los pasajeros, o busca otro vuelo (la pre-reserva vence sola).' : ''}`}
                action={
                  mustAccept && (
                    <Space direction="vertical">
                      <Button
                        type="primary"
                        size="small"
                        disabled={expired}
                        onClick={() => {
                          flightState.setPriceAccepted(pre.response.voucher._id);
                          setAcceptedFor(pre.response.voucher._id);
                        }}
                      >
                        Aceptar nuevo precio
                      </Button>
                      <Button
                        size="small"
                        onClick={() => {
                          flightState.setPre(null);
                          navigate(-1);
                        }}
                      >
                        Buscar otro vuelo
                      </Button>
                    </Space>
                  )
                }
              />
            )}
            <CancellationPolicy
              policy={{
                refundable: pre.response.policies.refundable,
                rules: hotelCancellationPolicySchema.shape.rules.catch([]).parse(pre.response.policies.rules),
                text: pre.response.policies.text ?? undefined,
              }}
              price={pre.response.price}
            />
            <FareRules voucherId={pre.response.voucher._id} />
            <Divider />
            {/* Kept mounted (hidden) until a changed price is accepted, so the leader prefilled stays. */}
            <div hidden={mustAccept}>
              <Form form={travellersForm} layout="vertical">
                <Form.List name="travellers">
                  {() => pre.response.travellers.map((req, i) => <TravellerFields key={req.travellerId} i={i} req={req} />)}
                </Form.List>
              </Form>
              {confirm.error && <Alert type="error" showIcon message={errorText(confirm.error)} />}
              <Button type="primary" disabled={expired || mustAccept} loading={confirm.isPending} onClick={() => void book()}>
                Confirmar reserva
              </Button>
            </div>
          </>
        )}
      </Space>
    </Card>
  );
}
