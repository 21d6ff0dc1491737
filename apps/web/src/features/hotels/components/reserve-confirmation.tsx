import { formatMoney, HOTEL_BOOKING_MESSAGES as M, VOUCHER_STATUS_LABELS, type Voucher } from '@travesia/contracts';
import { Button, Result, Typography } from 'antd';
import { Link } from 'react-router';

/** After the reserve: the voucher's status and its links (spec §2 /booking/{id}/voucher and detail). */
export function ReserveConfirmation({ voucher }: { voucher: Voucher }) {
  const pending = voucher.status === 'pending-provider';
  const onRequest = voucher.status === 'on-request';
  const label = VOUCHER_STATUS_LABELS[voucher.status] ?? voucher.status;
  return (
    <Result
      status={pending || onRequest ? 'warning' : 'success'}
      title={
        pending ? 'Reserva registrada, pendiente del proveedor' : onRequest ? 'Reserva solicitada (bajo petición)' : 'Reserva confirmada'
      }
      subTitle={
        <>
          <div data-testid="voucher-status">Estado: {label}</div>
          <div>
            Localizador: <Typography.Text strong>{voucher.locator ?? voucher.externalBookingReference}</Typography.Text> ·{' '}
            {formatMoney(voucher.price.gross, voucher.price.currency)}
          </div>
          {pending && <div>{M.bookingPending}</div>}
        </>
      }
      extra={[
        <Link key="voucher" to={`/booking/${voucher._id}/voucher`}>
          <Button type="primary">Ver voucher</Button>
        </Link>,
        <Link key="detail" to={`/booking/${voucher._id}/detail`}>
          <Button>Detalle de la reserva</Button>
        </Link>,
        <Link key="new" to="/hotels/search">
          <Button>Nueva búsqueda</Button>
        </Link>,
      ]}
    />
  );
}
