import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import {
  AGENCY_MODULE_LABELS,
  COMMON_CURRENCIES,
  type CreateWhiteLabelInput,
  WHITE_LABEL_LANGUAGE_LABELS,
  WHITE_LABEL_LANGUAGES,
  WHITE_LABEL_PRODUCTS,
  WHITE_LABEL_STATUS_LABELS,
  WHITE_LABEL_STATUSES,
  type WhiteLabel,
} from '@travesia/contracts';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Col,
  Descriptions,
  Flex,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Spin,
  Table,
  Typography,
} from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useAgencyOptions } from '../../../shared/agencies/agency-options';
import { NotFound } from '../../../shared/components/not-found';
import { PageHeader } from '../../../shared/components/page-header';
import { applyServerErrors } from '../../../shared/forms/server-errors';
import { useMe } from '../../../shared/session/use-session';
import { useCreateWhiteLabel } from '../api/create-white-label';
import { useWhiteLabel } from '../api/get-white-label';
import { useUpdateWhiteLabel } from '../api/update-white-label';
import { slugify } from './slugify';

type Values = Required<Omit<CreateWhiteLabelInput, 'agencyId' | 'subdomain' | 'customDomain'>> & {
  agencyId?: string;
  subdomain?: string | null;
  customDomain?: string | null;
};

/** Copy buttons whose icons are not read out in English (the button says "Copiar"). */
const COPYABLE = { icon: [<CopyOutlined key="copy" aria-hidden />, <CheckOutlined key="done" aria-hidden />] };

const DEFAULTS: Partial<Values> = { status: 'draft', currency: 'USD', language: 'es', markupPercent: '0', products: [], holdMinutes: null };

/** `/whitelabels/create` and `/whitelabels/{id}`: name, status, addresses, products, currency, language, markup and time to pay. */
export function WhiteLabelFormPage() {
  const { id } = useParams();
  const me = useMe();
  const isSuper = me.user.type === 'super';
  const existing = useWhiteLabel(id);
  if (id && existing.isPending) return <Spin />;
  if (id && (existing.error || !existing.data)) return <NotFound />;
  return <WhiteLabelForm key={id ?? 'new'} current={existing.data} isSuper={isSuper} modules={me.modules} />;
}

