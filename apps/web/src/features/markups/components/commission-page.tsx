import {
  COMMISSION_MODE_LABELS,
  COMMISSION_MODES,
  COMMISSION_TYPE_LABELS,
  COMMISSION_TYPES,
  COMMON_CURRENCIES,
  type CommissionMode,
  type CommissionType,
} from '@travesia/contracts';
import { Alert, App, Button, Card, Col, Form, InputNumber, Radio, Row, Select, Spin, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api';
import { useAgencyOptions } from '../../../shared/agencies/agency-options';
import { useMe } from '../../../shared/session/use-session';
import { useCommissionSettings } from '../api/get-commission-settings';
import { useUpdateCommissionSettings } from '../api/update-commission-settings';

interface Values {
  mode: CommissionMode;
  type: CommissionType;
  value: string;
  currency: string;
  roundUp: boolean;
}

/** `/configuration/commission`: the agency's commission setting and how prices are computed. */
export function CommissionPage() {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const me = useMe();
  const isSuper = me.user.type === 'super';
  const agencies = useAgencyOptions({ enabled: isSuper });
  const [agencyId, setAgencyId] = useState<string | undefined>();
  const settings = useCommissionSettings(isSuper ? agencyId : undefined, !isSuper || Boolean(agencyId));
  const save = useUpdateCommissionSettings();
  const type = Form.useWatch('type', form);

  useEffect(() => {
    if (settings.data) form.setFieldsValue(settings.data);
  }, [settings.data, form]);

  const onFinish = async (v: Values) => {
    try {
      await save.mutateAsync({ body: v, agencyId: isSuper ? agencyId : undefined });
      message.success('Configuración de comisión guardada');
    } catch (err) {
      if (err instanceof ApiError && err.fields)
        form.setFields(Object.entries(err.fields).map(([name, msg]) => ({ name: name as keyof Values, errors: [msg] })));
      message.error((err as Error).message);
    }
  };

  return (
    <>
      <Typography.Title level={1}>Comisión</Typography.Title>
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <Card>
            {isSuper && (
              <Form.Item label="Agencia" layout="vertical">
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder="Selecciona una agencia"
                  options={agencies.data ?? []}
                  value={agencyId}
                  onChange={setAgencyId}
                />
              </Form.Item>
            )}
            {settings.isLoading ? (
              <Spin />
            ) : settings.error ? (
              <Alert type="error" showIcon title={(settings.error as Error).message} />
            ) : isSuper && !agencyId ? null : (
              <Form<Values> form={form} layout="vertical" onFinish={onFinish}>
                <Form.Item name="mode" label="La comisión del asesor va">
                  <Radio.Group options={COMMISSION_MODES.map((m) => ({ value: m, label: COMMISSION_MODE_LABELS[m] }))} />
                </Form.Item>
                <Row gutter={12}>
                  <Col span={10}>
                    <Form.Item name="type" label="Comisión por defecto">
                      <Select options={COMMISSION_TYPES.map((t) => ({ value: t, label: COMMISSION_TYPE_LABELS[t] }))} />
                    </Form.Item>
                  </Col>
                  <Col span={8}>
                    <Form.Item name="value" label="Valor" rules={[{ required: true, message: 'El valor es obligatorio' }]}>
                      <InputNumber stringMode min="0" style={{ width: '100%' }} suffix={type === 'percentage' ? '%' : undefined} />
                    </Form.Item>
                  </Col>
                  <Col span={6}>
                    <Form.Item
                      name="currency"
                      label="Moneda"
                      tooltip="Moneda de las comisiones de valor fijo (de la agencia y de sus usuarios)"
                    >
                      <Select showSearch options={COMMON_CURRENCIES.map((c) => ({ value: c, label: c }))} />
                    </Form.Item>
                  </Col>
                </Row>
                <Form.Item
                  name="roundUp"
                  label="Redondear precios hacia arriba"
                  valuePropName="checked"
                  extra="Ningún valor del precio se redondea hacia abajo."
                >
                  <Switch />
                </Form.Item>
                <Button type="primary" htmlType="submit" loading={save.isPending}>
                  Guardar
                </Button>
              </Form>
            )}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="Cómo se calculan los precios">
            <Typography.Paragraph>
              <ol style={{ paddingLeft: 18, margin: 0 }}>
                <li>El costo del proveedor se convierte a la moneda de venta con la tasa de cambio vigente.</li>
                <li>Se suma el markup de la plataforma: el resultado es el costo para tu agencia.</li>
                <li>
                  Se suma el markup de tu agencia: de las reglas que aplican (producto, proveedor, destino y fechas), la de mayor prioridad.
                  Un porcentaje se calcula sobre el costo de tu agencia.
                </li>
                <li>
                  La comisión del asesor: la suya si tiene una en su usuario; si no, la comisión por defecto de esta página. <b>Sumada</b>:
                  el cliente paga el precio de la agencia más la comisión. <b>Incluida</b>: el precio no cambia y la comisión es la parte
                  del asesor (nunca mayor que el margen de la agencia).
                </li>
                <li>Cada valor se redondea a la moneda: COP sin decimales, las demás con 2.</li>
              </ol>
            </Typography.Paragraph>
            <Typography.Text type="secondary">
              Los asesores ven el precio y su comisión; el costo del proveedor y el markup de la plataforma no se muestran a las agencias.
            </Typography.Text>
          </Card>
        </Col>
      </Row>
    </>
  );
}
