import { ArrowLeftOutlined, SaveOutlined } from '@ant-design/icons';
import {
  AGENCY_MODE_LABELS,
  AGENCY_MODES,
  AGENCY_MODULE_LABELS,
  AGENCY_MODULES,
  AGENCY_THEME_LABELS,
  AGENCY_THEMES,
  type Agency,
  type AgencyMode,
  type AgencyModule,
  type CreateAgencyBody,
  enabledModules,
  MESSAGES,
} from '@travesia/contracts';
import { Alert, App, Button, Card, Checkbox, Col, Form, Input, Radio, Result, Row, Select, Skeleton, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../shared/components/page-header';
import { applyServerErrors, errorMessage } from '../../../shared/forms/server-errors';
import { useCreateAgency } from '../api/create-agency';
import { useAgency } from '../api/get-agency';
import { useUpdateAgency } from '../api/update-agency';
import { DistributedEditor } from './distributed-editor';

type DistributedEntry = { active: boolean; name: string; provider: string; visible: boolean };

interface Values {
  name: string;
  logo: string;
  theme: string;
  mode: AgencyMode;
  active: boolean;
  modules: AgencyModule[];
  distributed: { disney: DistributedEntry[]; universal: DistributedEntry[] };
}

const MODULE_GROUPS: Array<{ title: string; prefix: string }> = [
  { title: 'Hoteles', prefix: 'hotels-' },
  { title: 'Traslados', prefix: 'transfers-' },
  { title: 'Tickets y actividades', prefix: 'tickets-' },
  { title: 'Vuelos', prefix: 'flights-' },
  { title: 'Otros', prefix: 'white-labels' },
];

const valuesOf = (a: Agency): Values => ({
  name: a.name,
  logo: a.logo ?? '',
  theme: a.theme,
  mode: a.mode,
  active: a.active,
  modules: enabledModules(a.options),
  distributed: a.distributed,
});

const isUrl = (v: string) => {
  try {
    const u = new URL(v);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
};

/** `/sa/agencies/create` and `/sa/agencies/{id}` (super only). */
export function AgencyFormPage() {
  const { id } = useParams();
  const existing = useAgency(id);
  if (!id) return <AgencyForm />;
  if (existing.isPending) return <Skeleton active />;
  if (existing.isError) return <Result status="404" title={errorMessage(existing.error)} />;
  return <AgencyForm key={`${existing.data._id}-${existing.data.updatedAt}`} agency={existing.data} />;
}

function AgencyForm({ agency }: { agency?: Agency }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const create = useCreateAgency();
  const update = useUpdateAgency();

  const initialValues: Values = agency
    ? valuesOf(agency)
    : { name: '', logo: '', theme: 'default', mode: 'sandbox', active: true, modules: [], distributed: { disney: [], universal: [] } };

  const onFinish = (v: Values) => {
    setError(null);
    const body: CreateAgencyBody = {
      name: v.name.trim(),
      logo: v.logo.trim() || null,
      theme: v.theme as CreateAgencyBody['theme'],
      mode: v.mode,
      active: v.active,
      options: Object.fromEntries(AGENCY_MODULES.map((m) => [m, v.modules.includes(m)])),
      distributed: v.distributed,
    };
    const onError = (err: unknown) => {
      if (!applyServerErrors(form, err) && err instanceof Error && err.message === MESSAGES['agency.nameTaken']) {
        form.setFields([{ name: 'name', errors: [err.message] }]);
      }
      setError(errorMessage(err));
    };
    if (agency) {
      update.mutate({ id: agency._id, body }, { onSuccess: () => message.success(MESSAGES['common.saved']), onError });
    } else {
      create.mutate(body, {
        onSuccess: (a) => {
          message.success(`Agencia ${a.name} creada`);
          navigate(`/sa/agencies/${a._id}`, { replace: true });
        },
        onError,
      });
    }
  };

  return (
    <>
      <PageHeader
        title={agency ? `Agencia: ${agency.name}` : 'Nueva agencia'}
        extra={
          <>
            {agency && <Button onClick={() => navigate(`/sa/agencies/${agency._id}/providers`)}>Proveedores</Button>}
            <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/sa/agencies')}>
              Volver
            </Button>
          </>
        }
      />
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={onFinish}
        onFinishFailed={() => setError(MESSAGES['form.invalid'])}
        scrollToFirstError
        aria-label={agency ? 'Editar agencia' : 'Nueva agencia'}
      >
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
        <Card title="Datos generales" style={{ marginBottom: 16 }}>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                label="Nombre"
                name="name"
                validateTrigger="onBlur"
                rules={[
                  { required: true, whitespace: true, message: MESSAGES['agency.name.required'] },
                  { max: 120, message: 'Máximo 120 caracteres' },
                ]}
              >
                <Input autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                label="Logo (URL)"
                name="logo"
                validateTrigger="onBlur"
                rules={[
                  {
                    validator: async (_r, v: string) => {
                      if (v?.trim() && !isUrl(v.trim())) throw new Error('Escribe una URL válida (https://…)');
                    },
                  },
                  { max: 300, message: 'Máximo 300 caracteres' },
                ]}
              >
                <Input placeholder="https://…" autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item label="Tema" name="theme">
                <Select options={AGENCY_THEMES.map((t) => ({ value: t, label: AGENCY_THEME_LABELS[t] }))} />
              </Form.Item>
            </Col>
            <Col xs={24} md={10}>
              <Form.Item label="Modo" name="mode" tooltip="En pruebas los proveedores responden desde el simulador">
                <Radio.Group optionType="button" options={AGENCY_MODES.map((m) => ({ value: m, label: AGENCY_MODE_LABELS[m] }))} />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item label="Activa" name="active" valuePropName="checked">
                <Switch checkedChildren="Activa" unCheckedChildren="Inactiva" />
              </Form.Item>
            </Col>
          </Row>
        </Card>
        <Card title="Módulos" style={{ marginBottom: 16 }}>
          <Form.Item name="modules" noStyle>
            <Checkbox.Group style={{ width: '100%' }}>
              <Row gutter={[16, 16]}>
                {MODULE_GROUPS.map((g) => (
                  <Col key={g.prefix} xs={24} sm={12} lg={8}>
                    <fieldset style={{ border: 'none', margin: 0, padding: 0 }}>
                      <legend>
                        <Typography.Text strong>{g.title}</Typography.Text>
                      </legend>
                      {AGENCY_MODULES.filter((m) => m.startsWith(g.prefix)).map((m) => (
                        <div key={m} style={{ marginTop: 6 }}>
                          <Checkbox value={m}>{AGENCY_MODULE_LABELS[m]}</Checkbox>
                        </div>
                      ))}
                    </fieldset>
                  </Col>
                ))}
              </Row>
            </Checkbox.Group>
          </Form.Item>
        </Card>
        <Row gutter={16}>
          <Col xs={24} xl={12}>
            <Card title="Disney distribuidos" style={{ marginBottom: 16 }}>
              <DistributedEditor kind="disney" label="Disney" />
            </Card>
          </Col>
          <Col xs={24} xl={12}>
            <Card title="Universal distribuidos" style={{ marginBottom: 16 }}>
              <DistributedEditor kind="universal" label="Universal" />
            </Card>
          </Col>
        </Row>
        <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={create.isPending || update.isPending}>
          {agency ? 'Guardar cambios' : 'Crear agencia'}
        </Button>
      </Form>
    </>
  );
}
