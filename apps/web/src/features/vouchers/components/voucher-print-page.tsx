import { FilePdfOutlined, PrinterOutlined } from '@ant-design/icons';
import { formatMoney, localTimeZone, PRODUCT_KIND_LABELS, storefrontPaymentLines, VOUCHER_PROVIDER_LABELS } from '@travesia/contracts';
import { Alert, App, Button, Descriptions, Divider, QRCode, Skeleton, Space, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { downloadVoucherPdf } from '../api/download';
import { useVoucher } from '../api/get-voucher';
import { StatusTag } from './status-tag';
import { SupplierRemarksPrint } from './supplier-remarks';
import { VoucherSectionPrint } from './voucher-section';
import { AgentNotes, VoucherTerms } from './voucher-terms';

/** /booking/{id}/voucher: the printable voucher the traveller takes to the hotel. */
export function VoucherPrintPage() {
  const { id = '' } = useParams();
  const { data: v, isLoading, error } = useVoucher(id);
  const { message } = App.useApp();
  const _tz = localTimeZone();
  if (isLoading) return <Skeleton active style={{ padding: 24 }} />;
  if (error || !v)
    return <Alert style={{ margin: 24 }} type="error" showIcon message={(error as Error)?.message ?? 'Reserva no encontrada'} />;
  const logo =
    v.agency.logo && /^(data:image\/|https?:\/\/|\/)/.test(v.agency.logo)
      ? v.agency.logo
      : v.agency.logo
        ? `/api/file/serve/${v.agency.logo}`
        : null;

  return (
    <div style={{ padding: 24, maxWidth: 860, margin: '0 auto' }} className="voucher-print">
      <style>{'@media print { .no-print { display: none !important; } .voucher-print { padding: 0 !important; } }'}</style>
      <Space className="no-print" style={{ marginBottom: 16 }}>
        <Link to={`/booking/${v._id}/detail`}>Volver al detalle</Link>
        <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
          Imprimir
        </Button>
        <Button
          type="primary"
          icon={<FilePdfOutlined />}
          onClick={() => downloadVoucherPdf(v._id).catch((e: Error) => message.error(e.message))}
        >
          Descargar PDF
        </Button>
      </Space>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} align="start">
        {logo ? <img src={logo} alt={v.agency.name} style={{ maxHeight: 64, maxWidth: 200 }} /> : <span />}
        <div style={{ textAlign: 'right' }}>
          <Typography.Title level={1} style={{ margin: 0 }}>
            {v.agency.name}
          </Typography.Title>
          <Typography.Text type="secondary">Voucher de servicio</Typography.Text>
        </div>
        <figure style={{ margin: 0, textAlign: 'center' }} data-testid="voucher-qr">
          {/* antd forwards aria-* to the canvas it draws with role="img"; axe wants it named. */}
          <QRCode
            value={v.externalBookingReference}
            size={96}
            bordered={false}
            type="canvas"
            aria-label={`Código QR de la reserva ${v.externalBookingReference}`}
          />
          <figcaption style={{ fontSize: 11 }}>Referencia de la reserva</figcaption>
        </figure>
      </Space>
      <Divider />
      <Descriptions title="Reserva" column={2} size="small" bordered>
        <Descriptions.Item label="Referencia">{v.externalBookingReference}</Descriptions.Item>
        <Descriptions.Item label="Localizador">{v.reservation.locator ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Referencias del proveedor">{v.supplierReferences.join(', ') || '—'}</Descriptions.Item>
        <Descriptions.Item label="Estado">
          <StatusTag status={v.status} />
        </Descriptions.Item>
        <Descriptions.Item label="Proveedor">{VOUCHER_PROVIDER_LABELS[v.provider] ?? v.provider}</Descriptions.Item>
        <Descriptions.Item label="Servicio">{PRODUCT_KIND_LABELS[v.type]}</Descriptions.Item>
      </Descriptions>
      <VoucherSectionPrint voucher={v} />
      <Descriptions title="Viajeros" column={1} size="small" bordered style={{ marginTop: 16 }}>
        <Descriptions.Item label="Titular">{[v.client.name, v.client.surname].filter(Boolean).join(' ')}</Descriptions.Item>
        {v.companions.length > 0 && (
          <Descriptions.Item label="Acompañantes">
            {v.companions.map((c) => [c.name, c.surname].filter(Boolean).join(' ')).join(', ')}
          </Descriptions.Item>
        )}
      </Descriptions>
      <Descriptions title="Pagos" column={1} size="small" bordered style={{ marginTop: 16 }}>
        <Descriptions.Item label="Total">{formatMoney(v.price.gross, v.price.currency)}</Descriptions.Item>
        <Descriptions.Item label="Pagado">
          {v.payments.client
            ? formatMoney(v.payments.client.amount, v.payments.client.currency)
            : storefrontPaymentLines(v.payments).length
              ? '—'
              : 'Sin pagos registrados'}
        </Descriptions.Item>
        {storefrontPaymentLines(v.payments).map((p) => (
          <Descriptions.Item key={`${p.gateway}:${p.reference}`} label="Pago en línea">
            {[p.gateway, p.reference, p.amount, p.status].join(' · ')}
          </Descriptions.Item>
        ))}
        {v.type === 'hotel' && (
          <Descriptions.Item label="A pagar en el hotel">
            {v.payments.payableAtHotel ? formatMoney(v.payments.payableAtHotel.amount, v.payments.payableAtHotel.currency) : 'Nada'}
          </Descriptions.Item>
        )}
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        Políticas de cancelación
      </Typography.Title>
      <VoucherTerms voucher={v} />
      <AgentNotes voucher={v} />
      <SupplierRemarksPrint remarks={v.supplierRemarks} />
      <Typography.Paragraph type="secondary" style={{ marginTop: 24, fontSize: 12 }}>
        Presente este voucher al llegar. Los servicios no incluidos se pagan directamente al proveedor.
      </Typography.Paragraph>
    </div>
  );
}
