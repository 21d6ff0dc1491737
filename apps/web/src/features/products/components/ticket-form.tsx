import { INVENTORY_MESSAGES, MESSAGES, TICKET_MESSAGES, type TicketProductBody } from '@travesia/contracts';
import { Alert, App, Button, Card, Col, Divider, Form, Input, InputNumber, Row, Select, Skeleton, Space, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../lib/api';
import { ImageUpload } from '../../../shared/image-upload';
import { PlaceAutocomplete } from '../../../shared/place-autocomplete';
import { useGetTicket, useSaveTicket } from '../api/tickets';
import { PolicyEditor, type PolicyFormValues, policyFromForm } from './policy-editor';

const m = INVENTORY_MESSAGES;
const HOUR = /^([01]\d|2[0-3]):[0-5]\d$/;

type FormValues = Omit<TicketProductBody, 'policy' | 'price' | 'fullPrice' | 'childPrice'> & {
  price?: string;
  fullPrice?: string | null;
  childPrice?: string | null;
  policy?: PolicyFormValues;
};
const EMPTY: Partial<FormValues> = {
  description: '',
  images: [],
  currency: 'USD',
  maxPeople: 10,
  minPeople: 1,
  startHour: '08:00',
  endHour: '18:00',
  sessions: [],
  childrenAllowed: true,
  active: true,
  policy: { nonRefundable: false, rules: [], noShow: null },
};

/** /product/ticket/create and /product/ticket/{id}. */
export function TicketForm() {
  const { id } = useParams();
  const editing = Boolean(id && id !== 'create');
  const ticket = useGetTicket(editing ? id : undefined);
  const save = useSaveTicket(editing ? id : undefined);
  const [form] = Form.useForm<FormValues>();
  const currency = Form.useWatch('currency', form);
  const navigate = useNavigate();
  const { message } = App.useApp();

  useEffect(() => {
    if (ticket.data) form.setFieldsValue(ticket.data as unknown as FormValues);
  }, [ticket.data, form]);

  const submit = (v: FormValues) => {
    const body: TicketProductBody = {
      ...v,
      price: String(v.price ?? ''),
      fullPrice: v.fullPrice ? String(v.fullPrice) : null,
      childPrice: v.childPrice ? String(v.childPrice) : null,
      policy: policyFromForm(v.policy),
    };
    save.mutate(body, {
      onSuccess: (saved) => {
        message.success(MESSAGES['common.saved']);
        if (!editing) navigate(`/product/ticket/${saved._id}`, { replace: true });
      },
      onError: (err) => message.error(err instanceof ApiError ? err.message : MESSAGES['form.invalid']),
    });
  };

  if (editing && ticket.isLoading) return <Skeleton active />;
  if (editing && ticket.isError) return <Alert type="error" showIcon message={(ticket.error as Error).message} />;
  return (
    <Card>
      <Typography.Title level={1} style={{ marginTop: 0 }}>
        {editing ? `Editar ticket: ${ticket.data?.name ?? ''}` : 'Crear ticket'}
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
            <Form.Item label="Nombre" name="name" rules={[{ required: true, whitespace: true, message: m.name }]}>
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Lugar" name="placeId" rules={[{ required: true, message: m.place }]}>
              <PlaceAutocomplete />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label="Precio (adulto)" name="price" rules={[{ required: true, message: m.money }]}>
              <InputNumber min="0" stringMode precision={2} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label="Precio completo" name="fullPrice">
              <InputNumber min="0" stringMode precision={2} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label="Precio niño" name="childPrice" extra="Vacío: precio de adulto">
              <InputNumber min="0" stringMode precision={2} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label="Moneda" name="currency">
              <Select options={['USD', 'COP', 'EUR', 'MXN'].map((c) => ({ value: c, label: c }))} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label="Máximo de personas" name="maxPeople" rules={[{ required: true, message: TICKET_MESSAGES.maxPeople }]}>
              <InputNumber min={1} max={500} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              label="Grupo mínimo"
              name="minPeople"
              extra="Participantes por reserva; con menos el ticket no se ofrece"
              rules={[{ required: true, message: TICKET_MESSAGES.minPeople }]}
            >
              <InputNumber min={1} max={500} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label="Hora de inicio" name="startHour" rules={[{ required: true, pattern: HOUR, message: m.hour }]}>
              <Input maxLength={5} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label="Hora de fin" name="endHour" rules={[{ required: true, pattern: HOUR, message: m.hour }]}>
              <Input maxLength={5} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label="Admite niños" name="childrenAllowed" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item
              label="Sesiones (horas de salida)"
              name="sessions"
              extra="Vacío: una sola sesión por día"
              rules={[
                {
                  validator: (_, v: string[] = []) =>
                    v.every((h) => HOUR.test(h)) ? Promise.resolve() : Promise.reject(new Error(TICKET_MESSAGES.session)),
                },
              ]}
            >
              <Select mode="tags" placeholder="09:00, 14:00" tokenSeparators={[',', ' ']} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item label="Descripción" name="description">
              <Input.TextArea rows={3} maxLength={5000} />
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
        <Divider titlePlacement="start">Política de cancelación</Divider>
        <PolicyEditor currency={currency ?? 'USD'} />
        <Space style={{ marginTop: 24 }}>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            Guardar
          </Button>
          <Link to="/product/ticket">
            <Button>Volver</Button>
          </Link>
        </Space>
      </Form>
    </Card>
  );
}
