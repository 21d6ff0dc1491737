import { z } from 'zod';
import { calendarDate } from './schemas/calendar-date.js';
import { COMMISSION_TYPES } from './user-types.js';

/**
 * Pricing contracts shared by server and web: currencies, decimal amounts on the wire, exchange
 * rates, the agency's commission setting and the price breakdown the engine answers
 * (docs/decisions/0070-pricing-engine.md).
 */

/** Currencies offered first in selects; any ISO 4217 code is accepted. */
export const COMMON_CURRENCIES = ['USD', 'COP', 'EUR', 'MXN'] as const;
/** The dashboard's currency and the pivot of the exchange-rate table. */
export const BASE_CURRENCY = 'USD' as const;

let isoCodes: ReadonlySet<string> | undefined;
/** True for an ISO 4217 code the runtime knows (USD, COP, EUR, MXN, ...). */
export function isIsoCurrency(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  isoCodes ??= new Set(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : COMMON_CURRENCIES);
  return isoCodes.has(code);
}

/** Decimals a price keeps in `currency` (spec §9): COP none, every other currency 2. */
export function priceDecimals(currency: string): number {
  return currency === 'COP' ? 0 : 2;
}

export const PRICING_MESSAGES = {
  'currency.invalid': 'La moneda debe ser un código ISO 4217 válido, por ejemplo USD',
  'amount.invalid': 'El valor debe ser un número decimal, por ejemplo 10 o 12.50',
  'amount.negative': 'El valor no puede ser negativo',
  'date.invalid': 'La fecha debe tener el formato aaaa-mm-dd',
  'rate.invalid': 'La tasa debe ser un número mayor que cero, por ejemplo 4100.50',
  'rate.usd': 'El dólar (USD) es la moneda base y su tasa es siempre 1',
  'rate.missing': 'No hay tasa de cambio vigente para {currency}. Pide al administrador de la plataforma que la registre.',
  'rate.duplicate': 'Hay monedas repetidas en la lista',
  'rate.empty': 'Indica al menos una tasa',
  'rate.exists': 'Ya hay una tasa registrada para esa moneda en ese mismo instante',
  'rate.saved': 'Tasas de cambio guardadas',
  'cost.invalid': 'El costo debe ser un número mayor o igual a cero',
  'commission.percentRange': 'El porcentaje de comisión debe estar entre 0 y 100',
  'commission.currencyRequired': 'La moneda es obligatoria para una comisión de valor fijo',
  'commission.agencyRequired': 'Selecciona una agencia',
  'commission.saved': 'Configuración de comisión guardada',
} as const;

export type PricingMessageKey = keyof typeof PRICING_MESSAGES;
export const pricingMessage = (key: PricingMessageKey, vars: Record<string, string> = {}) =>
  PRICING_MESSAGES[key].replace(/\{(\w+)\}/g, (_, k: string) => vars[k] ?? '');

export const currencySchema = z
  .string({ error: PRICING_MESSAGES['currency.invalid'] })
  .trim()
  .toUpperCase()
  .refine(isIsoCurrency, { error: PRICING_MESSAGES['currency.invalid'] });

/** A decimal amount as a string ('12.5', '-3', '1000.000001'): money never travels as a float. */
export const decimalString = (message: string = PRICING_MESSAGES['amount.invalid']) =>
  z
    .union([z.string(), z.number()], { error: message })
    .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
    .pipe(z.string().regex(/^-?\d{1,14}(\.\d{1,6})?$/, { error: message }));

/** A non-negative decimal amount. */
export const amountString = (message: string = PRICING_MESSAGES['amount.invalid']) =>
  decimalString(message).refine((v) => !v.startsWith('-'), { error: PRICING_MESSAGES['amount.negative'] });

export const wireDate = calendarDate(PRICING_MESSAGES['date.invalid']);

export const moneySchema = z.object({ amount: amountString(PRICING_MESSAGES['cost.invalid']), currency: currencySchema });
export type Money = z.infer<typeof moneySchema>;

