import { API_KEY_SCOPES, type ApiKey, formatDateTime } from '@travesia/contracts';
import { Alert, App, Button, Card, Checkbox, Form, Input, Modal, Popconfirm, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { ApiError } from '../../../lib/api';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys';
import { keyState, scopeLabel } from './labels';

/** The agency's API keys: create (the secret shown once), list with last use, revoke. */
export function ApiKeysCard() {
  const { message } = App.useApp();
  const list = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [open, setOpen] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [form] = Form.useForm<{ name: string; scopes: string[] }>();

  async function submit(values: { name: string; scopes: string[] }) {
    try {
      const created = await create.mutateAsync({ name: values.name, scopes: values.scopes as (typeof API_KEY_SCOPES)[number][] });
      setSecret(created.key);
      form.resetFields();
    } catch (err) {
      message.error(err instanceof ApiError ? err.message : 'No se pudo crear la llave');
    }
  }

  async function doRevoke(key: ApiKey) {
    try {
      await revoke.mutateAsync(key._id);
      message.success('Llave revocada');
    } catch (err) {
      message.error(err instanceof ApiError ? err.message : 'No se pudo revocar la llave');
    }
  }

  const columns: ColumnsType<ApiKey> = [
    { title: 'Nombre', dataIndex: 'name', key: 'name' },
    { title: 'Llave', dataIndex: 'prefix', key: 'prefix', render: (p: string) => <Typography.Text code>{p}…</Typography.Text> },
    { title: 'Permisos', key: 'scopes', render: (_, k) => k.scopes.map((s) => <Tag key={s}>{scopeLabel(s)}</Tag>) },
    { title: 'Creada', key: 'createdAt', render: (_, k) => formatDateTime(k.createdAt) },
    { title: 'Último uso', key: 'lastUsedAt', render: (_, k) => (k.lastUsedAt ? formatDateTime(k.lastUsedAt) : 'Nunca') },
    { title: 'Estado', key: 'state', render: (_, k) => <Tag color={keyState(k).color}>{keyState(k).text}</Tag> },
    {
      title: 'Acciones',
      key: 'actions',
      render: (_, k) =>
        k.revokedAt ? null : (
          <Popconfirm
            title="¿Revocar esta llave? Los sistemas que la usan dejarán de funcionar."
            okText="Revocar"
            cancelText="Cancelar"
            onConfirm={() => doRevoke(k)}
          >
            <Button danger size="small">
              Revocar
            </Button>
          </Popconfirm>
        ),
    },
  ];

  return (
    <Card
      title="Llaves de API"
      extra={
        <Button type="primary" onClick={() => setOpen(true)}>
          Crear llave
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        Para los sistemas de la agencia: envía la llave en el encabezado <Typography.Text code>X-Api-Key</Typography.Text> o{' '}
        <Typography.Text code>Authorization: Bearer</Typography.Text>. La documentación de la API está en <a href="/api/docs">/api/docs</a>.
      </Typography.Paragraph>
      <Table rowKey="_id" size="small" loading={list.isLoading} dataSource={list.data ?? []} columns={columns} pagination={false} />
      <Modal
        title="Crear llave de API"
        open={open}
        onCancel={() => {
          setOpen(false);
          setSecret(null);
        }}
        footer={secret ? null : undefined}
        okText="Crear"
        cancelText="Cancelar"
        onOk={() => form.submit()}
        confirmLoading={create.isPending}
      >
        {secret ? (
          <Alert
            type="success"
            showIcon
            message="Copia la llave ahora: no se volverá a mostrar"
            description={
              <Typography.Text copyable={{ text: secret }} code data-testid="api-key-secret">
                {secret}
              </Typography.Text>
            }
          />
        ) : (
          <Form form={form} name="apiKey" layout="vertical" onFinish={submit} initialValues={{ scopes: ['search:use', 'vouchers:read'] }}>
            <Form.Item name="name" label="Nombre" rules={[{ required: true, message: 'Escribe un nombre para la llave' }]}>
              <Input maxLength={80} placeholder="ERP de la agencia" />
            </Form.Item>
            <Form.Item name="scopes" label="Permisos" rules={[{ required: true, message: 'Elige al menos un permiso' }]}>
              <Checkbox.Group options={API_KEY_SCOPES.map((s) => ({ value: s, label: scopeLabel(s) }))} />
            </Form.Item>
          </Form>
        )}
      </Modal>
    </Card>
  );
}
