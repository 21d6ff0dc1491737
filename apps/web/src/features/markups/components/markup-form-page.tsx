import {
  COMMON_CURRENCIES,
  type CreateMarkupBody,
  isIsoCurrency,
  MARKUP_BASES,
  MARKUP_BASIS_LABELS,
  MARKUP_KIND_LABELS,
  MARKUP_KINDS,
  MARKUP_PRIORITY_MAX,
  MARKUP_SUPPLIER_LABELS,
  MARKUP_SUPPLIERS,
  type MarkupBasis,
  type MarkupKind,
  type MarkupRule,
  type MarkupSupplier,
  PRODUCT_KIND_LABELS,
  PRODUCT_KINDS,
  type ProductKind,
} from '@travesia/contracts';
import {
  App,
  Button,
  Card,
  Checkbox,
  Col,
  DatePicker,
  Flex,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Radio,
  Result,
  Row,
  Select,
  Spin,
  Switch,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../lib/api';
import { useAgencyOptions } from '../../../shared/agencies/agency-options';
import { useMe } from '../../../shared/session/use-session';
import { useCreateMarkup } from '../api/create-markup';
import { useDeleteMarkup } from '../api/delete-markup';
import { useMarkup } from '../api/get-markup';
import { useUpdateMarkup } from '../api/update-markup';
import { type Destination, DestinationPicker } from './destination-picker';
import { PreviewPanel } from './preview-panel';

type Range = [Dayjs | null, Dayjs | null] | null;

interface FormValues {
  name: string;
  owner: string; // 'platform' or an agency id (super only)
  active: boolean;
  priority: number;
  productKind: ProductKind | 'any';
  supplier: MarkupSupplier | 'any';
  destination: Destination | null;
  travel: Range;
  booking: Range;
  kind: MarkupKind;
  value: string;
  currency: string | null;
  basis: MarkupBasis;
  allowBelowCost: boolean;
}

const PLATFORM = 'platform';
const ANY = 'any';
const currencyOptions = [
  ...COMMON_CURRENCIES,
  ...Intl.supportedValuesOf('currency').filter((c) => !(COMMON_CURRENCIES as readonly string[]).includes(c)),
].map((c) => ({ value: c, label: c }));

const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : null);
const range = (from: string | null, to: string | null): Range => (from || to ? [from ? dayjs(from) : null, to ? dayjs(to) : null] : null);

function toValues(r: MarkupRule | undefined): FormValues {
  return {
    name: r?.name ?? '',
    owner: r?.agency?._id ?? PLATFORM,
    active: r?.active ?? true,
    priority: r?.priority ?? 0,
    productKind: r?.productKind ?? ANY,
    supplier: r?.supplier ?? ANY,
    destination: r?.destination ? { id: r.destination._id, name: r.destination.name } : null,
    travel: range(r?.travelFrom ?? null, r?.travelTo ?? null),
    booking: range(r?.bookingFrom ?? null, r?.bookingTo ?? null),
    kind: r?.kind ?? 'percentage',
    value: r?.value ?? '',
    currency: r?.currency ?? 'USD',
    basis: r?.basis ?? 'booking',
    allowBelowCost: r?.allowBelowCost ?? false,
  };
}

function toBody(v: FormValues, isSuper: boolean): CreateMarkupBody {
  return {
    name: v.name?.trim() ?? '',
    active: v.active,
    priority: v.priority ?? 0,
    productKind: v.productKind === ANY ? null : v.productKind,
    supplier: v.supplier === ANY ? null : v.supplier,
    destinationId: v.destination?.id ?? null,
    destinationName: v.destination?.name ?? null,
    travelFrom: day(v.travel?.[0]),
    travelTo: day(v.travel?.[1]),
    bookingFrom: day(v.booking?.[0]),
    bookingTo: day(v.booking?.[1]),
    kind: v.kind,
    value: v.value ?? '',
    currency: v.kind === 'fixed' ? v.currency : null,
    basis: v.kind === 'fixed' ? v.basis : 'booking',
    allowBelowCost: v.allowBelowCost,
    ...(isSuper ? { agencyId: v.owner === PLATFORM ? null : v.owner } : {}),
  };
}

