import {
  bandsOverlap,
  GUIDE_LANGUAGE_LABELS,
  GUIDE_LANGUAGES,
  type GuideLanguage,
  INVENTORY_MESSAGES,
  MESSAGES,
  TICKET_MESSAGES,
  type TicketProductBody,
  type TicketProductDto,
} from '@travesia/contracts';
import { Alert, App, Button, Card, Col, Divider, Form, Input, InputNumber, Row, Select, Skeleton, Space, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../lib/api';
import { ImageUpload } from '../../../shared/image-upload';
import { PlaceAutocomplete } from '../../../shared/place-autocomplete';
import { useGetTicket, useSaveTicket } from '../api/tickets';
import { PolicyEditor, type PolicyFormValues, policyFromForm } from './policy-editor';

const m = INVENTORY_MESSAGES;
const tm = TICKET_MESSAGES;
const HOUR = /^([01]\d|2[0-3]):[0-5]\d$/;
const languageOptions = GUIDE_LANGUAGES.map((l) => ({ value: l, label: GUIDE_LANGUAGE_LABELS[l] }));

interface BandValues {
  name?: string;
  ageFrom?: number;
  ageTo?: number;
  price?: string;
}
interface SessionValues {
  start?: string;
  languages?: GuideLanguage[];
}
type FormValues = Omit<TicketProductBody, 'policy' | 'price' | 'fullPrice' | 'childPrice' | 'sessions' | 'ageBands' | 'languages'> & {
  fullPrice?: string | null;
  sessions?: SessionValues[];
  languages?: GuideLanguage[];
  ageBands?: BandValues[];
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
  languages: [],
  cutoffMinutes: 0,
  ageBands: [
    { name: 'Adulto', ageFrom: 18, ageTo: 99 },
    { name: 'Niño', ageFrom: 0, ageTo: 17 },
  ],
  active: true,
  policy: { nonRefundable: false, rules: [], noShow: null },
};

/** The loaded ticket as the form edits it: sessions with their languages, bands oldest first. */
function formOf(t: TicketProductDto): FormValues {
  return {
    ...(t as unknown as FormValues),
    sessions: t.sessions.map((start) => ({ start, languages: (t.sessionLanguages[start] ?? []) as GuideLanguage[] })),
    languages: t.languages as GuideLanguage[],
    ageBands: [...t.ageBands].sort((a, b) => b.ageFrom - a.ageFrom),
  };
}

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
    if (ticket.data) form.setFieldsValue(formOf(ticket.data));
  }, [ticket.data, form]);

  const submit = (v: FormValues) => {
    const { childrenAllowed: _derived, ...rest } = v;
    const body: TicketProductBody = {
      ...rest,
      fullPrice: v.fullPrice ? String(v.fullPrice) : null,
      sessions: (v.sessions ?? []).map((s) => ({ start: s.start ?? '', languages: s.languages ?? [] })),
      languages: v.languages ?? [],
      ageBands: (v.ageBands ?? []).map((b) => ({
        name: b.name ?? '',
        ageFrom: b.ageFrom ?? 0,
        ageTo: b.ageTo ?? 0,
        price: String(b.price ?? ''),
      })),
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
            <Form.Item label="Precio completo" name="fullPrice" extra="Precio público tachado, por adulto">
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
            <Form.Item
              label="Cierre de ventas (minutos antes del inicio)"
              name="cutoffMinutes"
              extra="Hora local del lugar; 0: hasta el inicio"
              rules={[{ required: true, message: tm.cutoff }]}
            >
              <InputNumber min={0} max={10080} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <SessionsEditor />
          </Col>
          <Col xs={24}>
            <BandsEditor />
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

/** Sessions: a start hour each, with the guide languages it offers (none: the default languages). */
function SessionsEditor() {
  return (
    <>
      <Divider titlePlacement="start">Sesiones e idiomas</Divider>
      <Form.Item
        label="Idiomas del guía por defecto"
        name="languages"
        extra="Los de una sesión sin idiomas propios, y los del ticket de todo el día (sin sesiones)"
      >
        <Select mode="multiple" options={languageOptions} placeholder="Sin guía" />
      </Form.Item>
      <Form.List name="sessions">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field, i) => (
              <Row gutter={16} key={field.key} align="top">
                <Col xs={10} md={6}>
                  <Form.Item
                    label={`Hora de la sesión ${i + 1}`}
                    name={[field.name, 'start']}
                    rules={[{ required: true, pattern: HOUR, message: tm.session }]}
                  >
                    <Input maxLength={5} placeholder="09:00" />
                  </Form.Item>
                </Col>
                <Col xs={14} md={14}>
                  <Form.Item label={`Idiomas de la sesión ${i + 1}`} name={[field.name, 'languages']}>
                    <Select mode="multiple" options={languageOptions} placeholder="Los idiomas por defecto" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={4}>
                  <Form.Item label=" ">
                    <Button onClick={() => remove(field.name)}>Quitar sesión</Button>
                  </Form.Item>
                </Col>
              </Row>
            ))}
            <Form.Item extra={fields.length ? undefined : 'Sin sesiones: una sola por día'}>
              <Button onClick={() => add({ start: '', languages: [] })}>Agregar sesión</Button>
            </Form.Item>
          </>
        )}
      </Form.List>
    </>
  );
}

