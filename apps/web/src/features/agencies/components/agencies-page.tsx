import { ApiOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { AGENCY_MODE_LABELS, type Agency, enabledModules } from '@travesia/contracts';
import { Avatar, Button, Card, Flex, Input, Table, type TableColumnsType, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../shared/components/page-header';
import { errorMessage } from '../../../shared/forms/server-errors';
import { useAgencies } from '../api/get-agencies';

const PAGE_SIZE = 20;

/** `/sa/agencies`: every agency, searchable, with links to edit it and to its provider accounts. */
export function AgenciesPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const agencies = useAgencies({ page, limit: PAGE_SIZE, q: q || undefined });

  const set = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { replace: true });
  };

  const columns: TableColumnsType<Agency> = [
    {
      title: 'Agencia',
      key: 'name',
      render: (_, a) => (
        <Flex align="center" gap={8}>
          <Avatar shape="square" src={a.logo || undefined} style={{ background: a.logo ? undefined : '#0b6e4f' }}>
            {a.name.charAt(0).toUpperCase()}
          </Avatar>
          <Link to={`/sa/agencies/${a._id}`}>{a.name}</Link>
        </Flex>
      ),
    },
    {
      title: 'Estado',
      key: 'active',
      render: (_, a) => (a.active ? <Tag color="success">Activa</Tag> : <Tag color="default">Inactiva</Tag>),
    },
    {
      title: 'Modo',
      key: 'mode',
      render: (_, a) => <Tag color={a.mode === 'production' ? 'green' : 'gold'}>{AGENCY_MODE_LABELS[a.mode]}</Tag>,
    },
    {
      title: 'Módulos',
      key: 'modules',
      render: (_, a) => <Typography.Text>{enabledModules(a.options).length}</Typography.Text>,
    },
    { title: 'Creada', key: 'createdAt', render: (_, a) => dayjs(a.createdAt).format('DD-MM-YYYY') },
    {
      title: 'Acciones',
      key: 'actions',
      align: 'right',
      render: (_, a) => (
        <Flex gap={8} justify="end">
          <Link to={`/sa/agencies/${a._id}`} aria-label={`Editar ${a.name}`}>
            <Button size="small" icon={<EditOutlined />}>
              Editar
            </Button>
          </Link>
          <Link to={`/sa/agencies/${a._id}/providers`} aria-label={`Proveedores de ${a.name}`}>
            <Button size="small" icon={<ApiOutlined />}>
              Proveedores
            </Button>
          </Link>
        </Flex>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Agencias"
        subtitle="Agencias de la plataforma y sus módulos"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/sa/agencies/create')}>
            Nueva agencia
          </Button>
        }
      />
      <Card>
        <Input.Search
          key={q}
          defaultValue={q}
          placeholder="Buscar por nombre"
          aria-label="Buscar agencias"
          allowClear
          enterButton
          onSearch={(v) => set({ q: v.trim() || undefined, page: undefined })}
          style={{ maxWidth: 380, marginBottom: 16 }}
        />
        <Table<Agency>
          rowKey="_id"
          columns={columns}
          dataSource={agencies.data?.docs ?? []}
          loading={agencies.isFetching}
          locale={{ emptyText: agencies.isError ? errorMessage(agencies.error) : 'No hay agencias' }}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: agencies.data?.totalDocs ?? 0,
            showSizeChanger: false,
            showTotal: (total) => `${total} agencias`,
            onChange: (p) => set({ page: p > 1 ? String(p) : undefined }),
          }}
        />
      </Card>
    </>
  );
}
