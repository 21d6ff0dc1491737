import { CarOutlined, CheckOutlined, CloseOutlined, LinkOutlined, QrcodeOutlined, StopOutlined } from '@ant-design/icons';
import {
  CANCEL_REASON_MAX,
  formatDateTime,
  formatMoney,
  localTimeZone,
  OWN_INVENTORY_ACCOUNT_ID,
  VOUCHER_DENIAL_MESSAGES,
  type VoucherDetail,
} from '@travesia/contracts';
import { App, Button, Input, Modal, Space, Tooltip, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useMe } from '../../../shared/session/use-session';
import { useApprovalLink } from '../api/approval-link';
import { useApproveInternal } from '../api/approve-internal';
import { useCancelQuote } from '../api/cancel-quote';
import { useCancelVoucher } from '../api/cancel-voucher';
import { accessOf } from '../logic/voucher-view';

/**
 * Cancel (with the penalty quoted first and the reason asked), approve/reject internally, and issue the
 * client's approval link. Which buttons show, and which are enabled, is the server's own rule
 * (contracts' voucherAccess): a refused action is hidden when the role may never do it, disabled with
 * the reason otherwise.
 */
export function BookingActions({ voucher }: { voucher: VoucherDetail }) {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  // An own ticket's QR is checked in at the entrance (decision 0360).
  const ownTicket = voucher.type === 'ticket' && voucher.providerAccountId === OWN_INVENTORY_ACCOUNT_ID && voucher.status === 'confirmed';
  // Cross-sell (issue 18 item 7): a transfer search prefilled from the confirmed stay.
  const stay = voucher.status === 'confirmed' && voucher.section?.kind === 'hotel' ? voucher.section : null;
  const addTransfer = () => {
    if (!stay?.checkIn || !stay.checkOut) return;
    const q = new URLSearchParams({
      hotel: stay.name,
      city: stay.destination ?? '',
      checkIn: stay.checkIn,
      checkOut: stay.checkOut,
      adults: String(stay.rooms.reduce((n, r) => n + (r.adults ?? 0), 0) || 2),
    });
    const ages = stay.rooms.flatMap((r) => r.childrenAges ?? []).filter((a) => a <= 12);
    if (ages.length) q.set('children', ages.join(','));
    const code = (voucher.product as { hotelCode?: unknown }).hotelCode;
    if (typeof code === 'string' && code) q.set('hotelCode', code);
    navigate(`/search/transfer?${q.toString()}`);
  };
  const access = accessOf(useMe(), voucher);
  const mayApprove = access.approve !== 'no-permission';
  const mayCancel = access.cancel !== 'no-permission';
  const why = (action: keyof typeof access) => {
    const d = access[action];
    return d ? VOUCHER_DENIAL_MESSAGES[d] : undefined;
  };
  const quote = useCancelQuote();
  const cancel = useCancelVoucher(voucher._id);
  const approve = useApproveInternal(voucher._id);
  const link = useApprovalLink(voucher._id);
  const [linkUrl, setLinkUrl] = useState<string | null>(null);
  // A ref, not state: the confirm dialog's onOk closes over the first render and must read what is typed now.
  const reason = useRef('');

  const onCancel = async () => {
    reason.current = '';
    try {
      const q = await quote.mutateAsync(voucher._id);
      modal.confirm({
        title: 'Cancelar la reserva',
        content: (
          <Space direction="vertical">
            <span
              data-testid="cancel-quote-penalty"
              data-amount={q.penalty.amount ?? q.penalty.penalty}
              data-currency={q.penalty.currency ?? q.penalty.penaltyCurrency}
            >
              Penalidad si cancelas ahora: <strong>{formatMoney(q.penalty.penalty, q.penalty.penaltyCurrency)}</strong>
              {q.penalty.currency &&
                q.penalty.currency !== q.penalty.penaltyCurrency &&
                ` (${formatMoney(q.penalty.amount ?? '0', q.penalty.currency)})`}
            </span>
            <Input.TextArea
              aria-label="Motivo de la cancelación"
              placeholder="Motivo (opcional)"
              maxLength={CANCEL_REASON_MAX}
              showCount
              onChange={(e) => {
                reason.current = e.target.value;
              }}
            />
          </Space>
        ),
        okText: 'Cancelar reserva',
        okButtonProps: { danger: true },
        cancelText: 'Volver',
        onOk: async () => {
          try {
            await cancel.mutateAsync({ version: voucher.version, note: reason.current.trim() || undefined });
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
      {stay?.checkIn && stay.checkOut && stay.destination && (
        <Button icon={<CarOutlined />} onClick={addTransfer}>
          Agregar traslado
        </Button>
      )}
      {ownTicket && (
        <Button
          icon={<QrcodeOutlined />}
          onClick={() => navigate(`/tickets/check-in?code=${encodeURIComponent(voucher.externalBookingReference)}`)}
        >
          Validar entrada
        </Button>
      )}
      {mayCancel && (
        <Tooltip title={why('cancel')}>
          <Button
            danger
            icon={<StopOutlined />}
            disabled={!!access.cancel}
            loading={quote.isPending || cancel.isPending}
            onClick={onCancel}
          >
            Cancelar reserva
          </Button>
        </Tooltip>
      )}
      {mayApprove && (
        <>
          <Tooltip title={why('approve')}>
            <Button icon={<CheckOutlined />} disabled={!!access.approve} loading={approve.isPending} onClick={() => onDecide(true)}>
              Aprobar
            </Button>
          </Tooltip>
          <Tooltip title={why('approve')}>
            <Button icon={<CloseOutlined />} disabled={!!access.approve} loading={approve.isPending} onClick={() => onDecide(false)}>
              Rechazar
            </Button>
          </Tooltip>
          <Tooltip title={why('approval-link')}>
            <Button icon={<LinkOutlined />} disabled={!!access['approval-link']} loading={link.isPending} onClick={() => onLink(false)}>
              Enlace de aprobación
            </Button>
          </Tooltip>
          <Tooltip title={why('send-approval-link')}>
            <Button disabled={!!access['send-approval-link']} loading={link.isPending} onClick={() => onLink(true)}>
              Enviar enlace al cliente
            </Button>
          </Tooltip>
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
