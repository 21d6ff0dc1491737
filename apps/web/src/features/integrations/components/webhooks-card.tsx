import { WEBHOOK_EVENTS, type Webhook, type WebhookEvent } from '@travesia/contracts';
import { Alert, App, Button, Card, Checkbox, Form, Input, Modal, Popconfirm, Space, Switch, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { ApiError } from '../../../lib/api';
import { useCreateWebhook, useDeleteWebhook, useUpdateWebhook, useWebhooks } from '../api/webhooks';
import { DeliveriesTable } from './deliveries-table';
import { eventLabel } from './labels';

interface FormValues {
  url: string;
  events: WebhookEvent[];
  description?: string;
}

/** The agency's webhook endpoints: register (secret shown once), pause, delete, and each one's delivery log. */
export function WebhooksCard() {
  const { message } = App.useApp();
  const list = useWebhooks();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const [open, setOpen] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [form] = Form.useForm<FormValues>();
  const fail = (err: unknown, fallback: string) => message.error(err instanceof ApiError ? err.message : fallback);

  async function submit(values: FormValues) {
    try {
      const created = await create.mutateAsync(values);
      setSecret(created.secret);
      form.resetFields();
    } catch (err) {
      fail(err, 'No se pudo registrar el webhook');
    }
  }

  const columns: ColumnsType<Webhook> = [
    { title: 'URL', dataIndex: 'url', key: 'url', render: (u: string) => <Typography.Text code>{u}</Typography.Text> },
    { title: 'Eventos', key: 'events', render: (_, h) => h.events.map((e) => <Tag key={e}>{eventLabel(e)}</Tag>) },
    {
      title: 'Activo',
      key: 'active',
      render: (_, h) => (
        <Switch
          checked={h.active}
          aria-label="Activo"
          onChange={(active) => update.mutateAsync({ id: h._id, body: { active } }).catch((err) => fail(err, 'No se pudo actualizar'))}
        />
      ),
    },
    {
      title: 'Acciones',
      key: 'actions',
      render: (_, h) => (
        <Popconfirm
          title="¿Eliminar este webhook?"
          okText="Eliminar"
          cancelText="Cancelar"
          onConfirm={() => remove.mutateAsync(h._id).catch((err) => fail(err, 'No se pudo eliminar'))}
        >
          <Button danger size="small">
            Eliminar
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <Card
      title="Webhooks"
      extra={
        <Button type="primary" onClick={() => setOpen(true)}>
          Registrar webhook
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        Cada evento llega firmado con HMAC-SHA256 en el encabezado <Typography.Text code>X-Travesia-Signature</Typography.Text>; los fallos
        se reintentan con espera creciente. Expande un webhook para ver sus entregas.
      </Typography.Paragraph>
      <Table
        rowKey="_id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        columns={columns}
        pagination={false}
        expandable={{ expandedRowRender: (h) => <DeliveriesTable endpointId={h._id} /> }}
      />
      <Modal
        title="Registrar webhook"
        open={open}
        onCancel={() => {
          setOpen(false);
          setSecret(null);
        }}
        footer={secret ? null : undefined}
        okText="Registrar"
        cancelText="Cancelar"
        onOk={() => form.submit()}
        confirmLoading={create.isPending}
      >
        {secret ? (
          <Alert
            type="success"
            showIcon
            message="Copia el secreto de firma ahora: no se volverá a mostrar"
            description={
              <Typography.Text copyable={{ text: secret }} code data-testid="webhook-secret">
                {secret}
              </Typography.Text>
            }
          />
        ) : (
          <Form form={form} name="webhook" layout="vertical" onFinish={submit} initialValues={{ events: [...WEBHOOK_EVENTS] }}>
            <Form.Item name="url" label="URL" rules={[{ required: true, message: 'Escribe una URL http o https válida' }]}>
              <Input maxLength={500} placeholder="https://erp.agencia.com/webhooks/travesia" />
            </Form.Item>
            <Form.Item name="events" label="Eventos" rules={[{ required: true, message: 'Elige al menos un evento' }]}>
              <Checkbox.Group>
                <Space direction="vertical">
                  {WEBHOOK_EVENTS.map((e) => (
                    <Checkbox key={e} value={e}>
                      {eventLabel(e)}
                    </Checkbox>
                  ))}
                </Space>
              </Checkbox.Group>
            </Form.Item>
            <Form.Item name="description" label="Descripción">
              <Input maxLength={200} />
            </Form.Item>
          </Form>
        )}
      </Modal>
    </Card>
  );
}