/** Server field names -> form field names. */
const FIELD_OF: Record<string, keyof FormValues> = {
  travelFrom: 'travel',
  travelTo: 'travel',
  bookingFrom: 'booking',
  bookingTo: 'booking',
  destinationId: 'destination',
  agencyId: 'owner',
};

/** `/markup/create` and `/markup/{id}`: a rule's fields with a live preview of its effect. */
export function MarkupFormPage() {
  const { id } = useParams();
  const editing = Boolean(id && id !== 'create');
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const me = useMe();
  const isSuper = me.user.type === 'super';
  const agencies = useAgencyOptions({ enabled: isSuper });
  const rule = useMarkup(editing ? id : undefined);
  const create = useCreateMarkup();
  const update = useUpdateMarkup();
  const remove = useDeleteMarkup();

  useEffect(() => {
    if (!editing || rule.data) form.setFieldsValue(toValues(rule.data));
  }, [editing, rule.data, form]);

  const watched = Form.useWatch([], form) as FormValues | undefined;
  const kind = Form.useWatch('kind', form);
  const draft = useMemo(() => {
    if (!watched?.kind || !watched.value || !/^-?\d+(\.\d+)?$/.test(watched.value)) return null;
    const body = toBody(watched, isSuper);
    if (body.kind === 'fixed' && !(body.currency && isIsoCurrency(body.currency))) return null;
    return { ...body, name: body.name || 'Vista previa' };
  }, [watched, isSuper]);

  if (editing && rule.isError) {
    return (
      <Result
        status="404"
        title="Markup no encontrado"
        extra={
          <Link to="/markup">
            <Button>Volver a markups</Button>
          </Link>
        }
      />
    );
  }
  if (editing && rule.isLoading) return <Spin style={{ display: 'block', margin: 48 }} />;

  const onFinish = async (v: FormValues) => {
    const body = toBody(v, isSuper);
    try {
      if (editing) await update.mutateAsync({ id: id as string, body });
      else await create.mutateAsync(body);
      message.success('Markup guardado');
      navigate('/markup');
    } catch (err) {
      if (err instanceof ApiError && err.fields) {
        const byField = new Map<keyof FormValues, string>();
        for (const [k, msg] of Object.entries(err.fields)) byField.set(FIELD_OF[k] ?? (k as keyof FormValues), msg);
        form.setFields([...byField].map(([name, msg]) => ({ name, errors: [msg] })));
      }
      message.error(err instanceof Error ? err.message : 'Verifica el formulario');
    }
  };

  const onDelete = async () => {
    try {
      await remove.mutateAsync(id as string);
      message.success('Markup eliminado');
      navigate('/markup');
    } catch (err) {
      message.error((err as Error).message);
    }
  };

  return (
    <>
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <Typography.Title level={1} style={{ margin: 0 }}>
          {editing ? `Markup: ${rule.data?.name ?? ''}` : 'Nuevo markup'}
        </Typography.Title>
        <Link to="/markup">
          <Button>Volver</Button>
        </Link>
      </Flex>
      <Row gutter={16}>
        <Col xs={24} lg={14}>
          <Card>
            <Form<FormValues> form={form} layout="vertical" initialValues={toValues(undefined)} onFinish={onFinish} scrollToFirstError>
              <Row gutter={12}>
                <Col xs={24} md={16}>
                  <Form.Item name="name" label="Nombre" rules={[{ required: true, whitespace: true, message: 'El nombre es obligatorio' }]}>
                    <Input maxLength={120} placeholder="Ej.: Hoteles Caribe temporada alta" />
                  </Form.Item>
                </Col>
                <Col xs={12} md={4}>
                  <Form.Item name="priority" label="Prioridad" tooltip="Entre las reglas que aplican, gana la de mayor prioridad">
                    <InputNumber min={0} max={MARKUP_PRIORITY_MAX} precision={0} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col xs={12} md={4}>
                  <Form.Item name="active" label="Activo" valuePropName="checked">
                    <Switch />
                  </Form.Item>
                </Col>
                {isSuper && (
                  <Col span={24}>
                    <Form.Item name="owner" label="Aplica a" tooltip="Las reglas de plataforma se aplican antes que las de cada agencia">
                      <Select
                        showSearch={{ optionFilterProp: 'label' }}
                        loading={agencies.isLoading}
                        options={[{ value: PLATFORM, label: 'Plataforma (todas las agencias)' }, ...(agencies.data ?? [])]}
                      />
                    </Form.Item>
                  </Col>
                )}
              </Row>
              <Typography.Title level={5}>Cuándo aplica</Typography.Title>
              <Row gutter={12}>
                <Col xs={24} md={12}>
                  <Form.Item name="productKind" label="Producto">
                    <Select
                      options={[
                        { value: ANY, label: 'Cualquiera' },
                        ...PRODUCT_KINDS.map((k) => ({ value: k, label: PRODUCT_KIND_LABELS[k] })),
                      ]}
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="supplier" label="Proveedor">
                    <Select
                      options={[
                        { value: ANY, label: 'Cualquiera' },
                        ...MARKUP_SUPPLIERS.map((s) => ({ value: s, label: MARKUP_SUPPLIER_LABELS[s] })),
                      ]}
                    />
                  </Form.Item>
                </Col>
                <Col span={24}>
                  <Form.Item name="destination" label="Destino" tooltip="Aplica al lugar elegido y a todo lo que está dentro de él">
                    <DestinationPicker />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="travel" label="Fechas de viaje (entrada)">
                    <DatePicker.RangePicker allowEmpty={[true, true]} format="DD-MM-YYYY" style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="booking" label="Fechas de reserva">
                    <DatePicker.RangePicker allowEmpty={[true, true]} format="DD-MM-YYYY" style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
              </Row>
              <Typography.Title level={5}>Qué suma</Typography.Title>
              <Row gutter={12}>
                <Col xs={24} md={8}>
                  <Form.Item name="kind" label="Tipo">
                    <Radio.Group optionType="button" options={MARKUP_KINDS.map((k) => ({ value: k, label: MARKUP_KIND_LABELS[k] }))} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={kind === 'fixed' ? 6 : 16}>
                  <Form.Item
                    name="value"
                    label={kind === 'fixed' ? 'Valor' : 'Porcentaje'}
                    rules={[{ required: true, message: 'El valor es obligatorio' }]}
                  >
                    <InputNumber aria-label="Valor" stringMode style={{ width: '100%' }} suffix={kind === 'percentage' ? '%' : undefined} />
                  </Form.Item>
                </Col>
                {kind === 'fixed' && (
                  <>
                    <Col xs={12} md={4}>
                      <Form.Item
                        name="currency"
                        label="Moneda"
                        rules={[{ required: true, message: 'La moneda es obligatoria para un valor fijo' }]}
                      >
                        <Select showSearch options={currencyOptions} />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={6}>
                      <Form.Item name="basis" label="Se cobra">
                        <Select options={MARKUP_BASES.map((b) => ({ value: b, label: MARKUP_BASIS_LABELS[b] }))} />
                      </Form.Item>
                    </Col>
                  </>
                )}
                <Col span={24}>
                  <Form.Item
                    name="allowBelowCost"
                    valuePropName="checked"
                    extra="Permite valores negativos (descuentos): el precio puede quedar por debajo del costo."
                  >
                    <Checkbox>Permitir vender bajo el costo</Checkbox>
                  </Form.Item>
                </Col>
              </Row>
              <Flex gap={8} justify="space-between">
                <Button type="primary" htmlType="submit" loading={create.isPending || update.isPending}>
                  Guardar
                </Button>
                {editing && (
                  <Popconfirm title="¿Eliminar este markup?" okText="Eliminar" cancelText="Cancelar" onConfirm={onDelete}>
                    <Button danger loading={remove.isPending}>
                      Eliminar
                    </Button>
                  </Popconfirm>
                )}
              </Flex>
            </Form>
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <PreviewPanel draft={draft} draftId={editing ? id : undefined} isSuper={isSuper} />
        </Col>
      </Row>
    </>
  );
}
