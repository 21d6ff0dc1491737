import { describeCancellation, type HotelCancellationPolicy, localTimeZone } from '@travesia/contracts';
import { Typography } from 'antd';

/** The policy in plain Spanish, dates in the user's time zone; the supplier's own text below as a remark. */
export function CancellationPolicy({ policy }: { policy: HotelCancellationPolicy }) {
  return (
    <div data-testid="cancellation-policy">
      <ul style={{ margin: 0, paddingLeft: 20 }}>
        {describeCancellation(policy, localTimeZone()).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {policy.text && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          Nota del proveedor: {policy.text}
        </Typography.Paragraph>
      )}
    </div>
  );
}
