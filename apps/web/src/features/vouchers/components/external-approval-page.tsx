import { formatDate, formatDateTime, formatMoney, localTimeZone, PRODUCT_KIND_LABELS, voucherTerms } from '@travesia/contracts';
import { Alert, Button, Card, Descriptions, List, Result, Skeleton, Space, Typography } from 'antd';
import { useParams } from 'react-router';
import type { ApiError } from '../../../lib/api';
import { useApproveExternal } from '../api/approve-external';
import { useExternalVoucher } from '../api/external-voucher';

/** /booking/external/{id}-{key}: the client accepts or rejects the booking, once, without signing in. */
export function ExternalApprovalPage() {
  const { ref = '' } = useParams();
  const { data: v, isLoading, error } = useExternalVoucher(ref);
  const decide = useApproveExternal(ref);
  const tz = localTimeZone();
  const id = ref.slice(0, 36);
  const key = ref.slice(37);

  if (isLoading) return <Skeleton active style={{ padding: 24 }} />;
  if (error || !v) {
    const e = error as ApiError | null;
    return <Result status={e?.status === 410 ? 'warning' : 'error'} title={e?.message ?? 'El enlace no es válido'} />;
  }
  const decided = v.approval.status !== 'pending';
  return (
    <div style={{ maxWidth: 720, margin: '32px auto', padding: 16 }}>
      <Card
        title={
          <Space direction="vertical" size={0}>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {v.agency.name}
            </Typography.Title>
            <Typography.Text type="secondary">Revisa tu reserva y dinos si la apruebas</Typography.Text>
          </Space>
        }
      >
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label="Referencia">{v.externalBookingReference}</Descriptions.Item>
          <Descriptions.Item label="Titular">{[v.client.name, v.client.surname].filter(Boolean).join(' ')}</Descriptions.Item>
          <Descriptions.Item label={PRODUCT_KIND_LABELS[v.type]}>{v.product.name}</Descriptions.Item>
          {v.product.destination && <Descriptions.Item label="Destino">{v.product.destination}</Descriptions.Item>}
          <Descriptions.Item label="Fechas">{`${formatDate(v.start)}${v.end ? ` al ${formatDate(v.end)}` : ''}`}</Descriptions.Item>
          {v.nights !== null && <Descriptions.Item label="Noches">{v.nights}</Descriptions.Item>}
          {v.product.board && <Descriptions.Item label="Régimen">{v.product.board}</Descriptions.Item>}
          <Descriptions.Item label="Total">{formatMoney(v.price.gross, v.price.currency)}</Descriptions.Item>
        </Descriptions>
        <Typography.Title level={5} style={{ marginTop: 16 }}>
          Políticas de cancelación
        </Typography.Title>
        {(() => {
          const terms = voucherTerms(v, new Date(), tz);
          return (
            <>
              <Typography.Paragraph strong>{terms.headline}</Typography.Paragraph>
              {terms.lines.length > 0 && <List size="small" dataSource={terms.lines} renderItem={(l) => <List.Item>{l}</List.Item>} />}
            </>
          );
        })()}
        <div style={{ marginTop: 24 }}>
          {decided ? (
            <Result
              status={v.approval.status === 'approved' ? 'success' : 'info'}
              title={v.approval.status === 'approved' ? 'Aprobaste esta reserva' : 'Rechazaste esta reserva'}
              subTitle={v.approval.decidedAt ? `Decisión registrada el ${formatDateTime(v.approval.decidedAt, tz)}` : undefined}
            />
          ) : (
            <Space direction="vertical" style={{ width: '100%' }}>
              {decide.error && <Alert type="error" showIcon message={(decide.error as Error).message} />}
              {v.approval.expiresAt && (
                <Typography.Text type="secondary">Este enlace vence el {formatDateTime(v.approval.expiresAt, tz)}.</Typography.Text>
              )}
              <Space>
                <Button type="primary" size="large" loading={decide.isPending} onClick={() => decide.mutate({ id, key, approved: true })}>
                  Aprobar reserva
                </Button>
                <Button danger size="large" loading={decide.isPending} onClick={() => decide.mutate({ id, key, approved: false })}>
                  Rechazar
                </Button>
              </Space>
            </Space>
          )}
        </div>
      </Card>
    </div>
  );
}
