import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { USER_TYPE_LABELS, type User } from '@travesia/contracts';
import { App, Button, Card, Flex, Input, Switch, Table, type TableColumnsType, Tag } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../shared/components/page-header';
import { errorMessage } from '../../../shared/forms/server-errors';
import { useMe } from '../../../shared/session/use-session';
import { useUsers } from '../api/get-users';
import { useUpdateUser } from '../api/update-user';
import { AgencySelect } from './agency-select';

const PAGE_SIZE = 20;

/** `/user/`: users the manager may see, with a text filter, an agency filter for super, and the status toggle. */
export function UsersPage() {
  const me = useMe();
  const isSuper = me.user.type === 'super';
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const agencyId = (isSuper && params.get('agencyId')) || undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const users = useUsers({ page, limit: PAGE_SIZE, q: q || undefined, agencyId });
  const update = useUpdateUser();

  const setFilter = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { replace: true });
  };

  const toggle = (user: User, active: boolean) =>
    update.mutate(
      { id: user._id, body: { status: active ? 'active' : 'inactive' } },
      {
        onSuccess: (u) => message.success(`${u.profile.name} ${u.profile.lastName}: ${u.status === 'active' ? 'activado' : 'desactivado'}`),
        onError: (err) => message.error(errorMessage(err)),
      },
    );

  const columns: TableColumnsType<User> = [
    {
      title: 'Nombre',
      key: 'name',
      render: (_, u) => <Link to={`/user/${u._id}`}>{`${u.profile.name} ${u.profile.lastName}`}</Link>,
    },
    { title: 'Email', dataIndex: 'email', key: 'email' },
    { title: 'Tipo', key: 'type', render: (_, u) => <Tag>{USER_TYPE_LABELS[u.type]}</Tag> },
    ...(isSuper ? [{ title: 'Agencia', key: 'agency', render: (_: unknown, u: User) => u.agency?.name ?? '—' }] : []),
    {
      title: 'Estado',
      key: 'status',
      render: (_, u) => (
        <Switch
          checked={u.status === 'active'}
          checkedChildren="Activo"
          unCheckedChildren="Inactivo"
          disabled={u._id === me.user._id}
          loading={update.isPending && update.variables?.id === u._id}
          onChange={(on) => toggle(u, on)}
          aria-label={`Estado de ${u.email}`}
        />
      ),
    },
    {
      title: 'Acciones',
      key: 'actions',
      align: 'right',
      render: (_, u) => (
        <Link to={`/user/${u._id}`} aria-label={`Editar ${u.email}`}>
          <Button size="small" icon={<EditOutlined />}>
            Editar
          </Button>
        </Link>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Usuarios"
        subtitle={isSuper ? 'Todos los usuarios de la plataforma' : `Equipo de ${me.agency?.name ?? 'tu agencia'}`}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/user/create')}>
            Nuevo usuario
          </Button>
        }
      />
      <Card>
        <Flex gap={12} wrap style={{ marginBottom: 16 }}>
          <Input.Search
            key={q}
            defaultValue={q}
            placeholder="Buscar por nombre, apellido o email"
            aria-label="Buscar usuarios"
            allowClear
            enterButton
            onSearch={(v) => setFilter({ q: v.trim() || undefined, page: undefined })}
            style={{ maxWidth: 380 }}
          />
          {isSuper && (
            <AgencySelect
              aria-label="Filtrar por agencia"
              placeholder="Todas las agencias"
              allowClear
              value={agencyId ?? null}
              onChange={(v) => setFilter({ agencyId: v ?? undefined, page: undefined })}
              style={{ minWidth: 240 }}
            />
          )}
        </Flex>
        <Table<User>
          rowKey="_id"
          columns={columns}
          dataSource={users.data?.docs ?? []}
          loading={users.isFetching}
          locale={{ emptyText: users.isError ? errorMessage(users.error) : 'No hay usuarios' }}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: users.data?.totalDocs ?? 0,
            showSizeChanger: false,
            showTotal: (total) => `${total} usuarios`,
            onChange: (p) => setFilter({ page: p > 1 ? String(p) : undefined }),
          }}
        />
      </Card>
    </>
  );
}
