import {
  GATEWAY_CREDENTIAL_FIELDS,
  GATEWAY_CURRENCIES,
  PAYMENT_GATEWAY_LABELS,
  PAYMENT_GATEWAYS,
  PAYMENT_MODE_LABELS,
  PAYMENT_MODES,
  type PaymentGateway,
  type PaymentGatewayDto,
  type PaymentMode,
} from '@travesia/contracts';
import { App, Divider, Form, Input, Modal, Radio, Typography } from 'antd';
import { useEffect } from 'react';
import { ApiError } from '../../../lib/api';
import { useCreateGateway } from '../api/create-gateway';
import { useUpdateGateway } from '../api/update-gateway';

interface FormValues {
  gateway: PaymentGateway;
  mode: PaymentMode;
  test: Record<string, string | undefined>;
  live: Record<string, string | undefined>;
}

/** Where an agency finds each gateway's credentials, and how its events reach us (decisions 0331 and 0520). */
const GATEWAY_HELP: Record<PaymentGateway, string> = {
  wompi:
    'Las llaves y los secretos están en el panel de Wompi, sección Desarrolladores. Configura allí la URL de eventos que muestra esta página.',
  stripe:
    'La llave secreta está en Desarrolladores → Claves de API. Crea un webhook con la URL de eventos de esta página: Stripe muestra su secreto de firma (whsec_…).',
  payu: 'En el módulo PayU, Configuración → Configuración técnica: ID del comercio, API Login y API Key; el ID de la cuenta es el del país en que cobras. La URL de confirmación viaja con cada pago: no hace falta configurarla.',
  mercadopago:
    'En Tus integraciones, elige tu aplicación: el access token está en Credenciales. En Webhooks → Configurar notificaciones, guarda la URL de eventos de esta página con el evento Pagos: Mercado Pago genera allí la clave secreta.',
};

/** Which currencies the gateway charges in (decision 0560): the white label's currency must be one of them. */
function currenciesOf(gateway: PaymentGateway): string {
  const list = GATEWAY_CURRENCIES[gateway];
  return list
    ? `Cobra solo en ${list.join(', ')}: la moneda de la marca blanca debe ser una de ellas para activarla.`
    : 'Cobra en cualquiera de las monedas de la marca blanca.';
}

/** Only what was typed: an empty secret field keeps the stored value (it is shown masked as a placeholder). */
function typed(values: Record<string, string | undefined> | undefined): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].trim() !== ''),
  );
}

/** Add or edit a gateway: test and live credentials, masked secrets replaced only when typed. */
export function GatewayForm(props: {
  whiteLabelId: string;
  editing: PaymentGatewayDto | null;
  open: boolean;
  onClose: () => void;
  taken: PaymentGateway[];
}) {
  const { whiteLabelId, editing, open, onClose, taken } = props;
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const create = useCreateGateway(whiteLabelId);
  const update = useUpdateGateway(whiteLabelId);
  const gateway = Form.useWatch('gateway', form) ?? editing?.gateway ?? 'wompi';
  const free = PAYMENT_GATEWAYS.filter((g) => !taken.includes(g) || g === editing?.gateway);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    const plain = (mode: PaymentMode) =>
      Object.fromEntries(
        GATEWAY_CREDENTIAL_FIELDS[editing?.gateway ?? 'wompi']
          .filter((f) => !f.secret)
          .map((f) => [f.key, editing?.credentials[mode]?.[f.key]]),
      );
    form.setFieldsValue(
      editing
        ? { gateway: editing.gateway, mode: editing.mode, test: plain('test'), live: plain('live') }
        : { gateway: free[0] ?? 'wompi', mode: 'test' },
    );
  }, [open, editing, form, free[0]]);

  async function submit(values: FormValues) {
    const credentials = { test: typed(values.test), live: typed(values.live) };
    try {
      if (editing) await update.mutateAsync({ gatewayId: editing._id, body: { mode: values.mode, credentials } });
      else await create.mutateAsync({ gateway: values.gateway, mode: values.mode, credentials });
      message.success('Pasarela guardada');
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.fields) {
        form.setFields(
          Object.entries(err.fields).map(([path, msg]) => ({
            name: path.replace(/^credentials\./, '').split('.') as ['test', string],
            errors: [msg],
          })),
        );
      }
      message.error(err instanceof ApiError ? err.message : 'No se pudo guardar la pasarela');
    }
  }

  const section = (mode: PaymentMode) => (
    <>
      <Divider titlePlacement="start" plain>
        Credenciales de {PAYMENT_MODE_LABELS[mode].toLowerCase()}
      </Divider>
      {GATEWAY_CREDENTIAL_FIELDS[gateway].map((f) => {
        const stored = editing?.credentials[mode]?.[f.key];
        const label = `${f.label} (${PAYMENT_MODE_LABELS[mode].toLowerCase()})`;
        return (
          <Form.Item
            key={`${mode}.${f.key}`}
            name={[mode, f.key]}
            label={label}
            extra={f.prefix ? `Empieza por ${f.prefix[mode]}` : undefined}
          >
            {f.secret ? (
              <Input.Password autoComplete="off" maxLength={500} placeholder={stored ? `${stored} (escribe para reemplazar)` : undefined} />
            ) : (
              <Input autoComplete="off" maxLength={500} />
            )}
          </Form.Item>
        );
      })}
    </>
  );

  return (
    <Modal
      title={editing ? `Editar ${PAYMENT_GATEWAY_LABELS[editing.gateway]}` : 'Agregar pasarela de pago'}
      open={open}
      onCancel={onClose}
      okText="Guardar"
      cancelText="Cancelar"
      onOk={() => form.submit()}
      confirmLoading={create.isPending || update.isPending}
      destroyOnHidden
    >
      <Form form={form} name="payment-gateway" layout="vertical" onFinish={submit}>
        <Form.Item name="gateway" label="Pasarela">
          <Radio.Group
            disabled={Boolean(editing)}
            optionType="button"
            options={free.map((g) => ({ value: g, label: PAYMENT_GATEWAY_LABELS[g] }))}
          />
        </Form.Item>
        <Form.Item name="mode" label="Modo en uso">
          <Radio.Group optionType="button" options={PAYMENT_MODES.map((m) => ({ value: m, label: PAYMENT_MODE_LABELS[m] }))} />
        </Form.Item>
        <Typography.Paragraph type="secondary">{GATEWAY_HELP[gateway]}</Typography.Paragraph>
        <Typography.Paragraph type="secondary">{currenciesOf(gateway)}</Typography.Paragraph>
        <Typography.Paragraph type="secondary">
          Los secretos guardados se muestran enmascarados: deja el campo vacío para conservarlos.
        </Typography.Paragraph>
        {section('test')}
        {section('live')}
      </Form>
    </Modal>
  );
}
