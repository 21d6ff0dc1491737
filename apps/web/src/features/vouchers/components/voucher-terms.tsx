import { localTimeZone, type Voucher } from '@travesia/contracts';
import { List, Typography } from 'antd';
import { useMe } from '../../../shared/session/use-session';
import { shiftOf, termsOf } from '../logic/voucher-view';

/** The cancellation terms now (contracts' voucherTerms, with the agency's deadline shift): one headline, then the schedule. */
export function VoucherTerms({ voucher }: { voucher: Voucher }) {
  const me = useMe();
  const t = termsOf(voucher, new Date(), localTimeZone(), shiftOf(me, voucher));
  return (
    <div data-testid="voucher-terms" data-status={t.status}>
      {voucher.status !== 'cancelled' && <Typography.Paragraph strong>{t.headline}</Typography.Paragraph>}
      {t.lines.length > 0 && <List size="small" dataSource={t.lines} renderItem={(l) => <List.Item>{l}</List.Item>} />}
    </div>
  );
}

/** The agent's remarks and, once cancelled, the reason: text as typed (React escapes it). */
export function AgentNotes({ voucher }: { voucher: Voucher }) {
  return (
    <>
      {voucher.remarks && (
        <div data-testid="voucher-remarks">
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            Observaciones de la reserva
          </Typography.Title>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{voucher.remarks}</Typography.Paragraph>
        </div>
      )}
      {voucher.status === 'cancelled' && voucher.cancelReason && (
        <div data-testid="cancel-reason">
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            Motivo de la cancelación
          </Typography.Title>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{voucher.cancelReason}</Typography.Paragraph>
        </div>
      )}
    </>
  );
}
