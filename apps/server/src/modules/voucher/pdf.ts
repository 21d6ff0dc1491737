import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  DEFAULT_TIME_ZONE,
  formatDateTime,
  formatMoney,
  PRODUCT_KIND_LABELS,
  type SectionBlock,
  sectionBlocks,
  storefrontPaymentLines,
  VOUCHER_PROVIDER_LABELS,
  VOUCHER_STATUS_LABELS,
  type Voucher,
  voucherTerms,
} from '@travesia/contracts';
import { VOUCHER_PDF as T } from '../../messages/vouchers.js';
import type { VoucherBranding } from '../agency-settings/voucher-branding.js';
import { printSupplierRemarks } from './pdf-supplier-remarks.js';

/** The agency logo as image bytes: a data: URL, or a file under DATA_DIR/uploads; anything else is skipped. */
async function logoBytes(logo: string | null, dataDir: string): Promise<Buffer | null> {
  if (!logo) return null;
  const m = /^data:image\/(png|jpe?g);base64,(.+)$/i.exec(logo);
  if (m) return Buffer.from(m[2], 'base64');
  const name = path.basename(logo);
  if (!/^[\w.-]+\.(png|jpe?g)$/i.test(name)) return null;
  return readFile(path.join(dataDir, 'uploads', name)).catch(() => null);
}

/** pdfkit's standard fonts are WinAnsi: characters outside it would print as garbage, so they are dropped. */
const winAnsi = (s: string) => s.replace(/→/g, '->').replace(/[^\x20-\x7e\u00a0-\u00ff€–—‘’“”•…]/g, '');

export interface VoucherPdfOptions {
  dataDir: string;
  now: Date;
  /** The zone the cancellation terms' dates are shown in. */
  timeZone?: string;
  /** The agency's appearance: logo, header and footer texts, time zone (decision 0245). */
  branding?: VoucherBranding;
}

/**
 * The printable voucher: agency logo and a QR code of our reference, the booking, one section per
 * product kind (contracts' `sectionBlocks`, the same blocks the web shows), travellers, payments, the
 * cancellation terms (contracts' `voucherTerms`), the agent's remarks, the cancellation and its reason,
 * the supplier's emergency contact and remarks. Built with pdfkit's standard fonts (WinAnsi covers Spanish).
 */
export async function renderVoucherPdf(v: Voucher, opts: VoucherPdfOptions): Promise<Buffer> {
  const tz = opts.timeZone ?? opts.branding?.timeZone ?? DEFAULT_TIME_ZONE;
  // Loaded on the first PDF, not at start-up (decision 0550).
  const [{ default: PDFDocument }, { default: QRCode }] = await Promise.all([import('pdfkit'), import('qrcode')]);
  const [logo, qr] = await Promise.all([
    opts.branding?.logo ?? logoBytes(v.agency.logo, opts.dataDir),
    QRCode.toBuffer(v.externalBookingReference, { type: 'png', margin: 1, width: 180, errorCorrectionLevel: 'M' }),
  ]);
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: T.title(v.externalBookingReference), Author: v.agency.name } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  if (logo) {
    try {
      doc.image(logo, 48, 40, { fit: [140, 60] });
    } catch {
      // An unreadable image never stops the voucher.
    }
  }
  doc.image(qr, 547 - 72, 40, { fit: [72, 72] });
  doc
    .font('Helvetica')
    .fontSize(7)
    .fillColor('#666')
    .text(T.qrCaption, 547 - 92, 114, { width: 92, align: 'center' });
  doc.fillColor('black').font('Helvetica-Bold').fontSize(18).text(winAnsi(v.agency.name), 200, 48, { width: 260, align: 'right' });
  doc.font('Helvetica').fontSize(10).text(T.subtitle, 200, doc.y, { width: 260, align: 'right' });
  if (opts.branding?.header)
    doc.fontSize(9).fillColor('#444').text(winAnsi(opts.branding.header), 200, doc.y, { width: 260, align: 'right' }).fillColor('black');
  doc.x = 48;
  doc.y = Math.max(doc.y, 132);

  const accent = opts.branding?.primaryColor ?? '#0b6e4f';
  const section = (title: string) => {
    doc.moveDown(0.8);
    doc.font('Helvetica-Bold').fontSize(12).fillColor(accent).text(winAnsi(title), 48);
    doc.fillColor('black').font('Helvetica').fontSize(10);
  };
  const line = (label: string, value: string | null | undefined) => {
    if (!value) return;
    doc
      .font('Helvetica-Bold')
      .text(`${winAnsi(label)}: `, { continued: true })
      .font('Helvetica')
      .text(winAnsi(value));
  };
  const block = (b: SectionBlock) => {
    section(b.title);
    for (const r of b.rows) line(r.label, r.value);
    if (b.warning) doc.font('Helvetica-Bold').fillColor('#b45309').text(winAnsi(b.warning)).fillColor('black').font('Helvetica');
  };

  section(T.booking);
  line(T.reference, v.externalBookingReference);
  line(T.locator, v.locator);
  line(T.shortLocator, v.shortLocator);
  if (v.supplierReferences.length) line(T.supplierReferences, v.supplierReferences.join(', '));
  line(T.status, VOUCHER_STATUS_LABELS[v.status]);
  line(T.provider, VOUCHER_PROVIDER_LABELS[v.provider] ?? v.provider);
  line(T.channel, v.channel.label);

  if (v.section) for (const b of sectionBlocks(v.section)) block(b);
  else {
    section(PRODUCT_KIND_LABELS[v.type]);
    line(T.name, v.product.name);
  }

  section(T.travellers);
  line(T.holder, [v.client.name, v.client.surname].filter(Boolean).join(' '));
  line(T.document, [v.client.documentType, v.client.document].filter(Boolean).join(' '));
  for (const c of v.companions) line(T.companion, [c.name, c.surname].filter(Boolean).join(' '));

  section(T.payments);
  line(T.total, formatMoney(v.price.gross, v.price.currency));
  const paid = v.payments.client;
  const online = storefrontPaymentLines(v.payments);
  if (paid || !online.length) line(T.paid, paid ? formatMoney(paid.amount, paid.currency) : T.noPayments);
  for (const p of online) line(T.onlinePayment, [p.gateway, p.reference, p.amount, p.status].join(' · '));
  const atHotel = v.payments.payableAtHotel;
  if (v.type === 'hotel') line(T.payableAtHotel, atHotel ? formatMoney(atHotel.amount, atHotel.currency) : T.nothing);

  section(T.policies);
  const terms = voucherTerms(v, opts.now, tz, opts.branding?.deadlineShiftDays ?? 0);
  if (v.status !== 'cancelled') doc.font('Helvetica-Bold').text(winAnsi(terms.headline)).font('Helvetica');
  for (const t of terms.lines) doc.text(`• ${winAnsi(t)}`);

  if (v.remarks) {
    section(T.remarks);
    doc.text(winAnsi(v.remarks));
  }
  if (v.status === 'cancelled') {
    section(T.cancellation);
    if (v.penalty) line(T.penalty, formatMoney(v.penalty.penalty, v.penalty.penaltyCurrency));
    line(T.cancelReason, v.cancelReason);
    line(T.cancelledAt, formatDateTime(v.updatedAt, tz));
  }

  doc.moveDown(2);
  doc.fontSize(8).fillColor('#666').text(T.footer);
  printSupplierRemarks(doc, v.supplierRemarks);
  if (opts.branding?.footer) doc.moveDown(1).fontSize(8).fillColor('#444').text(winAnsi(opts.branding.footer));
  doc.end();
  return done;
}
