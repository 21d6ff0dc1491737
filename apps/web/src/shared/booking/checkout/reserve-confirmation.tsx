import { formatMoney, HOTEL_BOOKING_MESSAGES as M, VOUCHER_STATUS_LABELS, type Voucher } from '@travesia/contracts';
import { Button, Result, Spin, Typography } from 'antd';
import { Link } from 'react-router';
import { useFollowPendingVoucher } from './follow-voucher';

const ignore = () => {};

/**
 * After the reserve: the voucher's status and its links (spec §2 /booking/{id}/voucher and detail).
 * A booking answered pending-provider is followed until the supplier's answer settles it
 * (docs/decisions/0154); `onSettled` keeps the settled voucher with the checkout. `newSearchPath` is the
 * product's search screen ("Nueva búsqueda").
 */
export function ReserveConfirmation({
  voucher: answered,
  newSearchPath,
  onSettled = ignore,
}: {
  voucher: Voucher;
  newSearchPath: string;
  onSettled?: (v: Voucher) => void;
}) {
  const { voucher, state } = useFollowPendingVoucher(answered, onSettled);
  const pending = voucher.status === 'pending-provider';
  const following = pending && state === 'following';
  const refused = voucher.status === 'cancelled';
  const onRequest = voucher.status === 'on-request';
  const label = VOUCHER_STATUS_LABELS[voucher.status] ?? voucher.status;
  const title = following
    ? M.bookingFollowing
    : pending
      ? 'Reserva registrada, pendiente del proveedor'
      : refused
        ? M.bookingRefusedTitle
        : onRequest
          ? 'Reserva solicitada (bajo petición)'
          : 'Reserva confirmada';
  return (
    <Result
      status={refused ? 'error' : following ? 'info' : pending || onRequest ? 'warning' : 'success'}
      icon={following ? <Spin size="large" aria-label={M.bookingFollowing} /> : undefined}
      title={title}
      subTitle={
        <div data-testid="reserve-state" data-state={following ? 'following' : pending ? 'pending' : 'settled'}>
          <div data-testid="voucher-status">Estado: {label}</div>
          <div>
            Localizador: <Typography.Text strong>{voucher.locator ?? voucher.externalBookingReference}</Typography.Text> ·{' '}
            {formatMoney(voucher.price.gross, voucher.price.currency)}
          </div>
          {following && <div>{M.bookingFollowingDetail}</div>}
          {pending && !following && <div>{M.bookingPending}</div>}
          {refused && <div>{M.bookingRefused}</div>}
        </div>
      }
      extra={[
        <Link key="voucher" to={`/booking/${voucher._id}/voucher`}>
          <Button type="primary">Ver voucher</Button>
        </Link>,
        <Link key="detail" to={`/booking/${voucher._id}/detail`}>
          <Button>Detalle de la reserva</Button>
        </Link>,
        <Link key="new" to={newSearchPath}>
          <Button>Nueva búsqueda</Button>
        </Link>,
      ]}
    />
  );
}
