import { BgColorsOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { WHITE_LABEL_STATUS_LABELS, type WhiteLabel } from '@travesia/contracts';
import { Button, Card, Flex, Input, Select, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAgencyOptions } from '../../../shared/agencies/agency-options';
import { PageHeader } from '../../../shared/components/page-header';
import { useMe } from '../../../shared/session/use-session';
import { useWhiteLabels } from '../api/get-white-labels';

const PAGE_SIZE = 20;
const STATUS_COLORS = { draft: 'default', active: 'green', suspended: 'red' } as const;

/** `/whitelabels/`: the storefronts this user manages (super: any agency's, filterable by agency). */
export function WhiteLabelsPage() {
  const me = useMe();
  const navigate = useNavigate();
  const isSuper = me.user.type === 'super';
  const agencies = useAgencyOptions({ enabled: isSuper });
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useWhiteLabels({
    page,
    limit: PAGE_SIZE,
    q: params.get('q') || undefined,
    agencyId: isSuper ? (params.get('agencyId') ?? undefined) : undefined,
  });
  const set = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: true });
  };

  const columns: TableColumnsType<WhiteLabel> = [
    { title: 'Nombre', dataIndex: 'name', render: (name: string, r) => <Link to={`/whitelabels/${r._id}`}>{name}</Link> },
    ...(isSuper ? [{ title: 'Agencia', dataIndex: 'agencyName' }] : []),
    {
      title: 'Dirección',
      key: 'address',
      render: (_, r) => (
        <Flex vertical>
          <Typography.Text code>{r.addresses.path}</Typography.Text>
          {r.addresses.subdomain && <Typography.Text type="secondary">{r.addresses.subdomain}</Typography.Text>}
          {r.addresses.customDomain && <Typography.Text type="secondary">{r.addresses.customDomain}</Typography.Text>}
        </Flex>
      ),
    },
    {
      title: 'Estado',
      dataIndex: 'status',
      render: (s: WhiteLabel['status']) => <Tag color={STATUS_COLORS[s]}>{WHITE_LABEL_STATUS_LABELS[s]}</Tag>,
    },
    { title: 'Publicado', dataIndex: 'published', render: (p: boolean) => (p ? 'Sí' : 'No') },
    {
      title: 'Acciones',
      key: 'actions',
      render: (_, r) => (
        <Flex gap={8} wrap>
          <Link to={`/whitelabels/${r._id}`} aria-label={`Editar ${r.name}`}>
            <EditOutlined aria-hidden /> Editar
          </Link>
          <Link to={`/whitelabel/${r._id}/customize`} aria-label={`Personalizar ${r.name}`}>
            <BgColorsOutlined aria-hidden /> Personalizar
          </Link>
        </Flex>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="White Labels"
        subtitle="Tiendas públicas de tu agencia: dirección, productos, apariencia y publicación"
        extra={
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => navigate('/whitelabels/create')}>
            Nuevo white label
          </Button>
        }
      />
      <Card>
        <Flex gap={12} wrap style={{ marginBottom: 16 }}>
          <Input.Search
            allowClear
            placeholder="Buscar por nombre o dirección"
            aria-label="Buscar white labels"
            defaultValue={params.get('q') ?? ''}
            onSearch={(q) => set({ q: q.trim() || undefined })}
            style={{ maxWidth: 320 }}
          />
          {isSuper && (
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="Todas las agencias"
              aria-label="Agencia"
              options={agencies.data ?? []}
              value={params.get('agencyId') ?? undefined}
              onChange={(v) => set({ agencyId: v })}
              style={{ minWidth: 220 }}
            />
          )}
        </Flex>
        <Table<WhiteLabel>
          rowKey="_id"
          columns={columns}
          dataSource={list.data?.docs ?? []}
          loading={list.isFetching}
          scroll={{ x: true }}
          locale={{ emptyText: list.error ? list.error.message : 'Aún no hay white labels' }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: list.data?.totalDocs ?? 0,
            showSizeChanger: false,
            onChange: (p) => set({ page: String(p) }),
          }}
        />
      </Card>
    </>
  );
}
