import { formatDate, formatMoney, type HotelReserveBody, HOTEL_BOOKING_MESSAGES as M } from '@travesia/contracts';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Divider,
  Form,
  type FormItemProps,
  Input,
  InputNumber,
  Row,
  Select,
  Typography,
} from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api';
import { PageHeader } from '../../../shared/components/page-header';
import { CountrySelect, useCountries } from '../../../shared/country-select';
import { applyServerErrors } from '../../../shared/forms/server-errors';
import { useReserveHotel } from '../api/reserve-hotel';
import { formFieldErrors, holderAddressShown, holderRules } from '../holder-requirements';
import { type Checkout, DEFAULT_ADULT_AGE, loadCheckout, saveCheckout } from '../state';
import { roomsText } from './hotel-card';
import { ReserveConfirmation } from './reserve-confirmation';
import { SearchAgainResult } from './search-again-result';

const DOCUMENT_TYPES = [
  { value: 'CC', label: 'Cédula de ciudadanía' },
  { value: 'CE', label: 'Cédula de extranjería' },
  { value: 'PA', label: 'Pasaporte' },
  { value: 'TI', label: 'Tarjeta de identidad' },
  { value: 'NIT', label: 'NIT' },
];

interface Traveller {
  name?: string;
  surname?: string;
}
interface ReserveValues {
  client: {
    name?: string;
    surname?: string;
    email?: string;
    address?: string;
    document?: string;
    documentType?: string;
    age?: number | null;
    country?: string;
    city?: string;
    postalCode?: string;
    nationality?: string;
    phone?: string;
  };
  companions: Traveller[][];
  comments?: string;
}

const required = (message: string) => [{ required: true, whitespace: true, message }];
const trimmed = (s: string | undefined) => (s?.trim() ? s.trim() : undefined);

