import { Alert, Collapse, Spin, Typography } from 'antd';
import { ApiError } from '../../../lib/api';
import { useFareRules } from '../api/fare-rules';

/** The airline's fare rules (changes, refunds, penalties), shown before the booking is confirmed. */
export function FareRules({ voucherId }: { voucherId: string }) {
  const rules = useFareRules(voucherId);
  if (rules.isLoading) return <Spin size="small" />;
  if (rules.error)
    return <Alert type="warning" message={rules.error instanceof ApiError ? rules.error.message : 'Reglas de la tarifa no disponibles'} />;
  return (
    <div data-testid="fare-rules">
      <Typography.Title level={5}>Reglas de la tarifa</Typography.Title>
      <Collapse
        size="small"
        items={(rules.data?.rules ?? []).map((r) => ({
          key: `${r.code}-${r.name}`,
          label: r.name,
          children: r.text.map((t) => <Typography.Paragraph key={t}>{t}</Typography.Paragraph>),
        }))}
      />
    </div>
  );
}