// ---- exchange rates --------------------------------------------------------------------------

/** One rate: how many units of `currency` buy one US dollar, valid from an instant on. */
export const exchangeRateSchema = z.object({
  _id: z.string(),
  currency: z.string(),
  unitsPerUsd: z.string(),
  validFrom: z.string(),
  /** Who set it, by name only: every signed-in user reads the rates (decision 0141). */
  setBy: z.object({ name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type ExchangeRate = z.infer<typeof exchangeRateSchema>;

/** Super's view of a rate (history, changes): who set it, with the e-mail. */
export const exchangeRateAdminSchema = exchangeRateSchema.extend({
  setBy: z.object({ _id: z.string(), name: z.string(), email: z.string() }).nullable(),
});
export type ExchangeRateAdmin = z.infer<typeof exchangeRateAdminSchema>;

export const exchangeRateListQuery = z.object({
  at: z.iso.datetime({ offset: true, error: 'La fecha debe ser un instante ISO 8601, por ejemplo 2025-01-31T12:00:00Z' }).optional(),
});
export const exchangeRateList = z.object({ base: z.literal(BASE_CURRENCY), at: z.string(), rates: z.array(exchangeRateSchema) });
export type ExchangeRateList = z.infer<typeof exchangeRateList>;
export const exchangeRateAdminList = exchangeRateList.extend({ rates: z.array(exchangeRateAdminSchema) });

export const exchangeRateHistoryQuery = z.object({ currency: currencySchema.optional() });

const rateValue = z
  .union([z.string(), z.number()], { error: PRICING_MESSAGES['rate.invalid'] })
  .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
  .pipe(
    z
      .string()
      .regex(/^\d{1,14}(\.\d{1,10})?$/, { error: PRICING_MESSAGES['rate.invalid'] })
      .refine((v) => /[1-9]/.test(v), { error: PRICING_MESSAGES['rate.invalid'] }),
  );

export const putExchangeRatesBody = z.object({
  rates: z
    .array(
      z.object({
        currency: currencySchema.refine((c) => c !== BASE_CURRENCY, { error: PRICING_MESSAGES['rate.usd'] }),
        unitsPerUsd: rateValue,
      }),
      { error: PRICING_MESSAGES['rate.empty'] },
    )
    .min(1, { error: PRICING_MESSAGES['rate.empty'] })
    .max(200)
    .refine((rs) => new Set(rs.map((r) => r.currency)).size === rs.length, { error: PRICING_MESSAGES['rate.duplicate'] }),
  /** When the new rates start to apply; now when absent. */
  validFrom: z.iso.datetime({ offset: true, error: 'La fecha debe ser un instante ISO 8601, por ejemplo 2025-01-31T12:00:00Z' }).optional(),
});
export type PutExchangeRatesBody = z.input<typeof putExchangeRatesBody>;
export type ExchangeRatesInput = z.output<typeof putExchangeRatesBody>;

// ---- commission ------------------------------------------------------------------------------

/**
 * How a selling user's commission relates to the agency's price (docs/decisions/0072-commission.md):
 * on top of it (the client pays price + commission) or included in it (the agent's share of it).
 */
export const COMMISSION_MODES = ['on-top', 'included'] as const;
export type CommissionMode = (typeof COMMISSION_MODES)[number];
export const COMMISSION_MODE_LABELS: Record<CommissionMode, string> = {
  'on-top': 'Sumada al precio de la agencia',
  included: 'Incluida en el precio de la agencia',
};

export const commissionSettingsSchema = z.object({
  agencyId: z.string(),
  mode: z.enum(COMMISSION_MODES),
  type: z.enum(COMMISSION_TYPES),
  value: z.string(),
  currency: z.string(),
  roundUp: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type CommissionSettings = z.infer<typeof commissionSettingsSchema>;

export const commissionSettingsQuery = z.object({ agencyId: z.uuid({ error: 'Identificador no válido' }).optional() });

export const putCommissionSettingsBody = z
  .object({
    mode: z.enum(COMMISSION_MODES, { error: 'Modo de comisión no válido' }),
    type: z.enum(COMMISSION_TYPES, { error: 'Tipo de comisión no válido' }),
    value: amountString(),
    currency: currencySchema,
    roundUp: z.boolean({ error: 'Debe ser verdadero o falso' }),
  })
  .superRefine((v, ctx) => {
    if (v.type === 'percentage' && Number(v.value) > 100)
      ctx.addIssue({ code: 'custom', path: ['value'], message: PRICING_MESSAGES['commission.percentRange'] });
  });
export type PutCommissionSettingsBody = z.input<typeof putCommissionSettingsBody>;
export type CommissionSettingsInput = z.output<typeof putCommissionSettingsBody>;

// ---- price breakdown -------------------------------------------------------------------------

export const PRICE_STEP_SCOPES = ['platform', 'agency', 'commission'] as const;
export type PriceStepScope = (typeof PRICE_STEP_SCOPES)[number];
export const PRICE_STEP_SCOPE_LABELS: Record<PriceStepScope, string> = {
  platform: 'Markup de la plataforma',
  agency: 'Markup de la agencia',
  commission: 'Comisión del asesor',
};

export const priceStepSchema = z.object({
  ruleId: z.string().nullable(),
  scope: z.enum(PRICE_STEP_SCOPES),
  kind: z.enum(['percentage', 'fixed']),
  /** The rule's value: a percentage, or a fixed amount in `valueCurrency`. */
  value: z.string(),
  valueCurrency: z.string().nullable(),
  basis: z.string().nullable(),
  /** What the step adds, in the price currency. */
  amount: z.string(),
});
export type PriceStep = z.infer<typeof priceStepSchema>;

export const priceBreakdownSchema = z.object({
  /** Supplier net cost, in its own currency; null when the viewer may not see it. */
  cost: z.string().nullable(),
  costCurrency: z.string().nullable(),
  /** Units of `currency` per unit of `costCurrency`. */
  rate: z.string().nullable(),
  /** The cost in the price currency. */
  convertedCost: z.string().nullable(),
  steps: z.array(priceStepSchema),
  /** What the agency pays the platform (cost + platform markup). */
  agencyCost: z.string().nullable(),
  /** The agency's price before any commission on top. */
  netPrice: z.string(),
  price: z.string(),
  currency: z.string(),
  /** The selling user's commission, whether added on top or included. */
  commission: z
    .object({
      mode: z.enum(COMMISSION_MODES),
      type: z.enum(COMMISSION_TYPES),
      value: z.string(),
      amount: z.string(),
      source: z.enum(['user', 'agency']),
    })
    .nullable(),
  usdEquivalent: z.string(),
  usdRate: z.string(),
  belowCost: z.boolean(),
});
export type PriceBreakdown = z.infer<typeof priceBreakdownSchema>;

/**
 * A breakdown as the agency view sees it (price-visibility.ts): no supplier cost, rate or converted
 * cost, and no platform step. The keys are absent from the schema, so parsing strips them.
 */
export const agencyBreakdownSchema = priceBreakdownSchema
  .omit({ cost: true, costCurrency: true, rate: true, convertedCost: true, steps: true })
  .extend({ steps: z.array(priceStepSchema.extend({ scope: z.enum(['agency', 'commission']) })) });
export type AgencyBreakdown = z.infer<typeof agencyBreakdownSchema>;

/** A breakdown as the staff view sees it: the price, the net price and the commission step only. */
export const staffBreakdownSchema = agencyBreakdownSchema
  .omit({ agencyCost: true, steps: true })
  .extend({ steps: z.array(priceStepSchema.extend({ scope: z.literal('commission') })) });
export type StaffBreakdown = z.infer<typeof staffBreakdownSchema>;
