import { formatMoney, localTimeZone, storefrontPaymentLines, type Voucher } from '@travesia/contracts';
import { Descriptions, Modal, Typography } from 'antd';
import { useMe } from '../../../shared/session/use-session';
import { penaltyLine, shiftOf } from '../logic/voucher-view';
import { VoucherTerms } from './voucher-terms';

const PENALTY_TYPE_LABELS: Record<string, string> = { $: 'Monto ($)', '%': 'Porcentaje (%)', nights: 'Noches' };
const CAUSE_LABELS: Record<string, string> = { 'no-show': 'No presentación (no-show)', cancellation: 'Cancelación' };

/** Spec §2: the bookings list dialog with policies, payments, nights and penalty data. */
export function BookingDialog({ voucher, onClose }: { voucher: Voucher | null; onClose: () => void }) {
  const tz = localTimeZone();
  const me = useMe();
  const v = voucher;
  return (
    <Modal open={!!v} onCancel={onClose} footer={null} title={v ? `Reserva ${v.externalBookingReference}` : ''} width={640} destroyOnHidden>
      {v && (
        <>
          <Typography.Title level={5}>Políticas de cancelación</Typography.Title>
          <VoucherTerms voucher={v} />
          <Typography.Title level={5}>Pagos</Typography.Title>
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label="Pago del cliente">
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
            {v.payments.client?.method && <Descriptions.Item label="Medio de pago">{v.payments.client.method}</Descriptions.Item>}
            <Descriptions.Item label="A pagar en el hotel">
              {v.payments.payableAtHotel ? formatMoney(v.payments.payableAtHotel.amount, v.payments.payableAtHotel.currency) : 'Nada'}
            </Descriptions.Item>
            <Descriptions.Item label="Noches">{v.nights ?? '—'}</Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5}>Penalidad</Typography.Title>
          {v.status === 'cancelled' && v.penalty ? (
            <Descriptions size="small" column={1} bordered>
              <Descriptions.Item label="Penalidad">{formatMoney(v.penalty.penalty, v.penalty.penaltyCurrency)}</Descriptions.Item>
              <Descriptions.Item label="Moneda">{v.penalty.penaltyCurrency}</Descriptions.Item>
              <Descriptions.Item label="Tipo">{PENALTY_TYPE_LABELS[v.penalty.penaltyType] ?? v.penalty.penaltyType}</Descriptions.Item>
              <Descriptions.Item label="Valor">{v.penalty.penaltyValue}</Descriptions.Item>
              <Descriptions.Item label="Causa">
                {CAUSE_LABELS[v.penalty.penaltyCaused.type] ?? v.penalty.penaltyCaused.type}
              </Descriptions.Item>
              <Descriptions.Item label="Tiempo">{`${v.penalty.penaltyCaused.time} horas antes del inicio`}</Descriptions.Item>
            </Descriptions>
          ) : (
            <Typography.Text data-testid="dialog-penalty">{penaltyLine(v, new Date(), tz, shiftOf(me, v))}</Typography.Text>
          )}
        </>
      )}
    </Modal>
  );
}
