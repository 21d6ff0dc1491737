import { ClockCircleOutlined } from '@ant-design/icons';
import { DEADLINE_KIND_LABELS, formatTermsDate, localTimeZone } from '@travesia/contracts';
import { Alert, Card, List, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useUpcomingDeadlines } from '../api/upcoming-deadlines';

/** How many days ahead the card looks: the default first reminder (7 days). */
export const DEADLINE_WINDOW_DAYS = 7;

// Colours whose text passes WCAG AA contrast on their own background (axe runs over the dashboard).
const KIND_COLORS = { 'free-cancellation': 'purple', payment: 'blue', 'pre-reservation': 'red' } as const;

/**
 * "Vencen pronto" (issue 16 item 5): the free-cancellation, payment and pre-reservation deadlines of the
 * next days in the caller's scope, soonest first, each linked to its voucher; the whole list is the
 * bookings list filtered by deadline. Dates in the agency's zone; no money is shown.
 */
export function DeadlinesCard() {
  const { data, isLoading, error } = useUpcomingDeadlines(DEADLINE_WINDOW_DAYS);
  const tz = localTimeZone();
  return (
    <Card
      title={
        <span>
          <ClockCircleOutlined aria-hidden /> Vencen pronto
        </span>
      }
      size="small"
      data-testid="deadlines-card"
      extra={<Link to={`/booking?deadlineWithin=${DEADLINE_WINDOW_DAYS}`}>Ver en reservas</Link>}
    >
      {error ? (
        <Alert type="error" showIcon title={(error as Error).message} />
      ) : (
        <List
          size="small"
          loading={isLoading}
          dataSource={data ?? []}
          locale={{ emptyText: isLoading ? ' ' : `Nada vence en los próximos ${DEADLINE_WINDOW_DAYS} días` }}
          renderItem={(d) => (
            <List.Item key={`${d.voucherId}-${d.kind}`}>
              <div style={{ minWidth: 0 }}>
                <Tag color={KIND_COLORS[d.kind]}>{DEADLINE_KIND_LABELS[d.kind]}</Tag>
                <Link to={`/booking/${d.voucherId}/detail`}>{d.productName || d.reference}</Link>
                <div>
                  <Typography.Text type="secondary">
                    Vence {formatTermsDate(d.dueAt, tz)} · {d.reference}
                  </Typography.Text>
                </div>
              </div>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