function WhiteLabelForm({ current, isSuper, modules }: { current?: WhiteLabel; isSuper: boolean; modules: string[] }) {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const create = useCreateWhiteLabel();
  const update = useUpdateWhiteLabel();
  const agencies = useAgencyOptions({ enabled: isSuper && !current });
  const slugTouched = useRef(!!current);
  const products = useMemo(
    () =>
      WHITE_LABEL_PRODUCTS.filter((p) => isSuper || modules.includes(p) || current?.products.includes(p)).map((p) => ({
        value: p,
        label: AGENCY_MODULE_LABELS[p],
      })),
    [isSuper, modules, current],
  );

  useEffect(() => {
    if (current) form.setFieldsValue({ ...current, markupPercent: current.markupPercent } as Values);
  }, [current, form]);

  const submit = async (values: Values) => {
    const body = { ...values, subdomain: values.subdomain || null, customDomain: values.customDomain || null };
    try {
      if (current) {
        const { agencyId: _ignored, ...rest } = body;
        await update.mutateAsync({ id: current._id, body: rest });
        message.success('White label guardado');
      } else {
        const created = await create.mutateAsync(body);
        message.success('White label creado');
        navigate(`/whitelabels/${created._id}`, { replace: true });
      }
    } catch (err) {
      if (!applyServerErrors(form, err)) message.error((err as Error).message);
    }
  };

  return (
    <>
      <PageHeader
        title={current ? `White label: ${current.name}` : 'Nuevo white label'}
        extra={
          current && (
            <Button onClick={() => navigate(`/whitelabel/${current._id}/customize`)} type="default">
              Personalizar
            </Button>
          )
        }
      />
      <Form<Values> form={form} layout="vertical" initialValues={DEFAULTS} onFinish={submit} scrollToFirstError>
        <Row gutter={16}>
          <Col xs={24} lg={14}>
            <Card title="Datos" style={{ marginBottom: 16 }}>
              {isSuper && !current && (
                <Form.Item name="agencyId" label="Agencia" rules={[{ required: true, message: 'Elige la agencia' }]}>
                  <Select showSearch={{ optionFilterProp: 'label' }} placeholder="Selecciona una agencia" options={agencies.data ?? []} />
                </Form.Item>
              )}
              <Form.Item name="name" label="Nombre" rules={[{ required: true, message: 'El nombre es obligatorio' }]}>
                <Input
                  maxLength={120}
                  onChange={(e) => {
                    if (!slugTouched.current) form.setFieldValue('slug', slugify(e.target.value));
                  }}
                />
              </Form.Item>
              <Form.Item name="status" label="Estado">
                <Select options={WHITE_LABEL_STATUSES.map((s) => ({ value: s, label: WHITE_LABEL_STATUS_LABELS[s] }))} />
              </Form.Item>
              <Form.Item name="products" label="Productos que vende" rules={[{ required: true, message: 'Elige al menos un producto' }]}>
                <Checkbox.Group options={products} />
              </Form.Item>
              <Row gutter={16}>
                <Col xs={24} sm={8}>
                  <Form.Item
                    name="currency"
                    label="Moneda"
                    tooltip="La tienda muestra y cobra sus precios en esta moneda, convertidos con las tasas de cambio vigentes; la pasarela activa debe cobrar en ella"
                  >
                    <Select options={COMMON_CURRENCIES.map((c) => ({ value: c, label: c }))} />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={8}>
                  <Form.Item name="language" label="Idioma">
                    <Select options={WHITE_LABEL_LANGUAGES.map((l) => ({ value: l, label: WHITE_LABEL_LANGUAGE_LABELS[l] }))} />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={8}>
                  <Form.Item
                    name="markupPercent"
                    label="Markup de la tienda (%)"
                    tooltip="Se suma al precio de la agencia en la tienda pública"
                    normalize={(v: string) => v.replace(',', '.')}
                  >
                    <Input inputMode="decimal" maxLength={6} />
                  </Form.Item>
                </Col>
              </Row>
              <Form.Item
                name="holdMinutes"
                label="Tiempo para pagar (minutos)"
                extra="Cuánto tiempo se mantiene el precio mientras el viajero paga (1 a 60). Vacío: el de la plataforma, 15 minutos. Nunca más que la cotización del proveedor."
              >
                <InputNumber min={1} max={60} precision={0} style={{ width: 160 }} />
              </Form.Item>
            </Card>
          </Col>
          <Col xs={24} lg={10}>
            <Card title="Dirección" style={{ marginBottom: 16 }}>
              <Form.Item
                name="slug"
                label="Ruta en la plataforma"
                extra="La tienda siempre responde en /s/{ruta}"
                rules={[{ required: true, message: 'Escribe la ruta' }]}
              >
                <Input addonBefore="/s/" maxLength={63} onChange={() => (slugTouched.current = true)} />
              </Form.Item>
              <Form.Item name="subdomain" label="Subdominio (opcional)" extra="Bajo el dominio de tiendas de la plataforma">
                <Input maxLength={63} />
              </Form.Item>
              <Form.Item name="customDomain" label="Dominio propio (opcional)" extra="Por ejemplo reservas.miagencia.com">
                <Input maxLength={253} />
              </Form.Item>
              {current && <Addresses wl={current} />}
            </Card>
          </Col>
        </Row>
        <Flex gap={8} justify="end">
          <Link to="/whitelabels/">Volver</Link>
          <Button type="primary" htmlType="submit" loading={create.isPending || update.isPending}>
            Guardar
          </Button>
        </Flex>
      </Form>
    </>
  );
}

function Addresses({ wl }: { wl: WhiteLabel }) {
  return (
    <Flex vertical gap={12}>
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'path', label: 'Ruta', children: <Link to={wl.addresses.path}>{wl.addresses.path}</Link> },
          ...(wl.addresses.subdomain ? [{ key: 'sub', label: 'Subdominio', children: wl.addresses.subdomain }] : []),
          ...(wl.addresses.customDomain ? [{ key: 'dom', label: 'Dominio propio', children: wl.addresses.customDomain }] : []),
        ]}
      />
      {wl.dnsRecords.length > 0 && (
        <>
          <Alert type="info" showIcon message="Crea este registro en el DNS del dominio para que apunte a la plataforma" />
          <Table
            size="small"
            rowKey="name"
            pagination={false}
            scroll={{ x: true }}
            dataSource={wl.dnsRecords}
            columns={[
              { title: 'Tipo', dataIndex: 'type' },
              { title: 'Nombre', dataIndex: 'name', render: (v: string) => <Typography.Text copyable={COPYABLE}>{v}</Typography.Text> },
              { title: 'Valor', dataIndex: 'value', render: (v: string) => <Typography.Text copyable={COPYABLE}>{v}</Typography.Text> },
            ]}
          />
        </>
      )}
    </Flex>
  );
}
