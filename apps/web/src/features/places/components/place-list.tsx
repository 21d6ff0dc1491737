import { PlusOutlined } from '@ant-design/icons';
import { PLACE_MESSAGES, PLACE_TYPE_LABELS, type Place } from '@travesia/contracts';
import { App, Button, Card, Flex, Form, Input, Switch, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api';
import { useListPlaces } from '../api/list-places';
import { useSearchPlaces } from '../api/search-places';
import { useTogglePlace } from '../api/toggle-place';

const PAGE_SIZE = 50;

function ActiveSwitch({ place }: { place: Place }) {
  const toggle = useTogglePlace();
  const { message } = App.useApp();
  return (
    <Switch
      checked={place.active}
      loading={toggle.isPending}
      aria-label={`Activo: ${place.name}`}
      checkedChildren="Activo"
      unCheckedChildren="Inactivo"
      onChange={(active) =>
        toggle.mutate(
          { id: place._id, active },
          { onError: (err) => message.error(err instanceof ApiError ? err.message : 'No se pudo actualizar el lugar') },
        )
      }
    />
  );
}

const columns: TableColumnsType<Place> = [
  { title: 'Nombre', dataIndex: 'name', render: (_, p) => <Link to={`/place/${p._id}`}>{p.name}</Link> },
  { title: 'Tipo', dataIndex: 'type', width: 190, render: (_, p) => PLACE_TYPE_LABELS[p.type] },
  { title: 'Ubicado en', key: 'parent', render: (_, p) => p.ancestors.map((a) => a.name).join(', ') || '—' },
  { title: 'Activo', dataIndex: 'active', width: 120, render: (_, p) => <ActiveSwitch place={p} /> },
];

/** /place/: every place, 50 per page, with a keyword search and the active toggle (spec §2 Places). */
export function PlaceList() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const keyword = params.get('q') ?? '';
  const [form] = Form.useForm<{ keyword: string }>();
  const [typed, setTyped] = useState(keyword);

  const list = useListPlaces(page, PAGE_SIZE);
  const search = useSearchPlaces(keyword);
  const searching = keyword.length >= 3;
  const error = (searching ? search.error : list.error) as Error | null;

  const submit = ({ keyword: k }: { keyword: string }) => {
    const next = new URLSearchParams(params);
    next.set('q', k.trim());
    next.delete('page');
    setParams(next);
  };
  const clear = () => {
    form.resetFields();
    setTyped('');
    setParams({});
  };

  return (
    <Card>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={1} style={{ margin: 0 }}>
          Lugares
        </Typography.Title>
        <Link to="/place/create">
          <Button type="primary" icon={<PlusOutlined />}>
            Crear lugar
          </Button>
        </Link>
      </Flex>
      <Form form={form} layout="inline" initialValues={{ keyword }} onFinish={submit} style={{ marginBottom: 16 }}>
        <Form.Item
          name="keyword"
          rules={[
            { required: true, whitespace: true, message: PLACE_MESSAGES['place.keyword.required'] },
            { min: 3, message: PLACE_MESSAGES['place.keyword.min'] },
            { max: 100, message: PLACE_MESSAGES['place.keyword.max'] },
          ]}
        >
          <Input
            placeholder="Buscar por nombre, ciudad o código IATA"
            style={{ width: 340 }}
            allowClear
            onChange={(e) => setTyped(e.target.value)}
          />
        </Form.Item>
        <Form.Item>
          <Button htmlType="submit">Buscar</Button>
        </Form.Item>
        {(keyword || typed) && (
          <Form.Item>
            <Button type="link" onClick={clear}>
              Ver todos
            </Button>
          </Form.Item>
        )}
      </Form>
      {error && <Typography.Text type="danger">{error.message}</Typography.Text>}
      {searching ? (
        <Table<Place>
          rowKey="_id"
          columns={columns}
          dataSource={search.data ?? []}
          loading={search.isFetching}
          pagination={false}
          locale={{ emptyText: `Ningún lugar coincide con «${keyword}»` }}
        />
      ) : (
        <Table<Place>
          rowKey="_id"
          columns={columns}
          dataSource={list.data?.docs ?? []}
          loading={list.isFetching}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: list.data?.totalDocs ?? 0,
            showSizeChanger: false,
            showTotal: (total) => `${total.toLocaleString('es-CO')} lugares`,
            onChange: (p) => setParams(p > 1 ? { page: String(p) } : {}),
          }}
          locale={{ emptyText: 'Todavía no hay lugares' }}
        />
      )}
    </Card>
  );
}
