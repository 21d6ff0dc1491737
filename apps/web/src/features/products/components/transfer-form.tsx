import {
  INVENTORY_MESSAGES,
  MESSAGES,
  TICKET_MESSAGES,
  TRANSFER_PRICE_MODE_LABELS,
  TRANSFER_PRICE_MODES,
  TRANSFER_TYPE_LABELS,
  TRANSFER_TYPES,
  type TransferProductBody,
  VEHICLE_TYPE_LABELS,
  VEHICLE_TYPES,
} from '@travesia/contracts';
import { Alert, App, Button, Card, Col, Divider, Form, Input, InputNumber, Row, Select, Skeleton, Space, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../lib/api';
import { FormCheckboxGroup } from '../../../shared/forms/group-fields';
import { PlaceAutocomplete } from '../../../shared/place-autocomplete';
import { useGetTransfer, useSaveTransfer } from '../api/transfers';
import { WEEKDAYS } from './capacity-calendar/options';
import { PolicyEditor, type PolicyFormValues, policyFromForm } from './policy-editor';

const m = INVENTORY_MESSAGES;
const HOUR = /^([01]\d|2[0-3]):[0-5]\d$/;
const ENDPOINT_TYPES = ['airport', 'port', 'station', 'hotel', 'city', 'tourist-area', 'neighborhood'] as const;

type FormValues = Omit<TransferProductBody, 'policy' | 'price'> & { price?: string; policy?: PolicyFormValues };
const EMPTY: Partial<FormValues> = {
  type: 'private',
  vehicle: 'sedan',
  minPax: 1,
  maxPax: 4,
  priceMode: 'per-vehicle',
  currency: 'USD',
  startHour: '00:00',
  endHour: '23:59',
  days: [0, 1, 2, 3, 4, 5, 6],
  description: '',
  images: [],
  active: true,
  policy: { nonRefundable: false, rules: [], noShow: null },
};

/** /product/transfer/create and /product/transfer/{id}. */
export function TransferForm() {
  const { id } = useParams();
  const editing = Boolean(id && id !== 'create');
  const transfer = useGetTransfer(editing ? id : undefined);
  const save = useSaveTransfer(editing ? id : undefined);
  const [form] = Form.useForm<FormValues>();
  const currency = Form.useWatch('currency', form);
  const navigate = useNavigate();
  const { message } = App.useApp();

  useEffect(() => {
    if (transfer.data) form.setFieldsValue(transfer.data as unknown as FormValues);
  }, [transfer.data, form]);

  const submit = (v: FormValues) => {
    save.mutate(
      { ...v, price: String(v.price ?? ''), policy: policyFromForm(v.policy) },
      {
        onSuccess: (saved) => {
          message.success(MESSAGES['common.saved']);
          if (!editing) navigate(`/product/transfer/${saved._id}`, { replace: true });
        },
        onError: (err) => message.error(err instanceof ApiError ? err.message : MESSAGES['form.invalid']),
      },
    );
  };

  if (editing && transfer.isLoading) return <Skeleton active />;
  if (editing && transfer.isError) return <Alert type="error" showIcon message={(transfer.error as Error).message} />;
  return (
    <Card>
      <Typography.Title level={1} style={{ marginTop: 0 }}>
        {editing ? `Editar traslado: ${transfer.data?.name ?? ''}` : 'Crear traslado'}
      </Typography.Title>
      {editing && (
        <Typography.Paragraph>
          <Link to={`/product/transfer/avail?transfer=${id}`}>Capacidad por día</Link>
        </Typography.Paragraph>
      )}
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={EMPTY}
        onFinish={submit}
        onFinishFailed={() => message.error(MESSAGES['form.invalid'])}
      >
        <Row gutter={16}>
          <Col xs={24}>
            <Form.Item label="Nombre" name="name" rules={[{ required: true, whitespace: true, message: m.name }]}>
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Origen" name="originId" rules={[{ required: true, message: m.place }]}>
              <PlaceAutocomplete types={[...ENDPOINT_TYPES]} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Destino" name="destinationId" rules={[{ required: true, message: m.place }]}>
              <PlaceAutocomplete types={[...ENDPOINT_TYPES]} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label="Tipo" name="type">
              <Select options={TRANSFER_TYPES.map((t) => ({ value: t, label: TRANSFER_TYPE_LABELS[t] }))} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label="Vehículo" name="vehicle">
              <Select options={VEHICLE_TYPES.map((t) => ({ value: t, label: VEHICLE_TYPE_LABELS[t] }))} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label="Mínimo de pasajeros" name="minPax" rules={[{ required: true, message: TICKET_MESSAGES.pax }]}>
              <InputNumber min={1} max={60} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label="Máximo de pasajeros" name="maxPax" rules={[{ required: true, message: TICKET_MESSAGES.pax }]}>
              <InputNumber min={1} max={60} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label="Precio" name="price" rules={[{ required: true, message: m.money }]}>
              <InputNumber min="0" stringMode precision={2} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label="Modo de precio" name="priceMode">
              <Select options={TRANSFER_PRICE_MODES.map((t) => ({ value: t, label: TRANSFER_PRICE_MODE_LABELS[t] }))} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label="Moneda" name="currency">
              <Select options={['USD', 'COP', 'EUR', 'MXN'].map((c) => ({ value: c, label: c }))} />
            </Form.Item>
          </Col>
          <Col xs={12} md={3}>
            <Form.Item label="Desde" name="startHour" rules={[{ pattern: HOUR, message: m.hour }]}>
              <Input maxLength={5} />
            </Form.Item>
          </Col>
          <Col xs={12} md={3}>
            <Form.Item label="Hasta" name="endHour" rules={[{ pattern: HOUR, message: m.hour }]}>
              <Input maxLength={5} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item label="Días de operación" name="days" rules={[{ required: true, type: 'array', min: 1, message: m.weekdays }]}>
              <FormCheckboxGroup options={WEEKDAYS} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item label="Descripción" name="description">
              <Input.TextArea rows={3} maxLength={5000} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item label="Activo" name="active" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start">Política de cancelación</Divider>
        <PolicyEditor currency={currency ?? 'USD'} />
        <Space style={{ marginTop: 24 }}>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            Guardar
          </Button>
          <Link to="/product/transfer">
            <Button>Volver</Button>
          </Link>
        </Space>
      </Form>
    </Card>
  );
}
