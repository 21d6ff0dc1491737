import { FilePdfOutlined, PrinterOutlined } from '@ant-design/icons';
import {
  formatDate,
  formatDateTime,
  formatMoney,
  formatPercent,
  HOTEL_BOOKING_MESSAGES,
  localTimeZone,
  PRICE_STEP_SCOPE_LABELS,
  PRODUCT_KIND_LABELS,
  VOUCHER_CHANNEL_LABELS,
  VOUCHER_PROVIDER_LABELS,
  VOUCHER_STATUS_LABELS,
  type VoucherStatus,
} from '@travesia/contracts';
import { Alert, App, Button, Card, Col, Descriptions, List, Row, Skeleton, Space, Tag, Timeline, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { trimRate } from '../../../shared/components/trim-rate';
import { downloadVoucherPdf } from '../api/download';
import { useVoucher } from '../api/get-voucher';
import { BookingActions } from './booking-actions';
import { StatusTag } from './status-tag';
import { StorefrontPaymentsCard } from './storefront-payments';
import { SupplierRemarksCard } from './supplier-remarks';
import { VoucherSectionCards } from './voucher-section';
import { AgentNotes, VoucherTerms } from './voucher-terms';

const EVENT_LABELS: Record<string, string> = {
  created: 'Reserva registrada',
  status: 'Cambio de estado',
  updated: 'Datos del proveedor actualizados',
  cancelled: 'Reserva cancelada',
  approved: 'Aprobada',
  rejected: 'Rechazada',
  'approval-requested': 'Enlace de aprobación generado',
};
const ACTOR_LABELS: Record<string, string> = { user: 'Usuario', client: 'Cliente', system: 'Sistema', supplier: 'Proveedor' };
const APPROVAL_LABELS: Record<string, string> = { pending: 'Pendiente de aprobación', approved: 'Aprobada', rejected: 'Rechazada' };
const statusLabel = (s: string | null) => (s ? (VOUCHER_STATUS_LABELS[s as VoucherStatus] ?? s) : '');

/** /booking/{id}/detail: everything about one booking, its status history and the supplier references. */
export function BookingDetailPage() {
  const { id = '' } = useParams();
  const { data: v, isLoading, error } = useVoucher(id);
  const { message } = App.useApp();
  const tz = localTimeZone();
  if (isLoading) return <Skeleton active style={{ padding: 24 }} />;
  if (error || !v)
    return <Alert style={{ margin: 24 }} type="error" showIcon message={(error as Error)?.message ?? 'Reserva no encontrada'} />;
  const money = (m: { amount: string; currency: string } | null | undefined) => (m ? formatMoney(m.amount, m.currency) : '—');

  return (
    <div style={{ padding: 24 }}>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Space>
          <Typography.Title level={1} style={{ margin: 0 }}>
            Reserva {v.externalBookingReference}
          </Typography.Title>
          <StatusTag status={v.status} />
          {v.approval && <Tag>{APPROVAL_LABELS[v.approval.status]}</Tag>}
        </Space>
        <Space>
          <Link to="/booking">Todas las reservas</Link>
          <Link to={`/booking/${v._id}/voucher`}>
            <Button icon={<PrinterOutlined />}>Voucher</Button>
          </Link>
          <Button icon={<FilePdfOutlined />} onClick={() => downloadVoucherPdf(v._id).catch((e: Error) => message.error(e.message))}>
            PDF
          </Button>
        </Space>
      </Space>
      {v.status === 'pending-provider' && (
        // The page reads the voucher again until the supplier answers (useVoucher, decision 0410).
        <Alert
          style={{ marginBottom: 16 }}
          type="info"
          showIcon
          data-testid="voucher-following"
          message={HOTEL_BOOKING_MESSAGES.bookingFollowing}
          description={HOTEL_BOOKING_MESSAGES.bookingFollowingDetail}
        />
      )}
      <div style={{ marginBottom: 16 }}>
        <BookingActions voucher={v} />
      </div>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Card title="Reserva">
            <Descriptions column={{ xs: 1, md: 2 }} size="small">
              <Descriptions.Item label="Id">{v._id}</Descriptions.Item>
              <Descriptions.Item label="Nuestra referencia">{v.externalBookingReference}</Descriptions.Item>
              <Descriptions.Item label="Localizador">{v.reservation.locator ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="Localizador corto">{v.shortLocator ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="Referencias del proveedor">{v.supplierReferences.join(', ') || '—'}</Descriptions.Item>
              <Descriptions.Item label="Tipo">{PRODUCT_KIND_LABELS[v.type]}</Descriptions.Item>
              <Descriptions.Item label="Canal">{VOUCHER_CHANNEL_LABELS[v.channel.kind]}</Descriptions.Item>
              <Descriptions.Item label="Integrador">
                {v.channel.kind === 'storefront' ? v.channel.label : (VOUCHER_PROVIDER_LABELS[v.integrator] ?? v.integrator)}
              </Descriptions.Item>
              <Descriptions.Item label="Proveedor">{VOUCHER_PROVIDER_LABELS[v.provider] ?? v.provider}</Descriptions.Item>
              <Descriptions.Item label="Agencia">{v.agency.name}</Descriptions.Item>
              <Descriptions.Item label="Usuario">{v.user?.profile.name ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="Creada">{formatDateTime(v.createdAt, tz)}</Descriptions.Item>
              <Descriptions.Item label="Actualizada">{formatDateTime(v.updatedAt, tz)}</Descriptions.Item>
            </Descriptions>
          </Card>
          <Card title="Servicio" style={{ marginTop: 16 }}>
            <Descriptions column={{ xs: 1, md: 2 }} size="small">
              <Descriptions.Item label="Producto">{v.product.name}</Descriptions.Item>
              <Descriptions.Item label="Inicio">{formatDate(v.start)}</Descriptions.Item>
              <Descriptions.Item label="Fin">{formatDate(v.end)}</Descriptions.Item>
            </Descriptions>
          </Card>
          <VoucherSectionCards voucher={v} />
          <Card title="Titular y acompañantes" style={{ marginTop: 16 }}>
            <Descriptions column={{ xs: 1, md: 2 }} size="small">
              <Descriptions.Item label="Nombre">{[v.client.name, v.client.surname].filter(Boolean).join(' ')}</Descriptions.Item>
              <Descriptions.Item label="Email">{v.client.email ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="Documento">
                {[v.client.documentType, v.client.document].filter(Boolean).join(' ') || '—'}
              </Descriptions.Item>
              <Descriptions.Item label="Nacionalidad">{v.client.nationality ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="Teléfonos">{v.client.phones?.join(', ') || '—'}</Descriptions.Item>
            </Descriptions>
            {v.companions.length > 0 && (
              <List
                size="small"
                header="Acompañantes"
                dataSource={v.companions}
                renderItem={(c) => <List.Item>{[c.name, c.surname].filter(Boolean).join(' ')}</List.Item>}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title="Valores">
            <Descriptions column={1} size="small">
              <Descriptions.Item label="Precio">{formatMoney(v.price.gross, v.price.currency)}</Descriptions.Item>
              {v.view === 'full' && (
                <Descriptions.Item label="Costo del proveedor">{v.cost ? formatMoney(v.cost.net, v.cost.currency) : '—'}</Descriptions.Item>
              )}
              {v.view !== 'staff' && <Descriptions.Item label="Costo de la agencia">{money(v.agencyCost)}</Descriptions.Item>}
              <Descriptions.Item label="Precio en USD">{v.usd.price ? formatMoney(v.usd.price, 'USD') : '—'}</Descriptions.Item>
              <Descriptions.Item label="Tasa de cambio a USD">
                {v.usd.rate ? `1 ${v.price.currency} = ${trimRate(v.usd.rate)} USD` : '—'}
              </Descriptions.Item>
              <Descriptions.Item label="Comisión">{money(v.commission)}</Descriptions.Item>
              {/* The adviser's commission is the "Comisión" line above: its markup entry would count it twice. */}
              {v.view !== 'staff' &&
                v.markups
                  .filter((m) => m.name !== 'commission')
                  .map((m) => (
                    <Descriptions.Item key={m.name} label={PRICE_STEP_SCOPE_LABELS[m.scope]}>
                      {`${m.type === 'percentage' ? formatPercent(m.value) : formatMoney(m.value, m.currency)} · ${formatMoney(m.amount, m.currency)}`}
                    </Descriptions.Item>
                  ))}
              <Descriptions.Item label="Pago del cliente">{money(v.payments.client)}</Descriptions.Item>
              <Descriptions.Item label="A pagar en el hotel">{money(v.payments.payableAtHotel)}</Descriptions.Item>
              {v.penalty && (
                <Descriptions.Item label="Penalidad">{formatMoney(v.penalty.penalty, v.penalty.penaltyCurrency)}</Descriptions.Item>
              )}
            </Descriptions>
          </Card>
          <StorefrontPaymentsCard voucher={v} />
          <Card title="Políticas de cancelación" style={{ marginTop: 16 }}>
            <VoucherTerms voucher={v} />
          </Card>
          {(v.remarks || (v.status === 'cancelled' && v.cancelReason)) && (
            <Card title="Notas del agente" style={{ marginTop: 16 }}>
              <AgentNotes voucher={v} />
            </Card>
          )}
          <SupplierRemarksCard remarks={v.supplierRemarks} />
          {v.approval?.decision && (
            <Card title="Decisión de aprobación" style={{ marginTop: 16 }}>
              <Descriptions column={1} size="small">
                <Descriptions.Item label="Decisión">{v.approval.decision.approved ? 'Aprobada' : 'Rechazada'}</Descriptions.Item>
                <Descriptions.Item label="Por">{`${v.approval.decision.by.name} (${v.approval.decision.channel === 'external' ? 'enlace externo' : 'interna'})`}</Descriptions.Item>
                <Descriptions.Item label="Fecha">{formatDateTime(v.approval.decision.at, tz)}</Descriptions.Item>
                <Descriptions.Item label="IP">{v.approval.decision.ip ?? '—'}</Descriptions.Item>
              </Descriptions>
            </Card>
          )}
          <Card title="Historial" style={{ marginTop: 16 }}>
            <Timeline
              items={v.events.map((e) => ({
                key: e._id,
                children: (
                  <Space direction="vertical" size={0}>
                    <strong>{EVENT_LABELS[e.kind] ?? e.kind}</strong>
                    {e.fromStatus !== e.toStatus && e.toStatus && (
                      <span>{e.fromStatus ? `${statusLabel(e.fromStatus)} → ${statusLabel(e.toStatus)}` : statusLabel(e.toStatus)}</span>
                    )}
                    <Typography.Text type="secondary">
                      {formatDateTime(e.at, tz)} · {ACTOR_LABELS[e.actor.kind]}
                      {e.actor.name ? `: ${e.actor.name}` : ''}
                      {e.ip ? ` · IP ${e.ip}` : ''}
                    </Typography.Text>
                    {e.note && <span data-testid={`event-note-${e.kind}`}>{e.kind === 'cancelled' ? `Motivo: ${e.note}` : e.note}</span>}
                  </Space>
                ),
              }))}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
