import { COMMISSION_MODE_LABELS, PRICE_STEP_SCOPE_LABELS, type PriceBreakdown } from '@travesia/contracts';
import { Descriptions, Tag, Typography } from 'antd';
import { describeMarkup, formatMoney } from './money';

/** A price and how it was built, showing only what the server let this user see. */
export function BreakdownView({ b }: { b: PriceBreakdown }) {
  const items: Array<{ key: string; label: string; children: React.ReactNode }> = [];
  if (b.cost !== null) items.push({ key: 'cost', label: 'Costo del proveedor', children: formatMoney(b.cost, b.costCurrency) });
  if (b.rate !== null && b.costCurrency !== b.currency)
    items.push({ key: 'rate', label: 'Tasa de cambio', children: `1 ${b.costCurrency} = ${b.rate} ${b.currency}` });
  if (b.convertedCost !== null && b.costCurrency !== b.currency)
    items.push({ key: 'converted', label: 'Costo convertido', children: formatMoney(b.convertedCost, b.currency) });
  b.steps.forEach((s, i) => {
    if (s.scope === 'agency' && b.agencyCost !== null && !items.some((x) => x.key === 'agencyCost'))
      items.push({ key: 'agencyCost', label: 'Costo para la agencia', children: formatMoney(b.agencyCost, b.currency) });
    items.push({
      key: `step-${i}`,
      label: PRICE_STEP_SCOPE_LABELS[s.scope],
      children: (
        <>
          + {formatMoney(s.amount, b.currency)}{' '}
          <Typography.Text type="secondary">
            ({describeMarkup({ kind: s.kind, value: s.value, currency: s.valueCurrency, basis: s.basis })})
          </Typography.Text>
        </>
      ),
    });
  });
  if (b.agencyCost !== null && !items.some((x) => x.key === 'agencyCost'))
    items.push({ key: 'agencyCost', label: 'Costo para la agencia', children: formatMoney(b.agencyCost, b.currency) });
  if (b.commission?.mode === 'on-top')
    items.push({ key: 'net', label: 'Precio neto de la agencia', children: formatMoney(b.netPrice, b.currency) });
  items.push({
    key: 'price',
    label: 'Precio de venta',
    children: (
      <Typography.Text strong data-testid="preview-price">
        {formatMoney(b.price, b.currency)}
      </Typography.Text>
    ),
  });
  if (b.commission)
    items.push({
      key: 'commission',
      label: 'Comisión del asesor',
      children: `${formatMoney(b.commission.amount, b.currency)} (${COMMISSION_MODE_LABELS[b.commission.mode].toLowerCase()}; ${b.commission.source === 'user' ? 'del usuario' : 'de la agencia'})`,
    });
  if (b.currency !== 'USD') items.push({ key: 'usd', label: 'Equivalente en USD', children: formatMoney(b.usdEquivalent, 'USD') });
  return (
    <>
      {b.belowCost && <Tag color="error">Precio por debajo del costo</Tag>}
      <Descriptions size="small" column={1} bordered items={items} />
    </>
  );
}
