import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Input, Table, type TableColumnsType, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';

/** A list page shared by tickets and transfers: title, actions, name filter, a paginated table. */
export function ProductList<T extends { _id: string }>(props: {
  title: string;
  createTo: string;
  createLabel: string;
  extra?: ReactNode;
  columns: TableColumnsType<T>;
  use: (page: number, q: string) => { data?: { docs: T[]; totalDocs: number }; isFetching: boolean; isError: boolean; error: unknown };
}) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const q = params.get('q') ?? '';
  const list = props.use(page, q);
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
          {props.title}
        </Typography.Title>
        <Flex gap={8}>
          {props.extra}
          <Link to={props.createTo}>
            <Button type="primary" icon={<PlusOutlined />}>
              {props.createLabel}
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
      <Table<T>
        rowKey="_id"
        columns={props.columns}
        dataSource={list.data?.docs ?? []}
        loading={list.isFetching}
        locale={{ emptyText: list.isError ? (list.error as Error).message : 'Sin productos' }}
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
