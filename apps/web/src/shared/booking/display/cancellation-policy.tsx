import {
  type BookingMoney,
  type CancellationTerms,
  cancellationTerms,
  type HotelCancellationPolicy,
  localTimeZone,
} from '@travesia/contracts';
import { Tag, Typography } from 'antd';
import { useSession } from '../../session/use-session';

const DAY_MS = 86_400_000;

/** Nights between two `yyyy-MM-dd` days (at least 1), for rules charged in nights. */
export const nightsBetween = (checkIn: string, checkOut: string) =>
  Math.max(1, Math.round((Date.parse(checkOut) - Date.parse(checkIn)) / DAY_MS));

export interface OfferTermsInput {
  policy: HotelCancellationPolicy;
  price: BookingMoney;
  nights?: number | null;
}

/**
 * An offer's cancellation terms now, in the agency's zone, with the agency's deadline shift: contracts'
 * `cancellationTerms`, the same function behind the voucher, its PDF, the e-mails and the penalty quote
 * (docs/decisions/0207, 0380).
 */
export function useOfferTerms({ policy, price, nights }: OfferTermsInput, now = new Date()): CancellationTerms {
  const { state } = useSession();
  const shiftDays = state.status === 'authenticated' ? (state.me.branding?.deadlineShiftDays ?? 0) : 0;
  return cancellationTerms({
    refundable: policy.refundable,
    rules: policy.rules,
    price,
    nights,
    now,
    timeZone: localTimeZone(),
    shiftDays,
  });
}

const BADGE_COLOR: Record<CancellationTerms['status'], string> = {
  free: 'green',
  'free-until': 'green',
  penalty: 'orange',
  'non-refundable': 'red',
};

/** The results badge: "Reembolsable" only when cancelling now costs nothing, the free-until date beside it. */
export function CancellationBadge(props: OfferTermsInput) {
  const t = useOfferTerms(props);
  return (
    <Tag color={BADGE_COLOR[t.status]} data-testid="cancellation-badge" data-status={t.status} title={t.headline}>
      {t.status === 'free-until' ? t.headline.replace(/\.$/, '') : t.badge}
    </Tag>
  );
}

/** The terms in plain Spanish: the headline (what cancelling now costs), the schedule, the supplier's text as a remark. */
export function CancellationPolicy(props: OfferTermsInput) {
  const t = useOfferTerms(props);
  return (
    <div
      data-testid="cancellation-policy"
      data-status={t.status}
      data-penalty-now={t.penaltyNow.amount}
      data-currency={t.penaltyNow.currency}
    >
      <Typography.Text strong data-testid="cancellation-headline">
        {t.headline}
      </Typography.Text>
      {t.lines.length > 0 && (
        <ul style={{ margin: 0, paddingLeft: 20 }}>
          {t.lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {props.policy.text && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          Nota del proveedor: {props.policy.text}
        </Typography.Paragraph>
      )}
    </div>
  );
}
