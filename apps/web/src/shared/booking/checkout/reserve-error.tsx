import { Alert, Button } from 'antd';
import { Link } from 'react-router';
import type { ApiError } from '../../../lib/api';

/** Codes that mean "go back and quote again". */
const REQUOTE_CODES = new Set(['PRICE_CHANGED', 'QUOTE_EXPIRED', 'SUPPLIER_PRICE_CHANGED', 'SUPPLIER_TOKEN_EXPIRED', 'SEARCH_EXPIRED']);

/**
 * A refused reserve and what to do next: quote again (price or token expired), open the voucher the
 * quote already booked or the one the supplier refused, or retry a timeout (the key keeps it single).
 */
export function ReserveError({ error, onRequote }: { error: ApiError; onRequote: () => void }) {
  const refusedVoucher = error.fields?.voucherId;
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 16 }}
      message={error.message}
      description={
        REQUOTE_CODES.has(error.code ?? '') ? (
          <Button size="small" onClick={onRequote}>
            Volver a la opción y cotizar de nuevo
          </Button>
        ) : refusedVoucher && error.code === 'QUOTE_ALREADY_BOOKED' ? (
          <Link to={`/booking/${refusedVoucher}/detail`}>Ver la reserva existente</Link>
        ) : refusedVoucher ? (
          <Link to={`/booking/${refusedVoucher}/detail`}>Ver la reserva cancelada</Link>
        ) : error.code === 'TIMEOUT' || error.code === 'NETWORK' ? (
          'Puedes reintentar: la reserva no se duplicará.'
        ) : undefined
      }
    />
  );
}
