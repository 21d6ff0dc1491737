import { formatDateTime, type WebhookDelivery } from '@travesia/contracts';
import { App, Button, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ApiError } from '../../../lib/api';
import { useDeliveries, useResendDelivery } from '../api/webhooks';
import { deliveryState, eventLabel } from './labels';

/** The delivery log of one endpoint, with "Reenviar". */
export function DeliveriesTable({ endpointId }: { endpointId: string }) {
  const { message } = App.useApp();
  const list = useDeliveries(endpointId);
  const resend = useResendDelivery(endpointId);

  async function doResend(d: WebhookDelivery) {
    try {
      await resend.mutateAsync(d._id);
      message.success('Evento reenviado');
    } catch (err) {
      message.error(err instanceof ApiError ? err.message : 'No se pudo reenviar');
    }
  }

  const columns: ColumnsType<WebhookDelivery> = [
    { title: 'Fecha', key: 'createdAt', render: (_, d) => formatDateTime(d.createdAt) },
    { title: 'Evento', key: 'event', render: (_, d) => eventLabel(d.event) },
    { title: 'Estado', key: 'state', render: (_, d) => <Tag color={deliveryState(d).color}>{deliveryState(d).text}</Tag> },
    { title: 'Último intento', key: 'last', render: (_, d) => (d.lastAttemptAt ? formatDateTime(d.lastAttemptAt) : '—') },
    {
      title: 'Acciones',
      key: 'actions',
      render: (_, d) =>
        d.status === 'pending' ? null : (
          <Button size="small" onClick={() => doResend(d)} loading={resend.isPending}>
            Reenviar
          </Button>
        ),
    },
  ];
  return (
    <Table
      rowKey="_id"
      size="small"
      loading={list.isLoading}
      dataSource={list.data ?? []}
      columns={columns}
      pagination={{ pageSize: 10 }}
    />
  );
}
