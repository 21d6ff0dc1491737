import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  PROVIDER_LANGUAGE_LABELS,
  type ProviderAccount,
  type ProviderLanguage,
  SUPPLIER_LABELS,
  type SupplierId,
} from '@travesia/contracts';
import { Alert, App, Button, Card, Input, Popconfirm, Select, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useState } from 'react';
import { ApiError } from '../../../lib/api';
import { useDeleteProviderAccount } from '../api/delete-provider-account';
import { useProviderAccounts } from '../api/list-provider-accounts';
import type { ProviderScope } from '../api/scope';
import { useUpdateProviderAccount } from '../api/update-provider-account';
import { supplierOptions } from './options';
import { ProviderAccountForm } from './provider-account-form';
import { TestConnectionButton } from './test-connection-button';

interface Props {
  scope: ProviderScope;
  title: ReactNode;
  description?: ReactNode;
  extra?: ReactNode;
}

/** List, create, edit, switch on/off, test and delete the provider accounts of one scope. */
export function ProviderAccountsPage({ scope, title, description, extra }: Props) {
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(20);
  const [q, setQ] = useState<string>();
  const [supplier, setSupplier] = useState<SupplierId>();
  const [editing, setEditing] = useState<ProviderAccount | 'new' | null>(null);
  const list = useProviderAccounts(scope, { page, limit, q, supplier });
  const update = useUpdateProviderAccount(scope);
  const remove = useDeleteProviderAccount(scope);
  const isTemplate = scope.kind === 'template';

  async function toggle(account: ProviderAccount, active: boolean) {
    try {
      await update.mutateAsync({ id: account._id, body: { active } });
      message.success(active ? 'Proveedor activado' : 'Proveedor desactivado');
    } catch (err) {
      message.error(err instanceof ApiError ? err.message : 'No se pudo actualizar el proveedor');
    }
  }

  async function destroy(account: ProviderAccount) {
    try {
      const r = await remove.mutateAsync(account._id);
      message.success(r.msg ?? 'Proveedor eliminado');
    } catch (err) {
      message.error(err instanceof ApiError ? err.message : 'No se pudo eliminar el proveedor');
    }
  }

  const columns: ColumnsType<ProviderAccount> = [
    { title: 'Nombre', dataIndex: 'name', key: 'name' },
    { title: 'Proveedor', dataIndex: 'supplier', key: 'supplier', render: (s: SupplierId) => SUPPLIER_LABELS[s] },
    isTemplate
      ? {
          title: 'Agencias',
          key: 'shared',
          render: (_, a) => (
            <Space orientation="vertical" size={0}>
              {a.shared ? <Tag color="blue">Todas</Tag> : <Tag>Solo asignada por super</Tag>}
              <Typography.Text type="secondary">{a.linkedAccounts ?? 0} cuentas vinculadas</Typography.Text>
            </Space>
          ),
        }
      : {
          title: 'Credenciales',
          key: 'source',
          render: (_, a) =>
            a.template ? (
              <Tooltip title="Usa las credenciales de la plantilla del operador">
                <Tag color={a.template.active ? 'purple' : 'default'}>
                  Plantilla: {a.template.name}
                  {a.template.active ? '' : ' (inactiva)'}
                </Tag>
              </Tooltip>
            ) : a.credentialsReadable ? (
              <Tag>Propias</Tag>
            ) : (
              <Tag color="error">Ilegibles: vuelve a escribirlas</Tag>
            ),
        },
    {
      title: 'Ajustes',
      key: 'settings',
      render: (_, a) => (
        <Typography.Text type="secondary">
          {a.settings.currency} · {a.settings.nationality} ·{' '}
          {PROVIDER_LANGUAGE_LABELS[a.settings.language as ProviderLanguage] ?? a.settings.language}
        </Typography.Text>
      ),
    },
    {
      title: 'Activo',
      key: 'active',
      render: (_, a) => (
        <Switch
          checked={a.active}
          size="small"
          loading={update.isPending && update.variables?.id === a._id}
          onChange={(on) => toggle(a, on)}
          aria-label={a.active ? 'Desactivar' : 'Activar'}
        />
      ),
    },
    {
      title: 'Acciones',
      key: 'actions',
      render: (_, a) => (
        <Space wrap>
          <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(a)}>
            Editar
          </Button>
          <TestConnectionButton scope={scope} accountId={a._id} />
          <Popconfirm
            title={`¿Eliminar "${a.name}"?`}
            description="Esta acción no se puede deshacer."
            okText="Eliminar"
            cancelText="Cancelar"
            okButtonProps={{ danger: true }}
            onConfirm={() => destroy(a)}
          >
            <Button size="small" danger icon={<DeleteOutlined />} aria-label="Eliminar" />
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={
        <Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>
          {title}
        </Typography.Title>
      }
      extra={
        <Space>
          {extra}
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {isTemplate ? 'Nueva plantilla' : 'Nuevo proveedor'}
          </Button>
        </Space>
      }
    >
      {description && <Typography.Paragraph type="secondary">{description}</Typography.Paragraph>}
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder="Buscar por nombre"
          aria-label="Buscar por nombre"
          onSearch={(v) => {
            setQ(v.trim() || undefined);
            setPage(1);
          }}
          style={{ width: 260 }}
        />
        <Select
          allowClear
          placeholder="Todos los proveedores"
          aria-label="Proveedor"
          options={supplierOptions}
          value={supplier}
          onChange={(v?: SupplierId) => {
            setSupplier(v);
            setPage(1);
          }}
          style={{ width: 220 }}
        />
      </Space>
      {list.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={list.error instanceof ApiError ? list.error.message : 'No se pudieron cargar los proveedores'}
          action={
            <Button size="small" onClick={() => list.refetch()}>
              Reintentar
            </Button>
          }
        />
      )}
      <Table<ProviderAccount>
        rowKey="_id"
        columns={columns}
        dataSource={list.data?.docs ?? []}
        loading={list.isFetching}
        locale={{ emptyText: isTemplate ? 'Aún no hay plantillas de proveedor' : 'Aún no hay proveedores configurados' }}
        pagination={{
          current: page,
          pageSize: limit,
          total: list.data?.totalDocs ?? 0,
          showSizeChanger: true,
          onChange: (p, size) => {
            setPage(size !== limit ? 1 : p);
            setLimit(size);
          },
        }}
        scroll={{ x: true }}
      />
      <ProviderAccountForm
        scope={scope}
        account={editing && editing !== 'new' ? editing : undefined}
        open={editing !== null}
        onClose={() => setEditing(null)}
      />
    </Card>
  );
}
