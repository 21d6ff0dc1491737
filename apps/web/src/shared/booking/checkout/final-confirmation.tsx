import { type BookingMoney, formatMoney, type HotelCancellationPolicy } from '@travesia/contracts';
import { Modal, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { CancellationPolicy } from '../display/cancellation-policy';

/** One booked item's terms: a round trip's transfer has two legs, each with its own supplier policy. */
export interface ItemTerms {
  label: string;
  policy: HotelCancellationPolicy;
  price: BookingMoney;
}

/**
 * The last step before booking (issue 15 item 1, docs/decisions/0380): what is booked, its price and
 * its cancellation terms now (the same function as the penalty quote), and an explicit "Confirmar
 * reserva". Nothing is sent until the agent confirms.
 */
export function FinalConfirmation({
  open,
  what,
  price,
  policy,
  items,
  nights,
  confirming,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  what: ReactNode;
  /** The total to pay. */
  price: BookingMoney;
  /** The booking's one policy, or `items` when each part has its own (each against its own price). */
  policy?: HotelCancellationPolicy;
  items?: ItemTerms[];
  nights?: number | null;
  confirming?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal
      open={open}
      title="Confirmar la reserva"
      okText="Confirmar reserva"
      cancelText="Volver"
      onOk={onConfirm}
      onCancel={onCancel}
      confirmLoading={confirming}
      destroyOnHidden
    >
      <div data-testid="final-confirmation">
        <Typography.Paragraph style={{ marginBottom: 8 }}>{what}</Typography.Paragraph>
        <Typography.Paragraph strong>Total: {formatMoney(price.amount, price.currency)}</Typography.Paragraph>
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          Condiciones de cancelación
        </Typography.Title>
        {policy && <CancellationPolicy policy={policy} price={price} nights={nights} />}
        {items?.map((item) => (
          <div key={item.label} style={{ marginBottom: 8 }}>
            <Typography.Text strong>{item.label}</Typography.Text>
            <CancellationPolicy policy={item.policy} price={item.price} />
          </div>
        ))}
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          Al confirmar se envía la reserva al proveedor con estas condiciones.
        </Typography.Paragraph>
      </div>
    </Modal>
  );
}

/** Holds the submitted values until the agent confirms: `ask(values)` opens the dialog, `confirm()` books them. */
export function useFinalConfirmation<V>(book: (values: V) => void) {
  const [pending, setPending] = useState<V | null>(null);
  return {
    open: pending !== null,
    ask: (values: V) => setPending(values),
    confirm: () => {
      if (pending === null) return;
      const values = pending;
      setPending(null);
      book(values);
    },
    cancel: () => setPending(null),
  };
}
