import { type BookingMoney, formatMoney, type HotelCancellationPolicy } from '@travesia/contracts';
import { Alert, Checkbox } from 'antd';
import { CancellationPolicy } from '../display/cancellation-policy';

/** What any product's re-quote tells about a change since the search (hotel, ticket, transfer, flight). */
export interface QuoteChange {
  priceChanged: boolean;
  policyChanged: boolean;
  price: BookingMoney;
  previousPrice?: BookingMoney | null;
  previousCancellation?: HotelCancellationPolicy | null;
  /** Nights of a stay, for rules charged in nights (hotels). */
  nights?: number | null;
}

/** Whether the user must accept a change before reserving. */
export const quoteChanged = (q: QuoteChange) => q.priceChanged || q.policyChanged;

/**
 * The changed price and/or policy, old against new, with the checkbox that accepts them; render it
 * only when `quoteChanged(quote)`, and keep the reserve button disabled until `accepted`.
 */
export function PriceChangeAcceptance({
  quote: q,
  accepted,
  onAccept,
}: {
  quote: QuoteChange;
  accepted: boolean;
  onAccept: (accepted: boolean) => void;
}) {
  return (
    <Alert
      style={{ marginTop: 16 }}
      type="warning"
      showIcon
      message={q.priceChanged ? 'El precio cambió' : 'La política de cancelación cambió'}
      description={
        <>
          {q.priceChanged && q.previousPrice && (
            <div>
              Antes {formatMoney(q.previousPrice.amount, q.previousPrice.currency)}, ahora {formatMoney(q.price.amount, q.price.currency)}.
            </div>
          )}
          {q.policyChanged && q.previousCancellation && (
            <div>
              Política anterior:
              <CancellationPolicy policy={q.previousCancellation} price={q.previousPrice ?? q.price} nights={q.nights} />
            </div>
          )}
          <Checkbox checked={accepted} onChange={(e) => onAccept(e.target.checked)} style={{ marginTop: 8 }}>
            Acepto{' '}
            {q.priceChanged && q.policyChanged
              ? 'el nuevo precio y la nueva política'
              : q.priceChanged
                ? 'el nuevo precio'
                : 'la nueva política'}
          </Checkbox>
        </>
      }
    />
  );
}
