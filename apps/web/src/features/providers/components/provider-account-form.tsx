import {
  DEFAULT_PROVIDER_SETTINGS,
  PRODUCT_KIND_LABELS,
  PROVIDER_MESSAGES,
  PROVIDER_OPERATION_LABELS,
  PROVIDER_OPERATIONS,
  type ProviderAccount,
  type ProviderLanguage,
  SUPPLIER_CREDENTIAL_FIELDS,
  SUPPLIER_PRODUCT_KINDS,
  type SupplierId,
  TIMEOUT_MAX_MS,
  TIMEOUT_MIN_MS,
} from '@travesia/contracts';
import { Alert, App, Col, Collapse, Form, Input, InputNumber, Modal, Radio, Row, Select, Switch, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { ApiError } from '../../../lib/api';
import { type CreateBody, useCreateProviderAccount } from '../api/create-provider-account';
import { useLinkableTemplates } from '../api/list-linkable-templates';
import type { ProviderScope } from '../api/scope';
import { type UpdateBody, useUpdateProviderAccount } from '../api/update-provider-account';
import { countryOptions, currencyOptions, languageOptions, supplierOptions } from './options';

interface FormValues {
  supplier: SupplierId;
  name: string;
  active: boolean;
  shared: boolean;
  source: 'own' | 'template';
  templateId?: string;
  credentials: Record<string, string | undefined>;
  settings: { currency: string; nationality: string; language: string; timeouts: Record<string, number | null | undefined> };
}

interface Props {
  scope: ProviderScope;
  /** The account being edited; undefined to create one. */
  account?: ProviderAccount;
  open: boolean;
  onClose: () => void;
}

const required = (message: string) => [{ required: true, whitespace: true, message }];

/** Server field keys ('credentials.password', 'settings.timeouts.hotel.search') to form name paths. */
function namePathOf(key: string): (string | number)[] {
  const parts = key.split('.');
  if (parts[0] === 'settings' && parts[1] === 'timeouts') return ['settings', 'timeouts', parts.slice(2).join('.')];
  if (parts[0] === 'credentials' || parts[0] === 'settings') return [parts[0], parts.slice(1).join('.')];
  return [key];
}

function initialValues(account: ProviderAccount | undefined): FormValues {
  if (!account) {
    return {
      supplier: 'hotelbeds',
      name: '',
      active: true,
      shared: true,
      source: 'own',
      credentials: {},
      settings: { ...DEFAULT_PROVIDER_SETTINGS, timeouts: {} },
    };
  }
  return {
    supplier: account.supplier,
    name: account.name,
    active: account.active,
    shared: account.shared,
    source: account.template ? 'template' : 'own',
    templateId: account.template?._id,
    credentials: { ...account.credentials },
    settings: { ...account.settings, timeouts: { ...account.settings.timeouts } },
  };
}

/** Create or edit a provider account or template: credential inputs come from SUPPLIER_CREDENTIAL_FIELDS. */
export function ProviderAccountForm({ scope, account, open, onClose }: Props) {
  const [form] = Form.useForm<FormValues>();
  const { message } = App.useApp();
  const create = useCreateProviderAccount(scope);
  const update = useUpdateProviderAccount(scope);
  const templates = useLinkableTemplates(scope);
  const isTemplate = scope.kind === 'template';
  const editing = Boolean(account);

  const supplier = Form.useWatch('supplier', form) ?? account?.supplier ?? 'hotelbeds';
  const source = Form.useWatch('source', form) ?? (account?.template ? 'template' : 'own');
  const fields = SUPPLIER_CREDENTIAL_FIELDS[supplier];
  const templateOptions = useMemo(
    () => (templates.data ?? []).filter((t) => t.supplier === supplier).map((t) => ({ value: t._id, label: t.name })),
    [templates.data, supplier],
  );
  // A linked account switching to its own credentials starts from empty fields.
  const hadOwnCredentials = editing && !account?.template && account?.credentialsReadable;

  useEffect(() => {
    if (open) form.setFieldsValue(initialValues(account));
    else form.resetFields();
  }, [open, account, form]);

  async function submit(values: FormValues) {
    const settings = {
      currency: values.settings.currency,
      nationality: values.settings.nationality,
      language: values.settings.language as ProviderLanguage,
      timeouts: Object.fromEntries(
        Object.entries(values.settings.timeouts ?? {}).filter((e): e is [string, number] => typeof e[1] === 'number'),
      ),
    };
    const credentials = Object.fromEntries(
      fields.map((f) => [f.key, (values.credentials?.[f.key] ?? '').trim()]).filter(([, v]) => editing || v !== ''),
    );
    const linked = !isTemplate && values.source === 'template';
    try {
      if (!account) {
        const body: CreateBody = isTemplate
          ? { supplier: values.supplier, name: values.name, active: values.active, shared: values.shared, credentials, settings }
          : linked
            ? { supplier: values.supplier, name: values.name, active: values.active, templateId: values.templateId, settings }
            : { supplier: values.supplier, name: values.name, active: values.active, credentials, settings };
        await create.mutateAsync(body);
        message.success('Proveedor creado');
      } else {
        const body: UpdateBody = isTemplate
          ? { name: values.name, active: values.active, shared: values.shared, credentials, settings }
          : linked
            ? { name: values.name, active: values.active, templateId: values.templateId, settings }
            : { name: values.name, active: values.active, templateId: null, credentials, settings };
        await update.mutateAsync({ id: account._id, body });
        message.success('Proveedor actualizado');
      }
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.fields) {
        form.setFields(Object.entries(err.fields).map(([key, msg]) => ({ name: namePathOf(key) as never, errors: [msg] })));
      }
      message.error(err instanceof ApiError ? err.message : 'No se pudo guardar el proveedor');
    }
  }

  // "Nueva plantilla", "Nuevo proveedor": the adjective agrees with the noun.
  const title = isTemplate ? `${editing ? 'Editar' : 'Nueva'} plantilla de proveedor` : `${editing ? 'Editar' : 'Nuevo'} proveedor`;
  return (
    <Modal
      open={open}
      title={title}
      width={760}
      okText="Guardar"
      cancelText="Cancelar"
      confirmLoading={create.isPending || update.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      forceRender
    >
      <Form<FormValues> form={form} layout="vertical" onFinish={submit} requiredMark="optional" initialValues={initialValues(account)}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="supplier" label="Proveedor" rules={[{ required: true, message: PROVIDER_MESSAGES.supplierInvalid }]}>
              <Select
                options={supplierOptions}
                disabled={editing}
                onChange={() =>
                  form.setFieldsValue({
                    credentials: {},
                    templateId: undefined,
                    settings: { ...form.getFieldValue('settings'), timeouts: {} },
                  })
                }
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="name" label="Nombre" rules={required(PROVIDER_MESSAGES.nameRequired)}>
              <Input maxLength={100} placeholder="p. ej. Hotelbeds contrato Colombia" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="active" label="Activo" valuePropName="checked">
              <Switch checkedChildren="Sí" unCheckedChildren="No" />
            </Form.Item>
          </Col>
          {isTemplate && (
            <Col xs={12} md={18}>
              <Form.Item
                name="shared"
                label="Disponible para todas las agencias"
                valuePropName="checked"
                tooltip="Si no, solo un super usuario puede vincularla a una agencia."
              >
                <Switch checkedChildren="Sí" unCheckedChildren="No" />
              </Form.Item>
            </Col>
          )}
        </Row>

        {!isTemplate && (
          <Form.Item name="source" label="Credenciales">
            <Radio.Group
              options={[
                { value: 'own', label: 'Propias de la agencia' },
                {
                  value: 'template',
                  label: 'Usar una plantilla del operador',
                  disabled: templateOptions.length === 0 && !account?.template,
                },
              ]}
            />
          </Form.Item>
        )}

        {!isTemplate && source === 'template' ? (
          <Form.Item
            name="templateId"
            label="Plantilla"
            rules={[{ required: true, message: 'Selecciona una plantilla' }]}
            extra="La cuenta usa las credenciales de la plantilla; la agencia no las ve."
          >
            <Select
              options={
                account?.template && !templateOptions.some((o) => o.value === account.template?._id)
                  ? [...templateOptions, { value: account.template._id, label: account.template.name }]
                  : templateOptions
              }
              loading={templates.isLoading}
              placeholder="Selecciona una plantilla"
              notFoundContent="No hay plantillas de este proveedor"
            />
          </Form.Item>
        ) : (
          <>
            {editing && account && !account.credentialsReadable && (
              <Alert
                type="warning"
                showIcon
                style={{ marginBottom: 16 }}
                title="Las credenciales guardadas no se pueden leer (cambió la clave de cifrado). Escríbelas de nuevo."
              />
            )}
            <Row gutter={16}>
              {fields.map((f) => (
                <Col xs={24} md={12} key={`${supplier}-${f.key}`}>
                  <Form.Item
                    name={['credentials', f.key]}
                    label={f.label}
                    rules={f.optional ? [] : required(PROVIDER_MESSAGES.credentialRequired)}
                    extra={f.secret && hadOwnCredentials ? 'Déjalo como está para conservar el valor guardado.' : undefined}
                  >
                    {f.secret ? (
                      <Input.Password autoComplete="new-password" maxLength={500} />
                    ) : (
                      <Input autoComplete="off" maxLength={500} placeholder={f.key === 'host' ? 'https://…' : undefined} />
                    )}
                  </Form.Item>
                </Col>
              ))}
            </Row>
          </>
        )}

        <Typography.Title level={5}>Ajustes</Typography.Title>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name={['settings', 'currency']}
              label="Moneda"
              rules={[{ required: true, message: PROVIDER_MESSAGES.currencyInvalid }]}
            >
              <Select showSearch={{ optionFilterProp: 'label' }} options={currencyOptions()} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name={['settings', 'nationality']}
              label="Nacionalidad / mercado"
              rules={[{ required: true, message: PROVIDER_MESSAGES.nationalityInvalid }]}
            >
              <Select showSearch={{ optionFilterProp: 'label' }} options={countryOptions()} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name={['settings', 'language']}
              label="Idioma"
              rules={[{ required: true, message: PROVIDER_MESSAGES.languageInvalid }]}
            >
              <Select options={languageOptions} />
            </Form.Item>
          </Col>
        </Row>
        <Collapse
          size="small"
          items={[
            {
              key: 'timeouts',
              label: 'Tiempos de espera por operación (opcional)',
              children: (
                <>
                  <Typography.Paragraph type="secondary">
                    En milisegundos, entre {TIMEOUT_MIN_MS} y {TIMEOUT_MAX_MS}. Vacío usa el valor por defecto del proveedor.
                  </Typography.Paragraph>
                  {SUPPLIER_PRODUCT_KINDS[supplier].map((kind) => (
                    <div key={kind}>
                      <Typography.Text strong>{PRODUCT_KIND_LABELS[kind]}</Typography.Text>
                      <Row gutter={8}>
                        {PROVIDER_OPERATIONS.map((op) => (
                          <Col xs={12} md={8} key={op}>
                            <Form.Item name={['settings', 'timeouts', `${kind}.${op}`]} label={PROVIDER_OPERATION_LABELS[op]}>
                              <InputNumber
                                min={TIMEOUT_MIN_MS}
                                max={TIMEOUT_MAX_MS}
                                step={1000}
                                precision={0}
                                suffix="ms"
                                style={{ width: '100%' }}
                              />
                            </Form.Item>
                          </Col>
                        ))}
                      </Row>
                    </div>
                  ))}
                </>
              ),
            },
          ]}
        />
      </Form>
    </Modal>
  );
}
