import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  BOARD_CODES,
  BOARD_LABELS,
  type BoardCode,
  HOTEL_CATEGORIES,
  HOTEL_CATEGORY_LABELS,
  type HotelCategory,
  type HotelProductBody,
  INVENTORY_MESSAGES,
  MESSAGES,
  type PolicyDefinition,
} from '@travesia/contracts';
import { Alert, App, Button, Card, Col, Divider, Form, Input, InputNumber, Row, Select, Skeleton, Space, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../lib/api';
import { FormCheckboxGroup, FormRate } from '../../../shared/forms/group-fields';
import { ImageUpload } from '../../../shared/image-upload';
import { PlaceAutocomplete } from '../../../shared/place-autocomplete';
import { useGetHotel } from '../api/get-hotel';
import { useHotelCatalogue } from '../api/hotel-catalogue';
import { type RoomTypeDraft, useSaveHotel } from '../api/save-hotel';
import { PolicyEditor } from './policy-editor';

const m = INVENTORY_MESSAGES;
const CURRENCIES = ['USD', 'COP', 'EUR', 'MXN'];
const HOUR = /^([01]\d|2[0-3]):[0-5]\d$/;

interface FormValues {
  name: string;
  placeId: string | null;
  address: string;
  lat: number | null;
  lng: number | null;
  stars: number;
  category?: HotelCategory;
  description: string;
  amenities: string[];
  images: string[];
  checkInHour: string;
  checkOutHour: string;
  currency: string;
  boards: BoardCode[];
  policy: {
    nonRefundable: boolean;
    rules: PolicyDefinition['rules'];
    noShow: { type: 'percent' | 'nights' | 'amount'; value?: string } | null;
  };
  active: boolean;
  roomTypes: RoomTypeDraft[];
}

const EMPTY: FormValues = {
  name: '',
  placeId: null,
  address: '',
  lat: null,
  lng: null,
  stars: 3,
  description: '',
  amenities: [],
  images: [],
  checkInHour: '15:00',
  checkOutHour: '12:00',
  currency: 'USD',
  boards: ['RO', 'BB'],
  policy: { nonRefundable: false, rules: [], noShow: null },
  active: true,
  roomTypes: [{ name: 'Habitación estándar', maxAdults: 2, maxChildren: 1, childAgeLimit: 11, beds: '', features: [], active: true }],
};

/** /product/hotel/create and /product/hotel/{id}: the own-hotel form with its room types and policy. */
export function HotelForm() {
  const { id } = useParams();
  const editing = Boolean(id && id !== 'create');
  const hotel = useGetHotel(editing ? id : undefined);
  const save = useSaveHotel(hotel.data);
  const [form] = Form.useForm<FormValues>();
  const currency = Form.useWatch('currency', form);
  const navigate = useNavigate();
  const { message } = App.useApp();
  // The configuration catalogues (decision 0089): active items, plus what this hotel already uses.
  const catalogue = useHotelCatalogue().data;
  const chosenBoards = Form.useWatch('boards', form) ?? [];
  const boardOptions = BOARD_CODES.filter(
    (b) => chosenBoards.includes(b) || (catalogue ? catalogue.board.some((x) => x.code === b && x.active) : true),
  ).map((b) => ({ value: b, label: BOARD_LABELS[b] }));
  const amenityOptions = (catalogue?.amenity ?? []).filter((a) => a.active).map((a) => ({ value: a.label, label: a.label }));
  const featureOptions = (catalogue?.['room-feature'] ?? []).filter((a) => a.active).map((a) => ({ value: a.label, label: a.label }));
  const ageOptions = (catalogue?.['child-age-band'] ?? [])
    .filter((b) => b.active && b.ageTo !== null)
    .map((b) => ({ value: b.ageTo as number, label: `${b.ageTo} años (${b.label}, ${b.ageFrom}–${b.ageTo})` }));

  useEffect(() => {
    const h = hotel.data;
    if (!h) return;
    form.setFieldsValue({
      ...h,
      policy: { ...h.policy, noShow: h.policy.noShow ?? null },
      roomTypes: (h.roomTypes ?? []).map(({ hotelId: _h, ...r }) => r),
    });
  }, [hotel.data, form]);

  const submit = (v: FormValues) => {
    const body: HotelProductBody = {
      name: v.name,
      placeId: v.placeId ?? '',
      address: v.address ?? '',
      lat: v.lat ?? null,
      lng: v.lng ?? null,
      stars: v.stars,
      category: v.category as HotelCategory,
      description: v.description ?? '',
      amenities: v.amenities ?? [],
      images: v.images ?? [],
      checkInHour: v.checkInHour,
      checkOutHour: v.checkOutHour,
      currency: v.currency,
      boards: v.boards,
      active: v.active,
      policy: {
        nonRefundable: Boolean(v.policy?.nonRefundable),
        rules: v.policy?.nonRefundable
          ? []
          : (v.policy?.rules ?? []).map((r) => ({ ...r, penalty: { type: r.penalty.type, value: String(r.penalty.value) } })),
        noShow:
          !v.policy?.nonRefundable && v.policy?.noShow?.value ? { type: v.policy.noShow.type, value: String(v.policy.noShow.value) } : null,
      },
    };
    save.mutate(
      { body, roomTypes: v.roomTypes ?? [] },
      {
        onSuccess: (saved) => {
          message.success(MESSAGES['common.saved']);
          if (!editing) navigate(`/product/hotel/${saved._id}`, { replace: true });
        },
        onError: (err) => {
          if (err instanceof ApiError && err.fields)
            form.setFields(
              Object.entries(err.fields)
                .filter(([name]) => name in EMPTY)
                .map(([name, error]) => ({ name: name as keyof FormValues, errors: [error] })),
            );
          message.error(err instanceof ApiError ? err.message : MESSAGES['form.invalid']);
        },
      },
    );
  };

  if (editing && hotel.isLoading) return <Skeleton active />;
  if (editing && hotel.isError)
    return (
      <Alert type="error" showIcon message={(hotel.error as Error).message} action={<Link to="/product/hotel">Volver a hoteles</Link>} />
    );

  return (
    <Card>
      <Typography.Title level={1} style={{ marginTop: 0 }}>
        {editing ? `Editar hotel: ${hotel.data?.name ?? ''}` : 'Crear hotel'}
      </Typography.Title>
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={EMPTY}
        onFinish={submit}
        onFinishFailed={() => message.error(MESSAGES['form.invalid'])}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label="Nombre" name="name" rules={[{ required: true, whitespace: true, message: m.name }, { max: 200 }]}>
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Lugar (ciudad o zona)" name="placeId" rules={[{ required: true, message: m.place }]}>
              <PlaceAutocomplete types={['city', 'tourist-area', 'neighborhood', 'state']} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Dirección" name="address">
              <Input maxLength={300} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label="Latitud" name="lat">
              <InputNumber min={-90} max={90} step={0.000001} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label="Longitud" name="lng">
              <InputNumber min={-180} max={180} step={0.000001} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label="Estrellas" name="stars" rules={[{ required: true, type: 'number', min: 1, max: 5, message: m.stars }]}>
              <FormRate aria-label="Estrellas" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label="Categoría" name="category" rules={[{ required: true, message: m.category }]}>
              <Select
                placeholder="Selecciona la categoría"
                options={HOTEL_CATEGORIES.map((c) => ({ value: c, label: HOTEL_CATEGORY_LABELS[c] }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label="Moneda" name="currency" rules={[{ required: true, message: m.currency }]}>
              <Select options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label="Hora de check-in" name="checkInHour" rules={[{ pattern: HOUR, message: m.hour }]}>
              <Input placeholder="15:00" maxLength={5} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label="Hora de check-out" name="checkOutHour" rules={[{ pattern: HOUR, message: m.hour }]}>
              <Input placeholder="12:00" maxLength={5} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Regímenes ofrecidos" name="boards" rules={[{ required: true, type: 'array', min: 1, message: m.boards }]}>
              <FormCheckboxGroup options={boardOptions} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item label="Descripción" name="description">
              <Input.TextArea rows={4} maxLength={5000} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item label="Servicios" name="amenities">
              <Select mode="tags" options={amenityOptions} placeholder="Piscina, Wifi…" />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item label="Imágenes" name="images">
              <ImageUpload />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item label="Activo" name="active" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>

        <Divider titlePlacement="start">Tipos de habitación</Divider>
        <Form.List name="roomTypes">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <Space key={f.key} align="baseline" wrap style={{ display: 'flex' }}>
                  <Form.Item name={[f.name, 'name']} label="Habitación" rules={[{ required: true, whitespace: true, message: m.name }]}>
                    <Input style={{ width: 220 }} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'maxAdults']} label="Máx. adultos" rules={[{ required: true, message: m.adults }]}>
                    <InputNumber min={1} max={9} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'maxChildren']} label="Máx. niños" initialValue={0}>
                    <InputNumber min={0} max={9} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'childAgeLimit']} label="Edad máx. niño" initialValue={11}>
                    <ChildAgeLimitSelect bands={ageOptions} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'beds']} label="Camas" initialValue="">
                    <Input style={{ width: 180 }} placeholder="1 cama king" />
                  </Form.Item>
                  <Form.Item name={[f.name, 'features']} label="Características" initialValue={[]}>
                    <Select mode="tags" style={{ minWidth: 220 }} options={featureOptions} placeholder="Vista al mar…" />
                  </Form.Item>
                  <Form.Item name={[f.name, 'active']} label="Activa" valuePropName="checked" initialValue={true}>
                    <Switch />
                  </Form.Item>
                  <Button icon={<DeleteOutlined />} onClick={() => remove(f.name)} aria-label="Quitar tipo de habitación" />
                </Space>
              ))}
              <Button
                icon={<PlusOutlined />}
                onClick={() => add({ name: '', maxAdults: 2, maxChildren: 0, childAgeLimit: 11, beds: '', features: [], active: true })}
              >
                Agregar tipo de habitación
              </Button>
            </>
          )}
        </Form.List>

        <Divider titlePlacement="start">Política de cancelación</Divider>
        <PolicyEditor currency={currency} />

        <Space style={{ marginTop: 24 }}>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            Guardar
          </Button>
          <Link to="/product/hotel">
            <Button>Volver</Button>
          </Link>
          {editing && hotel.data && (
            <Link to={`/product/hotel/avail/?hotel=${hotel.data._id}`}>
              <Button>Disponibilidad y precios</Button>
            </Link>
          )}
        </Space>
      </Form>
    </Card>
  );
}

/** Child age limit 0–17: the configured age bands' upper ages first (labelled), then every other age. */
function ChildAgeLimitSelect(props: { value?: number; onChange?: (v: number) => void; bands: { value: number; label: string }[] }) {
  const banded = new Set(props.bands.map((b) => b.value));
  const rest = Array.from({ length: 18 }, (_, a) => a)
    .filter((a) => !banded.has(a))
    .map((a) => ({ value: a, label: `${a} años` }));
  return (
    <Select
      style={{ width: 220 }}
      value={props.value}
      onChange={props.onChange}
      options={[...props.bands, ...rest]}
      aria-label="Edad máxima de niño"
    />
  );
}
