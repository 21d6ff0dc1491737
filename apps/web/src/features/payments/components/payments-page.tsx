import {
  formatDate,
  formatMoney,
  formatTime,
  PAYMENT_GATEWAY_LABELS,
  PAYMENT_MODE_LABELS,
  PAYMENT_STATUS_LABELS,
  type PaymentGatewayDto,
  type PaymentSummary,
} from '@travesia/contracts';
import { App, Button, Card, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ApiError } from '../../../lib/api';
import { PageHeader } from '../../../shared/components/page-header';
import { useActivateGateway } from '../api/activate-gateway';
import { useGateways } from '../api/list-gateways';
import { usePayments } from '../api/list-payments';
import { useTestGateway } from '../api/test-gateway';
import { GatewayForm } from './gateway-form';
import { StorefrontOrdersCard } from './storefront-orders-card';

const STATUS_COLOR: Record<PaymentSummary['status'], string> = {
  pending: 'gold',
  approved: 'green',
  declined: 'red',
  expired: 'default',
  refunded: 'blue',
  error: 'red',
};

/**
 * `/whitelabel/:id/payments`: the white label's gateways (add, edit, mode, activate, probar conexión), its
 * storefront's orders (decision 0602) and its recent payments.
 */
export function PaymentsPage() {
  const { id = '' } = useParams();
  const { message } = App.useApp();
  const gateways = useGateways(id);
  const payments = usePayments(id);
  const activate = useActivateGateway(id);
  const test = useTestGateway(id);
  const [editing, setEditing] = useState<PaymentGatewayDto | null>(null);
  const [open, setOpen] = useState(false);
  const fail = (err: unknown, fallback: string) => message.error(err instanceof ApiError ? err.message : fallback);

  const gatewayColumns: ColumnsType<PaymentGatewayDto> = [
    { title: 'Pasarela', key: 'gateway', render: (_, g) => PAYMENT_GATEWAY_LABELS[g.gateway] },
    { title: 'Modo', key: 'mode', render: (_, g) => PAYMENT_MODE_LABELS[g.mode] },
    { title: 'Estado', key: 'active', render: (_, g) => (g.active ? <Tag color="green">Activa</Tag> : <Tag>Inactiva</Tag>) },
    {
      title: 'Última prueba',
      key: 'lastTest',
      render: (_, g) =>
        g.lastTest ? (
          <Typography.Text type={g.lastTest.ok ? 'success' : 'danger'}>
            {g.lastTest.msg} · {formatDate(g.lastTest.at)} {formatTime(g.lastTest.at)}
          </Typography.Text>
        ) : (
          'Sin probar'
        ),
    },
    {
      title: 'URL de eventos',
      key: 'webhookUrl',
      render: (_, g) => (
        <Typography.Text code copyable>
          {g.webhookUrl}
        </Typography.Text>
      ),
    },
    {
      title: 'Acciones',
      key: 'actions',
      render: (_, g) => (
        <Space wrap>
          <Button
            size="small"
            onClick={() => {
              setEditing(g);
              setOpen(true);
            }}
            aria-label={`Editar ${PAYMENT_GATEWAY_LABELS[g.gateway]}`}
          >
            Editar
          </Button>
          <Button
            size="small"
            loading={test.isPending && test.variables === g._id}
            onClick={() =>
              test.mutateAsync(g._id).then(
                (r) => message.success(r.msg),
                (err) => fail(err, 'No se pudo probar la conexión'),
              )
            }
          >
            Probar conexión
          </Button>
          {!g.active && (
            <Button
              size="small"
              type="primary"
              onClick={() =>
                activate.mutateAsync(g._id).then(
                  () => message.success('Pasarela activada'),
                  (err) => fail(err, 'No se pudo activar'),
                )
              }
            >
              Activar
            </Button>
          )}
        </Space>
      ),
    },
  ];

  const paymentColumns: ColumnsType<PaymentSummary> = [
    { title: 'Fecha', key: 'createdAt', render: (_, p) => `${formatDate(p.createdAt)} ${formatTime(p.createdAt)}` },
    {
      title: 'Pasarela',
      key: 'gateway',
      render: (_, p) => `${PAYMENT_GATEWAY_LABELS[p.gateway]} (${PAYMENT_MODE_LABELS[p.mode].toLowerCase()})`,
    },
    { title: 'Referencia', key: 'ref', render: (_, p) => p.gatewayReference ?? '—' },
    { title: 'Pedido', dataIndex: 'orderId', key: 'orderId' },
    { title: 'Monto', key: 'amount', align: 'right', render: (_, p) => formatMoney(p.amount, p.currency) },
    { title: 'Estado', key: 'status', render: (_, p) => <Tag color={STATUS_COLOR[p.status]}>{PAYMENT_STATUS_LABELS[p.status]}</Tag> },
  ];

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <PageHeader title="Pagos de la marca blanca" />
      <Card
        title="Pasarelas de pago"
        extra={
          <Button
            type="primary"
            onClick={() => {
              setEditing(null);
              setOpen(true);
            }}
          >
            Agregar pasarela
          </Button>
        }
      >
        <Typography.Paragraph type="secondary">
          La tienda cobra con la pasarela activa. El pago solo se da por hecho cuando llega el evento firmado de la pasarela: configura en
          su panel la URL de eventos que aparece en cada fila.
        </Typography.Paragraph>
        <Table
          rowKey="_id"
          size="small"
          loading={gateways.isLoading}
          dataSource={gateways.data ?? []}
          columns={gatewayColumns}
          pagination={false}
          scroll={{ x: true }}
          locale={{ emptyText: 'Aún no hay pasarelas configuradas' }}
        />
      </Card>
      <StorefrontOrdersCard whiteLabelId={id} />
      <Card title="Pagos recientes">
        <Table
          rowKey="_id"
          size="small"
          loading={payments.isLoading}
          dataSource={payments.data?.docs ?? []}
          columns={paymentColumns}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          scroll={{ x: true }}
          locale={{ emptyText: 'Aún no hay pagos' }}
        />
      </Card>
      <GatewayForm
        whiteLabelId={id}
        editing={editing}
        open={open}
        onClose={() => setOpen(false)}
        taken={(gateways.data ?? []).map((g) => g.gateway)}
      />
    </Space>
  );
}
