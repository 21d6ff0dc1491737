import { PassThrough } from 'node:stream';
import {
  formatDate,
  formatDateTime,
  PRODUCT_KIND_LABELS,
  type PriceView,
  priceViewOf,
  type UserType,
  VOUCHER_EXPORT_MAX,
  VOUCHER_MESSAGES,
  VOUCHER_PROVIDER_LABELS,
  VOUCHER_STATUS_LABELS,
  type VoucherFilter,
} from '@travesia/contracts';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import type { VoucherRow } from '../../db/schema/index.js';
import type { AuthContext } from '../../http/auth.js';
import { vBadRequest } from './errors.js';
import { agencyCostOf } from './presenter.js';
import type { VoucherService } from './service.js';

interface Column {
  header: string;
  width: number;
  value: (v: VoucherRow, timeZone: string) => string | number | null;
  money?: boolean;
  /** The price views that may see this column (price-visibility.ts); every view when absent. */
  views?: readonly PriceView[];
}

/** The bookings list's columns (spec §2) plus what an accountant needs next to them. */
const COLUMNS: Column[] = [
  { header: 'Id', width: 38, value: (v) => v.id },
  { header: 'Referencia', width: 16, value: (v) => v.externalBookingReference },
  { header: 'Integrador', width: 12, value: (v) => v.integrator },
  { header: 'Tipo', width: 10, value: (v) => PRODUCT_KIND_LABELS[v.type] },
  { header: 'Producto', width: 36, value: (v) => v.productName },
  { header: 'Creada', width: 20, value: (v, timeZone) => formatDateTime(v.createdAt, timeZone) },
  { header: 'Inicio', width: 12, value: (v) => formatDate(v.startDate) },
  { header: 'Fin', width: 12, value: (v) => formatDate(v.endDate) },
  { header: 'Estado', width: 22, value: (v) => VOUCHER_STATUS_LABELS[v.status] },
  { header: 'Proveedor', width: 12, value: (v) => VOUCHER_PROVIDER_LABELS[v.provider] ?? v.provider },
  { header: 'Localizador', width: 16, value: (v) => v.locator },
  { header: 'Usuario', width: 24, value: (v) => v.userName },
  { header: 'Cliente', width: 28, value: (v) => [v.client.name, v.client.surname].filter(Boolean).join(' ') },
  { header: 'Agencia', width: 24, value: (v) => v.agencyName },
  { header: 'Costo', width: 14, value: (v) => v.costNet, money: true, views: ['full'] },
  { header: 'Moneda costo', width: 8, value: (v) => v.costCurrency, views: ['full'] },
  { header: 'Costo agencia', width: 14, value: (v) => agencyCostOf(v)?.amount ?? null, money: true, views: ['full', 'agency'] },
  { header: 'Precio', width: 14, value: (v) => v.priceGross, money: true },
  { header: 'Moneda', width: 8, value: (v) => v.priceCurrency },
  { header: 'Comisión', width: 14, value: (v) => v.commissionAmount, money: true },
  { header: 'Precio USD', width: 14, value: (v) => v.priceUsd, money: true },
  { header: 'Pago cliente', width: 14, value: (v) => v.payments.client?.amount ?? null, money: true },
];

/** The export's columns for a reader (the one visibility rule: a hidden figure has no column at all). */
export function exportColumnsFor(type: UserType): Column[] {
  const view = priceViewOf(type);
  return COLUMNS.filter((c) => !c.views || c.views.includes(view));
}

/** A plain decimal ('-12.50'): what a money cell holds; it can never start a formula. */
const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * A CSV writer that neutralises formula injection (OWASP "CSV Injection"): csv-stringify's
 * `escape_formulas` prefixes `'` to any text cell starting with =, +, -, @, tab or CR (and their
 * full-width forms). Money columns keep legitimate negative decimals readable as numbers: a cell
 * that is a plain decimal is written as is (docs/decisions/0142).
 */
export function csvWriter(columns: ReadonlyArray<Pick<Column, 'header' | 'money'>>) {
  const money = new Set(columns.flatMap((c, i) => (c.money ? [i] : [])));
  return stringify({
    header: true,
    columns: columns.map((c) => c.header),
    bom: true,
    escape_formulas: true,
    cast: {
      string: (value, ctx) =>
        !ctx.header && typeof ctx.index === 'number' && money.has(ctx.index) && DECIMAL.test(value)
          ? { value, escape_formulas: false }
          : value,
    },
  });
}

/**
 * Streams the filtered list as CSV or XLSX, walking it in keyset batches so memory stays flat;
 * bounded at VOUCHER_EXPORT_MAX rows (a larger selection is a 400 asking for more filters).
 */
export async function sendExport(
  reply: FastifyReply,
  vouchers: VoucherService,
  auth: AuthContext,
  filter: VoucherFilter,
  format: 'csv' | 'xlsx',
) {
  const timeZone = await vouchers.timeZoneOf(auth);
  const zoned = { ...filter, timeZone };
  const n = await vouchers.countUpTo(auth, zoned, VOUCHER_EXPORT_MAX);
  if (n > VOUCHER_EXPORT_MAX) throw vBadRequest(VOUCHER_MESSAGES.exportTooLarge, 'EXPORT_TOO_LARGE');
  const rows = vouchers.iterate(auth, zoned, VOUCHER_EXPORT_MAX);
  const columns = exportColumnsFor(auth.user.type);
  const stamp = new Date().toISOString().slice(0, 10);
  const log = reply.log;

  if (format === 'csv') {
    const csv = csvWriter(columns);
    void (async () => {
      for await (const batch of rows)
        for (const v of batch) if (!csv.write(columns.map((c) => c.value(v, timeZone) ?? ''))) await once(csv);
      csv.end();
    })().catch((err) => {
      log.error({ err }, 'voucher csv export failed');
      csv.destroy(err as Error);
    });
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="reservas-${stamp}.csv"`).send(csv);
  }

  const out = new PassThrough();
  // Loaded on the first spreadsheet: the largest package the server imports, not worth a start-up (decision 0550).
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = wb.addWorksheet('Reservas');
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width, style: c.money ? { numFmt: '#,##0.00' } : {} }));
  sheet.getRow(1).font = { bold: true };
  void (async () => {
    for await (const batch of rows) {
      for (const v of batch) {
        // Spreadsheet cells are numbers; the exact decimals stay in the database and the CSV.
        sheet.addRow(columns.map((c) => (c.money ? toNumber(c.value(v, timeZone)) : (c.value(v, timeZone) ?? '')))).commit();
      }
    }
    sheet.commit();
    await wb.commit();
  })().catch((err) => {
    log.error({ err }, 'voucher xlsx export failed');
    out.destroy(err as Error);
  });
  return reply
    .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="reservas-${stamp}.xlsx"`)
    .send(out);
}

const toNumber = (v: string | number | null) => (v === null || v === '' ? null : Number(v));
const once = (s: NodeJS.WritableStream) => new Promise<void>((resolve) => s.once('drain', () => resolve()));
