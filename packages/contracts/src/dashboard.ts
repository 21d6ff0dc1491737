import { z } from 'zod';
import { voucherChannelFilter } from './voucher-channel.js';
import { type VoucherStatus, voucherStatusColor } from './voucher-status.js';
import { VOUCHER_MESSAGES, voucherStatusSchema } from './vouchers.js';

/** Month names of the dashboard selector (spec §2: Ene–Dic). */
export const MONTH_SHORT_LABELS = ['Ene', 'Feb', 'Mar', 'Abr', 'May', 'Jun', 'Jul', 'Ago', 'Sep', 'Oct', 'Nov', 'Dic'] as const;

/**
 * The donut's three groups (spec §2). Sales (Aprobadas) are confirmed vouchers; quotations and every
 * status still waiting for someone are Pendientes (docs/decisions/0053-dashboard-figures.md).
 */
export const STATUS_GROUPS = {
  pending: { label: 'Pendientes', statuses: ['on-request', 'pending-provider', 'pre-reserved', 'quotation', 'needs-attention'] },
  cancelled: { label: 'Canceladas', statuses: ['cancelled'] },
  approved: { label: 'Aprobadas', statuses: ['confirmed', 'confirmed-paid'] },
} as const satisfies Record<string, { label: string; statuses: readonly VoucherStatus[] }>;
export type StatusGroup = keyof typeof STATUS_GROUPS;

/** Statuses whose amounts count as sales in the chart and the indicators. */
export const SALE_STATUSES: readonly VoucherStatus[] = STATUS_GROUPS.approved.statuses;

export const DASHBOARD_TAG_COLORS = { success: 'success', warning: 'warning', danger: 'error' } as const;
/** The Ant Design tag colour of a status (spec §4: confirmed success, pending warning, all else danger). */
export const statusTagColor = (status: string) => DASHBOARD_TAG_COLORS[voucherStatusColor(status)];

const year = z.coerce
  .number({ error: VOUCHER_MESSAGES.invalidYear })
  .int({ error: VOUCHER_MESSAGES.invalidYear })
  .min(2000, { error: VOUCHER_MESSAGES.invalidYear })
  .max(2100, { error: VOUCHER_MESSAGES.invalidYear });
const month = z.coerce
  .number({ error: VOUCHER_MESSAGES.invalidMonth })
  .int({ error: VOUCHER_MESSAGES.invalidMonth })
  .min(1, { error: VOUCHER_MESSAGES.invalidMonth })
  .max(12, { error: VOUCHER_MESSAGES.invalidMonth });

/** Every dashboard figure can be cut by sales channel (issue 20 item 5, decision 0390). */
const channel = voucherChannelFilter.optional();
export const channelQuery = z.object({ channel });
export const monthYearQuery = z.object({ month, year, channel });
export const yearQuery = z.object({ year, channel });
export const lastVouchersQuery = z.object({
  channel,
  limit: z.coerce
    .number({ error: 'El límite debe ser un número' })
    .int()
    .min(1, { error: 'El límite debe ser 1 o mayor' })
    .max(50, { error: 'El límite máximo es 50' })
    .default(10),
  year: year.optional(),
});

export const dailyAmountSchema = z.object({ date: z.string(), day: z.number().int(), totalAmount: z.string(), count: z.number().int() });
export const monthChartSchema = z.object({
  month: z.number().int(),
  year: z.number().int(),
  currency: z.literal('USD'),
  data: z.array(dailyAmountSchema),
});
export type MonthChart = z.infer<typeof monthChartSchema>;

export const periodFigureSchema = z.object({
  totalAmount: z.string(),
  /** Growth against the same stretch of the previous period, in percent (two decimals); null when that was zero. */
  percentageChange: z.number().nullable(),
  count: z.number().int(),
  from: z.string(),
  to: z.string(),
});
export type PeriodFigure = z.infer<typeof periodFigureSchema>;
export const yearlyReportSchema = z.object({
  currency: z.literal('USD'),
  timeZone: z.string(),
  today: periodFigureSchema,
  month: periodFigureSchema.extend({ month: z.number().int() }),
  quarter: periodFigureSchema.extend({ quarter: z.number().int().min(1).max(4) }),
  year: periodFigureSchema.extend({ year: z.number().int() }),
});
export type YearlyReport = z.infer<typeof yearlyReportSchema>;

export const statusChartSchema = z.object({
  month: z.number().int(),
  year: z.number().int(),
  data: z.array(z.object({ key: z.enum(['pending', 'cancelled', 'approved']), label: z.string(), count: z.number().int() })),
});
export type StatusChart = z.infer<typeof statusChartSchema>;

export const availableYearsSchema = z.object({ years: z.array(z.number().int()) });
export const availableMonthsSchema = z.object({ year: z.number().int(), months: z.array(z.number().int()) });

export const lastVoucherSchema = z.object({
  _id: z.string(),
  shortId: z.string(),
  createdAt: z.string(),
  price: z.object({ gross: z.string(), currency: z.string() }),
  totalUsd: z.string().nullable(),
  status: voucherStatusSchema,
  client: z.string(),
});
export const lastVouchersSchema = z.object({ docs: z.array(lastVoucherSchema) });
export type LastVoucher = z.infer<typeof lastVoucherSchema>;

/** The last 6 characters of an id (spec §2). */
export const shortId = (id: string) => id.slice(-6);
