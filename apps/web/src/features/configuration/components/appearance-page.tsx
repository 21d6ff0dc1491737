import {
  AGENCY_THEME_LABELS,
  AGENCY_THEMES,
  type AgencyAppearance,
  type AgencyAppearanceInput,
  SETTINGS_MESSAGES,
} from '@travesia/contracts';
import { Alert, App, Button, Card, Col, ColorPicker, Form, Input, Row, Select, Spin } from 'antd';
import type { Color } from 'antd/es/color-picker';
import { useEffect, useState } from 'react';
import { PageHeader } from '../../../shared/components/page-header';
import { applyServerErrors, errorMessage } from '../../../shared/forms/server-errors';
import { useMe } from '../../../shared/session/use-session';
import { useAppearance } from '../api/get-appearance';
import { useUpdateAppearance } from '../api/update-appearance';
import { AgencyPicker } from './agency-picker';
import { AppearancePreview } from './appearance-preview';
import { SingleImage } from './single-image';

type Values = Omit<AgencyAppearance, 'agencyId' | 'updatedAt'>;

/** `/configuration/appearance`: logos, theme and colour, favicon and the voucher's texts, with a preview before saving. */
export function AppearancePage() {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const me = useMe();
  const isSuper = me.user.type === 'super';
  const [agencyId, setAgencyId] = useState<string>();
  const appearance = useAppearance(isSuper ? agencyId : undefined, !isSuper || !!agencyId);
  const save = useUpdateAppearance();
  const look = Form.useWatch([], form) ?? appearance.data ?? {};

  useEffect(() => {
    if (appearance.data) form.setFieldsValue(appearance.data);
  }, [appearance.data, form]);

  const onFinish = async (v: Values) => {
    try {
      await save.mutateAsync({ body: v as AgencyAppearanceInput, agencyId: isSuper ? agencyId : undefined });
      message.success(SETTINGS_MESSAGES.saved);
    } catch (err) {
      applyServerErrors(form, err);
      message.error(errorMessage(err));
    }
  };

  return (
    <>
      <PageHeader title="Apariencia" />
      {isSuper && <AgencyPicker value={agencyId} onChange={setAgencyId} />}
      {appearance.isLoading ? (
        <Spin />
      ) : appearance.error ? (
        <Alert type="error" showIcon title={errorMessage(appearance.error)} />
      ) : !appearance.data ? null : (
        <Row gutter={16}>
          <Col xs={24} xl={12}>
            <Card style={{ marginBottom: 16 }}>
              <Form<Values> form={form} layout="vertical" onFinish={onFinish}>
                <Row gutter={12}>
                  <Col xs={24} md={12}>
                    <Form.Item name="theme" label="Tema">
                      <Select aria-label="Tema" options={AGENCY_THEMES.map((t) => ({ value: t, label: AGENCY_THEME_LABELS[t] }))} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item
                      name="primaryColor"
                      label="Color principal"
                      extra="Vacío: el color del tema."
                      getValueFromEvent={(c: Color | null) => (c ? c.toHexString() : null)}
                      rules={[{ pattern: /^#[0-9a-fA-F]{6}$/, message: SETTINGS_MESSAGES['color.invalid'] }]}
                    >
                      <ColorPicker allowClear showText disabledAlpha format="hex" aria-label="Color principal" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item name="logoLight" label="Logo (fondo claro)" extra="JPEG, PNG o WebP de hasta 5 MB.">
                      <SingleImage />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item name="logoDark" label="Logo (fondo oscuro)" extra="Se usa con el tema oscuro.">
                      <SingleImage />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item name="favicon" label="Favicon" extra="Imagen cuadrada; la pestaña del navegador la muestra.">
                      <SingleImage />
                    </Form.Item>
                  </Col>
                  <Col span={24}>
                    <Form.Item name="voucherHeader" label="Encabezado del voucher" rules={[{ max: 300, message: 'Máximo 300 caracteres' }]}>
                      <Input.TextArea rows={2} showCount maxLength={300} />
                    </Form.Item>
                  </Col>
                  <Col span={24}>
                    <Form.Item
                      name="voucherFooter"
                      label="Pie del voucher y de los correos"
                      rules={[{ max: 600, message: 'Máximo 600 caracteres' }]}
                    >
                      <Input.TextArea rows={3} showCount maxLength={600} />
                    </Form.Item>
                  </Col>
                </Row>
                <Button type="primary" htmlType="submit" loading={save.isPending}>
                  Guardar
                </Button>
              </Form>
            </Card>
          </Col>
          <Col xs={24} xl={12}>
            <AppearancePreview look={look} agencyName={isSuper ? 'Agencia' : (me.agency?.name ?? 'Agencia')} />
          </Col>
        </Row>
      )}
    </>
  );
}
