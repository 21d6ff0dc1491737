import { App, Button, Card, Form, Input } from 'antd';
import { useEffect } from 'react';
import { ApiError } from '../../../lib/api';
import { useMailSettings, usePutMailSettings } from '../api/mail-settings';

/** The sender name and reply-to of the agency's mails. */
export function MailSettingsCard() {
  const { message } = App.useApp();
  const settings = useMailSettings();
  const put = usePutMailSettings();
  const [form] = Form.useForm<{ senderName: string; replyTo: string }>();
  useEffect(() => {
    if (settings.data) form.setFieldsValue({ senderName: settings.data.senderName ?? '', replyTo: settings.data.replyTo ?? '' });
  }, [settings.data, form]);

  async function submit(values: { senderName: string; replyTo: string }) {
    try {
      await put.mutateAsync({ senderName: values.senderName || null, replyTo: values.replyTo || null });
      message.success('Remitente guardado');
    } catch (err) {
      message.error(err instanceof ApiError ? err.message : 'No se pudo guardar el remitente');
    }
  }

  return (
    <Card title="Remitente de los correos">
      <Form form={form} name="mailSender" layout="vertical" onFinish={submit} style={{ maxWidth: 480 }}>
        <Form.Item name="senderName" label="Nombre del remitente">
          <Input maxLength={80} placeholder="Reservas de la agencia" />
        </Form.Item>
        <Form.Item name="replyTo" label="Responder a" rules={[{ type: 'email', message: 'Correo de respuesta no válido' }]}>
          <Input maxLength={200} placeholder="reservas@agencia.com" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={put.isPending}>
          Guardar
        </Button>
      </Form>
    </Card>
  );
}
