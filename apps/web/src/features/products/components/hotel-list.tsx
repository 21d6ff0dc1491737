import { PlusOutlined } from '@ant-design/icons';
import type { HotelProductDto } from '@travesia/contracts';
import { Button, Card, Flex, Input, Rate, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useListHotels } from '../api/list-hotels';

const columns: TableColumnsType<HotelProductDto> = [
  { title: 'Nombre', dataIndex: 'name', render: (_, h) => <Link to={`/product/hotel/${h._id}`}>{h.name}</Link> },
  {
    title: 'Lugar',
    key: 'place',
    render: (_, h) => [h.placeName, ...(h.placeAncestors ?? []).slice().reverse()].filter(Boolean).join(', '),
  },
  { title: 'Categoría', dataIndex: 'categoryLabel', width: 150 },
  { title: 'Estrellas', dataIndex: 'stars', width: 160, render: (s: number) => <Rate disabled value={s} style={{ fontSize: 14 }} /> },
  { title: 'Moneda', dataIndex: 'currency', width: 90 },
  { title: 'Estado', dataIndex: 'active', width: 110, render: (a: boolean) => (a ? <Tag color="green">Activo</Tag> : <Tag>Inactivo</Tag>) },
];

/** /product/hotel: own hotels, 20 per page, with a name filter. */
export function HotelList() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const q = params.get('q') ?? '';
  const list = useListHotels(page, q);
  const set = (next: Record<string, string | null>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next))
      if (v) p.set(k, v);
      else p.delete(k);
    setParams(p);
  };
  return (
    <Card>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={1} style={{ margin: 0 }}>
          Hoteles propios
        </Typography.Title>
        <Flex gap={8}>
          <Link to="/product/hotel/avail/">
            <Button>Disponibilidad y precios</Button>
          </Link>
          <Link to="/product/hotel/configuration/">
            <Button>Configuración</Button>
          </Link>
          <Link to="/product/hotel/create">
            <Button type="primary" icon={<PlusOutlined />}>
              Crear hotel
            </Button>
          </Link>
        </Flex>
      </Flex>
      <Input.Search
        style={{ maxWidth: 360, margin: '16px 0' }}
        placeholder="Buscar por nombre"
        defaultValue={q}
        allowClear
        onSearch={(v) => set({ q: v.trim() || null, page: null })}
      />
      <Table<HotelProductDto>
        rowKey="_id"
        columns={columns}
        dataSource={list.data?.docs ?? []}
        loading={list.isFetching}
        locale={{ emptyText: list.isError ? (list.error as Error).message : 'Sin hoteles' }}
        pagination={{
          current: page,
          pageSize: 20,
          total: list.data?.totalDocs ?? 0,
          showSizeChanger: false,
          onChange: (p) => set({ page: String(p) }),
        }}
      />
    </Card>
  );
}
