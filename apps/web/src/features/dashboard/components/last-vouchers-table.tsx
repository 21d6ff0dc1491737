import {
  formatDateTime,
  formatMoney,
  type LastVoucher,
  localTimeZone,
  statusTagColor,
  VOUCHER_STATUS_LABELS,
  type VoucherChannel,
} from '@travesia/contracts';
import { Card, Flex, List, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { usePhone } from '../../../shared/components/use-phone';
import { useLastVouchers } from '../api/last-vouchers';

/** Spec §2: the last 10 vouchers (short id, date, total, status tag, link) and the button to all bookings. */
export function LastVouchersTable({ year, channel }: { year?: number; channel?: VoucherChannel }) {
  const { data, isLoading } = useLastVouchers(10, year, channel);
  const tz = localTimeZone();
  const phone = usePhone();
  return (
    <Card title="Últimas reservas" size="small" extra={<Link to="/booking">Ver todas las reservas</Link>}>
      {phone ? (
        <List<LastVoucher>
          size="small"
          loading={isLoading}
          dataSource={data?.docs ?? []}
          rowKey="_id"
          renderItem={(v) => (
            <List.Item style={{ display: 'block', paddingInline: 0 }} data-testid="last-voucher-card">
              <Flex justify="space-between" gap={8} wrap>
                <Link to={`/booking/${v._id}/voucher`}>Voucher {v.shortId}</Link>
                <Tag color={statusTagColor(v.status)}>{VOUCHER_STATUS_LABELS[v.status]}</Tag>
              </Flex>
              <Typography.Text style={{ display: 'block' }}>{v.client}</Typography.Text>
              <Flex justify="space-between" gap={8} wrap>
                <Typography.Text type="secondary">{formatDateTime(v.createdAt, tz)}</Typography.Text>
                <Typography.Text strong>{formatMoney(v.price.gross, v.price.currency)}</Typography.Text>
              </Flex>
            </List.Item>
          )}
        />
      ) : (
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
      )}
    </Card>
  );
}
