import { type PriceBreakdown as Breakdown, formatMoney, formatPercent, PRICE_STEP_SCOPE_LABELS } from '@travesia/contracts';
import { Descriptions } from 'antd';
import { trimRate } from '../../components/trim-rate';

/**
 * The price breakdown exactly as the server gave it to this role: cost lines appear only when the
 * role may see them (the server sends null otherwise), never computed here.
 */
export function PriceBreakdown({ breakdown }: { breakdown: Breakdown }) {
  const b = breakdown;
  const items: { key: string; label: string; children: string }[] = [];
  if (b.cost !== null && b.costCurrency)
    items.push({ key: 'cost', label: 'Costo del proveedor', children: formatMoney(b.cost, b.costCurrency) });
  if (b.convertedCost !== null && b.costCurrency !== b.currency) {
    items.push({
      key: 'converted',
      label: `Costo en ${b.currency}${b.rate ? ` (tasa ${trimRate(b.rate)})` : ''}`,
      children: formatMoney(b.convertedCost, b.currency),
    });
  }
  for (const [i, s] of b.steps.entries()) {
    // The adviser's commission has its own line below: listing its step too counted it twice.
    if (s.scope === 'commission' && b.commission) continue;
    const value = s.kind === 'percentage' ? formatPercent(s.value) : formatMoney(s.value, s.valueCurrency ?? b.currency);
    items.push({ key: `step-${i}`, label: `${PRICE_STEP_SCOPE_LABELS[s.scope]} (${value})`, children: formatMoney(s.amount, b.currency) });
  }
  if (b.agencyCost !== null)
    items.push({ key: 'agencyCost', label: 'Costo para la agencia', children: formatMoney(b.agencyCost, b.currency) });
  items.push({ key: 'net', label: 'Precio neto', children: formatMoney(b.netPrice, b.currency) });
  if (b.commission) {
    items.push({
      key: 'commission',
      label: `Comisión (${b.commission.type === 'percentage' ? formatPercent(b.commission.value) : 'fija'}, ${b.commission.mode === 'included' ? 'incluida' : 'adicional'})`,
      children: formatMoney(b.commission.amount, b.currency),
    });
  }
  items.push({ key: 'price', label: 'Precio de venta', children: formatMoney(b.price, b.currency) });
  return <Descriptions size="small" column={1} bordered items={items} aria-label="Desglose del precio" />;
}
