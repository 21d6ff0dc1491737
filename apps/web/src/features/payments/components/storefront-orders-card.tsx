import {
  formatDate,
  formatMoney,
  formatTime,
  PAYMENT_GATEWAY_LABELS,
  type PaymentGateway,
  STOREFRONT_ORDER_AGENCY_STATUS_LABELS,
  STOREFRONT_ORDER_STATUSES,
  type StorefrontAgencyOrder,
  type StorefrontOrderStatus,
} from '@travesia/contracts';
import { Alert, Card, Select, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link } from 'react-router';
import { useStorefrontOrders } from '../api/list-orders';

const STATUS_COLOR: Record<StorefrontOrderStatus, string> = {
  'awaiting-payment': 'gold',
  paid: 'processing',
  booking: 'processing',
  booked: 'green',
  refunded: 'blue',
  'needs-attention': 'red',
  declined: 'default',
  expired: 'default',
};
const PAGE_SIZE = 20;

const gatewayLabel = (g: string | null) => (g ? (PAYMENT_GATEWAY_LABELS[g as PaymentGateway] ?? g) : '—');

const columns: ColumnsType<StorefrontAgencyOrder> = [
  { title: 'Fecha', key: 'createdAt', render: (_, o) => `${formatDate(o.createdAt)} ${formatTime(o.createdAt)}` },
  { title: 'Pedido', dataIndex: 'ref', key: 'ref' },
  { title: 'Producto', dataIndex: 'product', key: 'product' },
  {
    title: 'Titular',
    key: 'holder',
    render: (_, o) => (
      <>
        {o.holder.name} {o.holder.surname}
        <br />
        <Typography.Text type="secondary">{o.email}</Typography.Text>
      </>
    ),
  },
  { title: 'Total', key: 'price', align: 'right', render: (_, o) => formatMoney(o.price.amount, o.price.currency) },
  { title: 'Estado', key: 'status', render: (_, o) => <Tag color={STATUS_COLOR[o.status]}>{o.statusLabel}</Tag> },
  {
    title: 'Pago',
    key: 'payment',
    render: (_, o) => (o.gatewayReference ? `${gatewayLabel(o.gateway)} · ${o.gatewayReference}` : gatewayLabel(o.gateway)),
  },
  {
    title: 'Reserva',
    key: 'voucher',
    render: (_, o) => (o.voucher ? <Link to={`/booking/${o.voucher._id}/detail`}>{o.voucher.reference}</Link> : '—'),
  },
  { title: 'Nota', key: 'note', render: (_, o) => o.note ?? '' },
];

/**
 * The storefront's orders on the white label's payments page (decision 0602): every order, by status, so a
 * paid one that could not be booked nor refunded (`needs-attention`) is seen and settled by the agency.
 */
export function StorefrontOrdersCard({ whiteLabelId }: { whiteLabelId: string }) {
  const [status, setStatus] = useState<StorefrontOrderStatus | undefined>(undefined);
  const [page, setPage] = useState(1);
  const orders = useStorefrontOrders(whiteLabelId, { status, page, limit: PAGE_SIZE });
  const attention = useStorefrontOrders(whiteLabelId, { status: 'needs-attention', page: 1, limit: 1 });
  const waiting = attention.data?.totalDocs ?? 0;
  return (
    <Card
      title="Pedidos de la tienda"
      extra={
        <Select<StorefrontOrderStatus | 'all'>
          aria-label="Estado del pedido"
          style={{ minWidth: 200 }}
          value={status ?? 'all'}
          onChange={(v) => {
            setStatus(v === 'all' ? undefined : v);
            setPage(1);
          }}
          options={[
            { value: 'all', label: 'Todos los estados' },
            ...STOREFRONT_ORDER_STATUSES.map((s) => ({ value: s, label: STOREFRONT_ORDER_AGENCY_STATUS_LABELS[s] })),
          ]}
        />
      }
    >
      {waiting > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          message={waiting === 1 ? '1 pedido requiere atención' : `${waiting} pedidos requieren atención`}
          description="El viajero pagó, pero no se pudo reservar ni reembolsar automáticamente: revisa el pago con la pasarela y contacta al viajero."
        />
      )}
      <Table
        rowKey="_id"
        size="small"
        loading={orders.isLoading}
        dataSource={orders.data?.docs ?? []}
        columns={columns}
        scroll={{ x: true }}
        locale={{ emptyText: 'Aún no hay pedidos' }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: orders.data?.totalDocs ?? 0,
          hideOnSinglePage: true,
          showSizeChanger: false,
          onChange: setPage,
        }}
      />
    </Card>
  );
}