/** Codes that mean "go back and quote again". */
const REQUOTE_CODES = new Set(['PRICE_CHANGED', 'QUOTE_EXPIRED', 'SUPPLIER_PRICE_CHANGED', 'SUPPLIER_TOKEN_EXPIRED', 'SEARCH_EXPIRED']);

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
  const reserve = useReserveHotel();
  const countries = useCountries();
  const inFlight = useRef(false);
  const lastHolder = useRef<Traveller>({});
  const [error, setError] = useState<ApiError | null>(null);

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
    return <ReserveConfirmation voucher={checkout.voucher} onSettled={(voucher) => saveCheckout({ ...booked, voucher })} />;
  }

  const q = checkout.quote;
  // What this option's supplier requires of the holder: the address block only appears when it does.
  const needs = q.requiredHolderFields ?? [];
  const showAddress = holderAddressShown(needs);
  const countryName = (code?: string) => countries.data?.find((c) => c.alpha2 === code)?.name ?? code;

  const submit = (v: ReserveValues) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setError(null);
    const c = v.client;
    const body: HotelReserveBody = {
      type: 'hotel',
      integrator: supplier,
      status: 'confirmed',
      client: {
        name: c.name?.trim() ?? '',
        surname: trimmed(c.surname),
        email: trimmed(c.email),
        address: trimmed(c.address),
        document: trimmed(c.document),
        documentType: c.documentType,
        age: c.age ?? undefined,
        country: countryName(c.country),
        countryCode: c.country,
        city: trimmed(c.city),
        postalCode: trimmed(c.postalCode),
        nationality: countryName(c.nationality),
        nationalityCode: c.nationality,
        phones: trimmed(c.phone) ? [c.phone?.trim() as string] : undefined,
      },
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

  const refusedVoucher = error?.fields?.voucherId;

  return (
    <div>
      <PageHeader title="Reservar hotel" subtitle={q.hotel.name} />
      <Row gutter={16}>
        <Col xs={24} lg={16}>
          <Form<ReserveValues>
            form={form}
            layout="vertical"
            onFinish={submit}
            requiredMark={false}
            aria-label="Datos de la reserva"
            onValuesChange={(changed: Partial<ReserveValues>, all: ReserveValues) => {
              // The holder usually travels: mirror the name into the first adult while it still matches.
              const holder = changed.client;
              if (!holder || (holder.name === undefined && holder.surname === undefined)) return;
              const first = all.companions?.[0]?.[0] ?? {};
              for (const key of ['name', 'surname'] as const) {
                if (holder[key] === undefined) continue;
                const previous = lastHolder.current[key] ?? '';
                if (!first[key] || first[key] === previous) form.setFieldValue(['companions', 0, 0, key], holder[key]);
                lastHolder.current[key] = holder[key];
              }
            }}
          >
            <Card title="Titular">
              <Row gutter={12}>
                <HolderField name="name" label="Nombre" md={12} rules={required(M.holderRequired)} />
                <HolderField name="surname" label="Apellido" md={12} rules={required('Apellido es obligatorio')} />
                <HolderField
                  name="email"
                  label="Email"
                  md={12}
                  rules={[...required('Email es obligatorio'), { type: 'email', message: 'Email no válido' }]}
                />
                <HolderField name="phone" label="Teléfono" md={12} rules={holderRules(needs, 'phone')} />
                <HolderField name="documentType" label="Tipo de documento" md={8}>
                  <Select options={DOCUMENT_TYPES} allowClear aria-label="Tipo de documento" />
                </HolderField>
                <HolderField name="document" label="Documento" md={8} />
                <HolderField name="age" label="Edad" md={8}>
                  <InputNumber min={18} max={120} precision={0} style={{ width: '100%' }} />
                </HolderField>
                <HolderField name="nationality" label="Nacionalidad" md={12}>
                  <CountrySelect allowClear aria-label="Nacionalidad del titular" />
                </HolderField>
                {showAddress && (
                  <>
                    <HolderField name="country" label="País" md={12} rules={holderRules(needs, 'country')}>
                      <CountrySelect allowClear aria-label="País del titular" />
                    </HolderField>
                    <HolderField name="city" label="Ciudad" md={8} rules={holderRules(needs, 'city')} />
                    <HolderField name="address" label="Dirección" md={8} rules={holderRules(needs, 'address')} />
                    <HolderField name="postalCode" label="Código postal" md={8} rules={holderRules(needs, 'postalCode')} />
                  </>
                )}
              </Row>
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
                  return (
                    <Row gutter={12} key={label}>
                      <Col xs={24} md={12}>
                        <Form.Item name={['companions', r, i, 'name']} label={`${label}: nombre`} rules={required('Nombre es obligatorio')}>
                          <Input autoComplete="off" />
                        </Form.Item>
                      </Col>
                      <Col xs={24} md={12}>
                        <Form.Item
                          name={['companions', r, i, 'surname']}
                          label={`${label}: apellido`}
                          rules={required('Apellido es obligatorio')}
                        >
                          <Input autoComplete="off" />
                        </Form.Item>
                      </Col>
                    </Row>
                  );
                })}
              </Card>
            ))}
            <Card style={{ marginTop: 16 }}>
              <Form.Item name="comments" label="Comentarios" rules={[{ max: 1000, message: 'Máximo 1000 caracteres' }]}>
                <Input.TextArea rows={3} />
              </Form.Item>
              {error && (
                <Alert
                  type="error"
                  showIcon
                  style={{ marginBottom: 16 }}
                  message={error.message}
                  description={
                    REQUOTE_CODES.has(error.code ?? '') ? (
                      <Button size="small" onClick={() => navigate(-1)}>
                        Volver a la opción y cotizar de nuevo
                      </Button>
                    ) : refusedVoucher && error.code === 'QUOTE_ALREADY_BOOKED' ? (
                      <Link to={`/booking/${refusedVoucher}/detail`}>Ver la reserva existente</Link>
                    ) : refusedVoucher ? (
                      <Link to={`/booking/${refusedVoucher}/detail`}>Ver la reserva cancelada</Link>
                    ) : error.code === 'TIMEOUT' || error.code === 'NETWORK' ? (
                      'Puedes reintentar: la reserva no se duplicará.'
                    ) : undefined
                  }
                />
              )}
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
          </Card>
        </Col>
      </Row>
    </div>
  );
}

/** One field of the holder's card: a column holding the form item for `client.<name>`, a text input unless given. */
function HolderField({
  name,
  label,
  md,
  rules,
  children = <Input autoComplete="off" />,
}: {
  name: keyof ReserveValues['client'];
  label: string;
  md: number;
  rules?: FormItemProps['rules'];
  children?: ReactNode;
}) {
  return (
    <Col xs={24} md={md}>
      <Form.Item name={['client', name]} label={label} rules={rules}>
        {children}
      </Form.Item>
    </Col>
  );
}
