import { formatDateTime, formatMoney, type LastVoucher, localTimeZone, statusTagColor, VOUCHER_STATUS_LABELS } from '@travesia/contracts';
import { Button, Card, Table, Tag } from 'antd';
import { Link } from 'react-router';
import { useLastVouchers } from '../api/last-vouchers';

/** Spec §2: the last 10 vouchers (short id, date, total, status tag, link) and the button to all bookings. */
export function LastVouchersTable({ year }: { year?: number }) {
  const { data, isLoading } = useLastVouchers(10, year);
  const tz = localTimeZone();
  return (
    <Card
      title="Últimas reservas"
      size="small"
      extra={
        <Link to="/booking">
          <Button type="link">Ver todas las reservas</Button>
        </Link>
      }
    >
      <Table<LastVoucher>
        rowKey="_id"
        size="small"
        loading={isLoading}
        pagination={false}
        dataSource={data?.docs ?? []}
        columns={[
          { title: 'Id', dataIndex: 'shortId', render: (s: string, v) => <Link to={`/booking/${v._id}/voucher`}>{s}</Link> },
          { title: 'Fecha', dataIndex: 'createdAt', render: (d: string) => formatDateTime(d, tz) },
          { title: 'Cliente', dataIndex: 'client' },
          { title: 'Total', key: 'total', align: 'right', render: (_, v) => formatMoney(v.price.gross, v.price.currency) },
          {
            title: 'Estado',
            dataIndex: 'status',
            render: (s: LastVoucher['status']) => <Tag color={statusTagColor(s)}>{VOUCHER_STATUS_LABELS[s]}</Tag>,
          },
          { title: '', key: 'link', render: (_, v) => <Link to={`/booking/${v._id}/voucher`}>Voucher</Link> },
        ]}
      />
    </Card>
  );
}
