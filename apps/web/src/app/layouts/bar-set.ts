import type { UserType } from '@travesia/contracts';

/** Spec §2 Layouts: the bars come in three sets — super, product-loader, and agency staff sharing one. */
export type BarSet = 'super' | 'product-loader' | 'agency';

export function barSetOf(type: UserType): BarSet {
  if (type === 'super' || type === 'product-loader') return type;
  return 'agency';
}

export const BAR_SET_TITLES: Record<BarSet, string> = {
  super: 'Panel del operador',
  'product-loader': 'Carga de producto',
  agency: 'Agencia',
};
