import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  MARKUP_SUPPLIER_LABELS,
  MARKUP_SUPPLIERS,
  type MarkupRule,
  type MarkupSupplier,
  PRODUCT_KIND_LABELS,
  PRODUCT_KINDS,
  type ProductKind,
} from '@travesia/contracts';
import { App, Button, Card, Flex, Input, Popconfirm, Segmented, Select, Switch, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAgencyOptions } from '../../../shared/agencies/agency-options';
import { useMe } from '../../../shared/session/use-session';
import { useDeleteMarkup } from '../api/delete-markup';
import { type MarkupsQuery, useMarkups } from '../api/get-markups';
import { useUpdateMarkup } from '../api/update-markup';
import { describeMarkup, formatDateRange } from './money';

const PAGE_SIZE = 20;

/** `/markup`: the rules this user manages, filterable, with an active toggle and priorities. */
export function MarkupsPage() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const me = useMe();
  const isSuper = me.user.type === 'super';
  const agencies = useAgencyOptions({ enabled: isSuper });
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query: MarkupsQuery = {
    page,
    limit: PAGE_SIZE,
    q: params.get('q') || undefined,
    active: (params.get('active') as 'true' | 'false' | null) ?? undefined,
    productKind: (params.get('productKind') as ProductKind | null) ?? undefined,
    supplier: (params.get('supplier') as MarkupSupplier | null) ?? undefined,
    scope: isSuper ? ((params.get('scope') as MarkupsQuery['scope'] | null) ?? 'platform') : undefined,
    agencyId: isSuper ? (params.get('agencyId') ?? undefined) : undefined,
  };
  const markups = useMarkups(query);
  const update = useUpdateMarkup();
  const remove = useDeleteMarkup();

  const set = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: true });
  };

  const toggle = async (r: MarkupRule, active: boolean) => {
    try {
      await update.mutateAsync({ id: r._id, body: { active } });
      message.success(active ? 'Markup activado' : 'Markup desactivado');
    } catch (err) {
      message.error((err as Error).message);
    }
  };

  const columns: TableColumnsType<MarkupRule> = [
    { title: 'Nombre', key: 'name', render: (_, r) => <Link to={`/markup/${r._id}`}>{r.name}</Link> },
    ...(isSuper
      ? [
          {
            title: 'Aplica a',
            key: 'owner',
            render: (_: unknown, r: MarkupRule) => (r.agency ? r.agency.name : <Tag color="purple">Plataforma</Tag>),
          },
        ]
      : []),
    { title: 'Producto', key: 'productKind', render: (_, r) => (r.productKind ? PRODUCT_KIND_LABELS[r.productKind] : 'Cualquiera') },
    { title: 'Proveedor', key: 'supplier', render: (_, r) => (r.supplier ? MARKUP_SUPPLIER_LABELS[r.supplier] : 'Cualquiera') },
    { title: 'Destino', key: 'destination', render: (_, r) => (r.destination ? (r.destination.name ?? r.destination._id) : 'Cualquiera') },
    { title: 'Viaje', key: 'travel', render: (_, r) => formatDateRange(r.travelFrom, r.travelTo) },
    { title: 'Reserva', key: 'booking', render: (_, r) => formatDateRange(r.bookingFrom, r.bookingTo) },
    {
      title: 'Markup',
      key: 'value',
      render: (_, r) => (
        <>
          {describeMarkup(r)} {r.allowBelowCost && <Tag color="orange">Bajo costo</Tag>}
        </>
      ),
    },
    { title: 'Prioridad', key: 'priority', dataIndex: 'priority', align: 'right' },
    {
      title: 'Activo',
      key: 'active',
      render: (_, r) => <Switch size="small" aria-label={`Activo ${r.name}`} checked={r.active} onChange={(v) => toggle(r, v)} />,
    },
    {
      title: 'Acciones',
      key: 'actions',
      align: 'right',
      render: (_, r) => (
        <Flex gap={8} justify="end">
          <Link to={`/markup/${r._id}`} aria-label={`Editar ${r.name}`}>
            <Button size="small" icon={<EditOutlined />}>
              Editar
            </Button>
          </Link>
          <Popconfirm
            title="¿Eliminar este markup?"
            okText="Eliminar"
            cancelText="Cancelar"
            onConfirm={() =>
              remove.mutateAsync(r._id).then(
                () => message.success('Markup eliminado'),
                (e: Error) => message.error(e.message),
              )
            }
          >
            <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Eliminar ${r.name}`} />
          </Popconfirm>
        </Flex>
      ),
    },
  ];

  return (
    <>
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <div>
          <Typography.Title level={1} style={{ margin: 0 }}>
            Markups
          </Typography.Title>
          <Typography.Text type="secondary">
            Entre las reglas que aplican a una oferta gana la de mayor prioridad; las de plataforma se aplican antes que las de la agencia.
          </Typography.Text>
        </div>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/markup/create')}>
          Nuevo markup
        </Button>
      </Flex>
      <Card>
        <Flex gap={8} wrap style={{ marginBottom: 16 }}>
          {isSuper && (
            <>
              <Segmented
                value={params.get('agencyId') ? 'agency' : (query.scope ?? 'platform')}
                options={[
                  { value: 'platform', label: 'Plataforma' },
                  { value: 'agency', label: 'Agencias' },
                  { value: 'all', label: 'Todas' },
                ]}
                onChange={(v) => set({ scope: String(v), agencyId: undefined })}
              />
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder="Agencia"
                aria-label="Agencia"
                style={{ minWidth: 200 }}
                options={agencies.data ?? []}
                value={params.get('agencyId') ?? undefined}
                onChange={(v?: string) => set({ agencyId: v, scope: v ? 'agency' : undefined })}
              />
            </>
          )}
          <Input.Search
            allowClear
            placeholder="Buscar por nombre o destino"
            aria-label="Buscar por nombre o destino"
            defaultValue={query.q}
            onSearch={(v) => set({ q: v.trim() || undefined })}
            style={{ maxWidth: 280 }}
          />
          <Select
            allowClear
            placeholder="Producto"
            aria-label="Producto"
            style={{ minWidth: 140 }}
            value={query.productKind}
            options={PRODUCT_KINDS.map((k) => ({ value: k, label: PRODUCT_KIND_LABELS[k] }))}
            onChange={(v?: string) => set({ productKind: v })}
          />
          <Select
            allowClear
            placeholder="Proveedor"
            aria-label="Proveedor"
            style={{ minWidth: 160 }}
            value={query.supplier}
            options={MARKUP_SUPPLIERS.map((s) => ({ value: s, label: MARKUP_SUPPLIER_LABELS[s] }))}
            onChange={(v?: string) => set({ supplier: v })}
          />
          <Select
            allowClear
            placeholder="Estado"
            aria-label="Estado"
            style={{ minWidth: 130 }}
            value={query.active}
            options={[
              { value: 'true', label: 'Activos' },
              { value: 'false', label: 'Inactivos' },
            ]}
            onChange={(v?: string) => set({ active: v })}
          />
        </Flex>
        <Table<MarkupRule>
          rowKey="_id"
          size="middle"
          columns={columns}
          dataSource={markups.data?.docs ?? []}
          loading={markups.isFetching}
          scroll={{ x: true }}
          locale={{ emptyText: markups.error ? (markups.error as Error).message : 'No hay markups' }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: markups.data?.totalDocs ?? 0,
            showSizeChanger: false,
            onChange: (p) => set({ page: String(p) }),
          }}
        />
      </Card>
    </>
  );
}
