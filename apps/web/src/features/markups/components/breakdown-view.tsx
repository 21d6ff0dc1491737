import { PRICE_STEP_SCOPE_LABELS, type PriceBreakdown } from '@travesia/contracts';
import { Descriptions, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { describeMarkup, formatMoney } from './money';

/** A price and how it was built, showing only what the server let this user see. */
export function BreakdownView({ b }: { b: PriceBreakdown }) {
  const items: Array<{ key: string; label: string; children: ReactNode }> = [];
  const converted = b.costCurrency !== null && b.costCurrency !== b.currency;
  if (b.cost !== null) items.push({ key: 'cost', label: 'Costo del proveedor', children: formatMoney(b.cost, b.costCurrency) });
  if (b.rate !== null && converted)
    items.push({ key: 'rate', label: 'Tasa de cambio', children: `1 ${b.costCurrency} = ${b.rate} ${b.currency}` });
  if (b.convertedCost !== null && converted)
    items.push({ key: 'converted', label: 'Costo convertido', children: formatMoney(b.convertedCost, b.currency) });

  const markups = b.steps.filter((s) => s.scope !== 'commission');
  const step = (s: (typeof markups)[number], i: number) => ({
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
  for (const [i, s] of markups.entries()) if (s.scope === 'platform') items.push(step(s, i));
  if (b.agencyCost !== null)
    items.push({ key: 'agencyCost', label: 'Costo para la agencia', children: formatMoney(b.agencyCost, b.currency) });
  for (const [i, s] of markups.entries()) if (s.scope === 'agency') items.push(step(s, i));

  const c = b.commission;
  const commissionText = c
    ? `${describeMarkup({ kind: c.type, value: c.value, currency: c.type === 'fixed' ? b.currency : null, basis: null })}, ${c.source === 'user' ? 'del usuario' : 'de la agencia'}`
    : '';
  if (c?.mode === 'on-top') {
    items.push({ key: 'net', label: 'Precio neto de la agencia', children: formatMoney(b.netPrice, b.currency) });
    items.push({ key: 'commission', label: 'Comisión del asesor', children: `+ ${formatMoney(c.amount, b.currency)} (${commissionText})` });
  }
  items.push({
    key: 'price',
    label: 'Precio de venta',
    children: (
      <Typography.Text strong data-testid="preview-price">
        {formatMoney(b.price, b.currency)}
      </Typography.Text>
    ),
  });
  if (c?.mode === 'included')
    items.push({
      key: 'commission',
      label: 'Comisión del asesor (incluida)',
      children: `${formatMoney(c.amount, b.currency)} (${commissionText})`,
    });
  if (b.currency !== 'USD') items.push({ key: 'usd', label: 'Equivalente en USD', children: formatMoney(b.usdEquivalent, 'USD') });
  return (
    <>
      {b.belowCost && <Tag color="error">Precio por debajo del costo</Tag>}
      <Descriptions size="small" column={1} bordered items={items} />
    </>
  );
}
