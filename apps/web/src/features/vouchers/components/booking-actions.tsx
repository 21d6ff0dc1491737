import { CheckOutlined, CloseOutlined, LinkOutlined, StopOutlined } from '@ant-design/icons';
import { can, formatDateTime, formatMoney, localTimeZone, type VoucherDetail } from '@travesia/contracts';
import { App, Button, Input, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useMe } from '../../../shared/session/use-session';
import { useApprovalLink } from '../api/approval-link';
import { useApproveInternal } from '../api/approve-internal';
import { useCancelQuote } from '../api/cancel-quote';
import { useCancelVoucher } from '../api/cancel-voucher';

/** Cancel (with the penalty quoted first), approve/reject internally, and issue the client's approval link. */
export function BookingActions({ voucher }: { voucher: VoucherDetail }) {
  const { message, modal } = App.useApp();
  const mayApprove = can(useMe().user.type, 'vouchers:approve');
  const quote = useCancelQuote();
  const cancel = useCancelVoucher(voucher._id);
  const approve = useApproveInternal(voucher._id);
  const link = useApprovalLink(voucher._id);
  const [linkUrl, setLinkUrl] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const decided = voucher.approval?.status === 'approved' || voucher.approval?.status === 'rejected';
  const cancelled = voucher.status === 'cancelled';

  const onCancel = async () => {
    try {
      const q = await quote.mutateAsync(voucher._id);
      modal.confirm({
        title: 'Cancelar la reserva',
        content: (
          <Space direction="vertical">
            <span>
              Penalidad si cancelas ahora: <strong>{formatMoney(q.penalty.penalty, q.penalty.penaltyCurrency)}</strong>
              {q.penalty.currency &&
                q.penalty.currency !== q.penalty.penaltyCurrency &&
                ` (${formatMoney(q.penalty.amount ?? '0', q.penalty.currency)})`}
            </span>
            <Input.TextArea placeholder="Motivo (opcional)" maxLength={500} onChange={(e) => setNote(e.target.value)} />
          </Space>
        ),
        okText: 'Cancelar reserva',
        okButtonProps: { danger: true },
        cancelText: 'Volver',
        onOk: async () => {
          try {
            await cancel.mutateAsync({ version: voucher.version, note: note || undefined });
            message.success('Reserva cancelada');
          } catch (err) {
            message.error((err as Error).message);
          }
        },
      });
    } catch (err) {
      message.error((err as Error).message);
    }
  };

  const onDecide = async (approved: boolean) => {
    try {
      const r = await approve.mutateAsync({ id: voucher._id, approved });
      message.success(r.msg);
    } catch (err) {
      message.error((err as Error).message);
    }
  };

  const onLink = async (sendToClient: boolean) => {
    try {
      const r = await link.mutateAsync({ sendToClient });
      setLinkUrl(r.url);
      if (sendToClient) message.success('Enlace enviado al cliente');
    } catch (err) {
      message.error((err as Error).message);
    }
  };

  return (
    <Space wrap>
      <Button danger icon={<StopOutlined />} disabled={cancelled} loading={quote.isPending || cancel.isPending} onClick={onCancel}>
        Cancelar reserva
      </Button>
      {mayApprove && (
        <>
          <Button icon={<CheckOutlined />} disabled={decided || cancelled} loading={approve.isPending} onClick={() => onDecide(true)}>
            Aprobar
          </Button>
          <Button icon={<CloseOutlined />} disabled={decided || cancelled} loading={approve.isPending} onClick={() => onDecide(false)}>
            Rechazar
          </Button>
          <Button icon={<LinkOutlined />} disabled={decided || cancelled} loading={link.isPending} onClick={() => onLink(false)}>
            Enlace de aprobación
          </Button>
          <Button disabled={decided || cancelled || !voucher.client.email} loading={link.isPending} onClick={() => onLink(true)}>
            Enviar enlace al cliente
          </Button>
        </>
      )}
      <Modal open={!!linkUrl} onCancel={() => setLinkUrl(null)} footer={null} title="Enlace de aprobación">
        <Typography.Paragraph>
          Comparte este enlace con el cliente. Sirve para una sola decisión y el anterior deja de funcionar.
        </Typography.Paragraph>
        <Typography.Paragraph copyable code data-testid="approval-link">
          {linkUrl}
        </Typography.Paragraph>
        {voucher.approval?.expiresAt && (
          <Typography.Text type="secondary">Vence: {formatDateTime(voucher.approval.expiresAt, localTimeZone())}</Typography.Text>
        )}
      </Modal>
    </Space>
  );
}
