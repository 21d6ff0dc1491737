import {
  AGENCY_LANGUAGE_LABELS,
  AGENCY_LANGUAGES,
  type AgencyAppSettings,
  type AgencyAppSettingsInput,
  COMMON_CURRENCIES,
  formatDateTime,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  SETTINGS_MESSAGES,
  timeZoneNames,
} from '@travesia/contracts';
import { Alert, App, Button, Card, Col, Form, Input, InputNumber, Row, Select, Spin, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { PageHeader } from '../../../shared/components/page-header';
import { CountrySelect } from '../../../shared/country-select';
import { applyServerErrors, errorMessage } from '../../../shared/forms/server-errors';
import { useMe } from '../../../shared/session/use-session';
import { useAppSettings } from '../api/get-app-settings';
import { useUpdateAppSettings } from '../api/update-app-settings';
import { AgencyPicker } from './agency-picker';
import { ReminderSettingsCard } from './reminder-settings-card';

type Values = Omit<AgencyAppSettings, 'agencyId' | 'name' | 'updatedAt'>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const text = (max: number) => [{ max, message: `Máximo ${max} caracteres` }];

/** `/configuration/app`: the agency's profile, defaults, time zone and notification addresses. */
export function AppSettingsPage() {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const me = useMe();
  const isSuper = me.user.type === 'super';
  const [agencyId, setAgencyId] = useState<string>();
  const settings = useAppSettings(isSuper ? agencyId : undefined, !isSuper || !!agencyId);
  const save = useUpdateAppSettings();
  const zones = useMemo(() => timeZoneNames().map((z) => ({ value: z, label: z })), []);
  const zone = Form.useWatch('timeZone', form);

  useEffect(() => {
    if (settings.data) form.setFieldsValue(settings.data);
  }, [settings.data, form]);

  const onFinish = async (v: Values) => {
    try {
      await save.mutateAsync({ body: v as AgencyAppSettingsInput, agencyId: isSuper ? agencyId : undefined });
      message.success(SETTINGS_MESSAGES.saved);
    } catch (err) {
      applyServerErrors(form, err);
      message.error(errorMessage(err));
    }
  };

  return (
    <>
      <PageHeader title="Aplicación" subtitle={settings.data?.name} />
      {isSuper && <AgencyPicker value={agencyId} onChange={setAgencyId} />}
      {settings.isLoading ? (
        <Spin />
      ) : settings.error ? (
        <Alert type="error" showIcon title={errorMessage(settings.error)} />
      ) : !settings.data ? null : (
        <Form<Values> form={form} layout="vertical" onFinish={onFinish} scrollToFirstError>
          <Row gutter={16}>
            <Col xs={24} xl={12}>
              <Card title="Datos de la agencia" style={{ marginBottom: 16 }}>
                <Row gutter={12}>
                  <Col xs={24} md={12}>
                    <Form.Item name="legalName" label="Razón social" rules={text(160)}>
                      <Input autoComplete="organization" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item name="tradeName" label="Nombre comercial" rules={text(160)}>
                      <Input />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item name="taxId" label="NIT" rules={text(40)}>
                      <Input />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item name="phone" label="Teléfono" rules={text(40)}>
                      <Input autoComplete="tel" />
                    </Form.Item>
                  </Col>
                  <Col span={24}>
                    <Form.Item name="address" label="Dirección" rules={text(200)}>
                      <Input autoComplete="street-address" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item name="city" label="Ciudad" rules={text(100)}>
                      <Input />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item name="country" label="País">
                      <CountrySelect allowClear />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item name="website" label="Sitio web" rules={[{ type: 'url', message: SETTINGS_MESSAGES['website.invalid'] }]}>
                      <Input placeholder="https://…" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item
                      name="billingEmail"
                      label="Correo de facturación"
                      rules={[{ type: 'email', message: SETTINGS_MESSAGES['email.invalid'] }]}
                    >
                      <Input autoComplete="email" />
                    </Form.Item>
                  </Col>
                </Row>
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <Card title="Valores por defecto" style={{ marginBottom: 16 }}>
                <Row gutter={12}>
                  <Col xs={24} md={12}>
                    <Form.Item
                      name="timeZone"
                      label="Zona horaria"
                      rules={[{ required: true, message: SETTINGS_MESSAGES['timeZone.invalid'] }]}
                      extra={zone ? `Ahora: ${formatDateTime(new Date(), zone)}` : undefined}
                    >
                      <Select showSearch options={zones} aria-label="Zona horaria" />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={6}>
                    <Form.Item name="defaultCurrency" label="Moneda">
                      <Select options={COMMON_CURRENCIES.map((c) => ({ value: c, label: c }))} />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={6}>
                    <Form.Item name="language" label="Idioma">
                      <Select options={AGENCY_LANGUAGES.map((l) => ({ value: l, label: AGENCY_LANGUAGE_LABELS[l] }))} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item name="defaultNationality" label="Nacionalidad de los pasajeros">
                      <CountrySelect allowClear />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={6}>
                    <Form.Item name="defaultAdults" label="Adultos">
                      <InputNumber min={1} max={9} precision={0} style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={6}>
                    <Form.Item name="defaultChildren" label="Niños">
                      <InputNumber min={0} max={6} precision={0} style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                  <Col span={24}>
                    <Form.Item
                      name="deadlineShiftDays"
                      label="Adelanto de plazos (días)"
                      extra="Tus asesores ven la cancelación gratuita vencer estos días antes que la del proveedor."
                    >
                      <InputNumber min={0} max={30} precision={0} style={{ width: 160 }} />
                    </Form.Item>
                  </Col>
                </Row>
              </Card>
              <Card title="Correos de aviso" style={{ marginBottom: 16 }}>
                <Typography.Paragraph type="secondary">
                  Además del asesor de la reserva y los administradores de la agencia, estos correos reciben cada aviso.
                </Typography.Paragraph>
                {NOTIFICATION_KINDS.map((k) => (
                  <Form.Item
                    key={k}
                    name={['notificationEmails', k]}
                    label={NOTIFICATION_KIND_LABELS[k]}
                    rules={[
                      {
                        validator: async (_r, list: string[] = []) => {
                          if (list.length > 10) throw new Error(SETTINGS_MESSAGES['emails.tooMany']);
                          if (list.some((e) => !EMAIL.test(e))) throw new Error(SETTINGS_MESSAGES['email.invalid']);
                        },
                      },
                    ]}
                  >
                    <Select mode="tags" tokenSeparators={[',', ' ', ';']} open={false} placeholder="correo@agencia.com" />
                  </Form.Item>
                ))}
              </Card>
            </Col>
          </Row>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            Guardar
          </Button>
        </Form>
      )}
      {/* Reminders belong to the caller's own agency (platform staff have none). */}
      {!isSuper && (
        <div style={{ marginTop: 24 }}>
          <ReminderSettingsCard />
        </div>
      )}
    </>
  );
}