/** Age bands, each with its price (0–99 years, not overlapping): ages outside every band cannot book. */
function BandsEditor() {
  const age = [{ required: true, type: 'integer' as const, min: 0, max: 99, message: tm.bandAge }];
  return (
    <>
      <Divider titlePlacement="start">Franjas de edad y precios</Divider>
      <Form.List
        name="ageBands"
        rules={[
          {
            validator: async (_, bands: BandValues[] = []) => {
              if (!bands.length) throw new Error(tm.bandsRequired);
              const whole = bands.filter((b) => typeof b?.ageFrom === 'number' && typeof b?.ageTo === 'number') as {
                ageFrom: number;
                ageTo: number;
              }[];
              if (bandsOverlap(whole)) throw new Error(tm.bandsOverlap);
            },
          },
        ]}
      >
        {(fields, { add, remove }, { errors }) => (
          <>
            {fields.map((field, i) => (
              <Row gutter={16} key={field.key} align="top">
                <Col xs={24} md={6}>
                  <Form.Item
                    label={`Franja ${i + 1}`}
                    name={[field.name, 'name']}
                    rules={[{ required: true, whitespace: true, message: tm.bandName }]}
                  >
                    <Input maxLength={40} placeholder="Adulto" />
                  </Form.Item>
                </Col>
                <Col xs={8} md={4}>
                  <Form.Item
                    label={`Edad desde (franja ${i + 1})`}
                    name={[field.name, 'ageFrom']}
                    rules={[
                      ...age,
                      ({ getFieldValue }) => ({
                        // Shown at the field: a list-level error is only checked when bands are added or removed.
                        validator: async () => {
                          const all = ((getFieldValue('ageBands') ?? []) as BandValues[]).filter(
                            (b) => typeof b?.ageFrom === 'number' && typeof b?.ageTo === 'number',
                          ) as { ageFrom: number; ageTo: number }[];
                          if (bandsOverlap(all)) throw new Error(tm.bandsOverlap);
                        },
                      }),
                    ]}
                  >
                    <InputNumber min={0} max={99} precision={0} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col xs={8} md={4}>
                  <Form.Item
                    label={`Edad hasta (franja ${i + 1})`}
                    name={[field.name, 'ageTo']}
                    dependencies={[['ageBands', field.name, 'ageFrom']]}
                    rules={[
                      ...age,
                      ({ getFieldValue }) => ({
                        validator: async (_, to?: number) => {
                          const from = getFieldValue(['ageBands', field.name, 'ageFrom']) as number | undefined;
                          if (typeof to === 'number' && typeof from === 'number' && from > to) throw new Error(tm.bandOrder);
                        },
                      }),
                    ]}
                  >
                    <InputNumber min={0} max={99} precision={0} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col xs={8} md={5}>
                  <Form.Item label={`Precio (franja ${i + 1})`} name={[field.name, 'price']} rules={[{ required: true, message: m.money }]}>
                    <InputNumber min="0" stringMode precision={2} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={5}>
                  <Form.Item label=" ">
                    <Button onClick={() => remove(field.name)} disabled={fields.length === 1}>
                      Quitar franja
                    </Button>
                  </Form.Item>
                </Col>
              </Row>
            ))}
            <Form.ErrorList errors={errors} />
            <Form.Item extra="Un participante cuya edad no está en ninguna franja no puede reservar">
              <Button onClick={() => add({ name: '', ageFrom: undefined, ageTo: undefined })} disabled={fields.length >= 6}>
                Agregar franja
              </Button>
            </Form.Item>
          </>
        )}
      </Form.List>
    </>
  );
}
