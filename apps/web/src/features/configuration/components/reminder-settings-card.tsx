import { INTEGRATION_MESSAGES, type ReminderSettings, reminderDays } from '@travesia/contracts';
import { Alert, App, Button, Card, Form, Select, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import { applyServerErrors, errorMessage } from '../../../shared/forms/server-errors';
import { useReminderSettings } from '../api/get-reminder-settings';
import { useUpdateReminderSettings } from '../api/update-reminder-settings';
import { reminderDaysText } from './reminder-days';

interface Values {
  offsets: string[];
  daily: boolean;
}

const SUGGESTED = [30, 14, 10, 7, 5, 3, 2, 1];

const toOffsets = (list: string[] = []) => list.map((s) => Number(String(s).trim()));
const validOffset = (n: number) => Number.isInteger(n) && n >= 1 && n <= 60;

/**
 * The agency's deadline reminders (issue 16 item 5): the days before a free-cancellation, payment or
 * pre-reservation deadline a reminder goes out, and whether one a day follows. Who gets them is the
 * "Vencimientos" list of the notification e-mails above, plus the booking's adviser and the admins.
 */
export function ReminderSettingsCard() {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const settings = useReminderSettings();
  const save = useUpdateReminderSettings();
  const offsets = Form.useWatch('offsets', form);
  const daily = Form.useWatch('daily', form);

  useEffect(() => {
    if (settings.data) form.setFieldsValue({ offsets: settings.data.offsets.map(String), daily: settings.data.daily });
  }, [settings.data, form]);

  const preview = toOffsets(offsets);
  const previewDays = preview.every(validOffset) ? reminderDays({ offsets: preview, daily: !!daily }) : null;

  const onFinish = async (v: Values) => {
    const body: ReminderSettings = { offsets: toOffsets(v.offsets), daily: v.daily };
    try {
      await save.mutateAsync(body);
      message.success('Recordatorios guardados');
    } catch (err) {
      applyServerErrors(form, err);
      message.error(errorMessage(err));
    }
  };

  return (
    <Card title="Recordatorios de vencimiento" style={{ marginBottom: 16 }}>
      {settings.error ? (
        <Alert type="error" showIcon title={errorMessage(settings.error)} />
      ) : (
        <Form<Values> form={form} name="reminders" layout="vertical" onFinish={onFinish} disabled={settings.isLoading}>
          <Typography.Paragraph type="secondary">
            Se avisa por correo al asesor de la reserva, a los administradores y a los correos de «Vencimientos» antes de cada plazo de
            cancelación gratuita, de pago o de vencimiento de una pre-reserva.
          </Typography.Paragraph>
          <Form.Item
            name="offsets"
            label="Días de aviso antes del vencimiento"
            rules={[
              {
                validator: async (_r, list: string[] = []) => {
                  const n = toOffsets(list);
                  if (!n.length || n.length > 10 || !n.every(validOffset)) throw new Error(INTEGRATION_MESSAGES.offsets);
                },
              },
            ]}
          >
            <Select
              mode="tags"
              tokenSeparators={[',', ' ', ';']}
              placeholder="7, 3"
              aria-label="Días de aviso antes del vencimiento"
              options={SUGGESTED.map((d) => ({ value: String(d), label: d === 1 ? '1 día' : `${d} días` }))}
            />
          </Form.Item>
          <Form.Item name="daily" label="Después del último aviso, uno cada día hasta el vencimiento" valuePropName="checked">
            <Switch aria-label="Aviso diario hasta el vencimiento" />
          </Form.Item>
          {previewDays && (
            <Typography.Paragraph data-testid="reminder-preview">Se enviarán avisos {reminderDaysText(previewDays)}.</Typography.Paragraph>
          )}
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            Guardar recordatorios
          </Button>
        </Form>
      )}
    </Card>
  );
}
