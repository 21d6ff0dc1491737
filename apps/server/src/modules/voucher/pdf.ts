import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  DEFAULT_TIME_ZONE,
  formatDate,
  formatMoney,
  PRODUCT_KIND_LABELS,
  VOUCHER_PROVIDER_LABELS,
  VOUCHER_STATUS_LABELS,
  type Voucher,
} from '@travesia/contracts';
import PDFDocument from 'pdfkit';
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

export function policyText(v: Pick<Voucher, 'policies' | 'price'>, timeZone: string = DEFAULT_TIME_ZONE): string[] {
  if (!v.policies.length) return ['Sin penalidad informada por el proveedor.'];
  return v.policies.map((p) => {
    const from = formatDate(p.from, timeZone);
    if (p.percent !== undefined) return `Desde ${from}: ${p.percent}% del total`;
    if (p.nights !== undefined) return `Desde ${from}: ${p.nights} noche(s)`;
    return `Desde ${from}: ${formatMoney(p.amount ?? '0', p.currency)}`;
  });
}

/**
 * The printable voucher a traveller takes to the hotel: agency, locators, product, dates, rooms,
 * guests, board, policies, what is paid and what is payable at the hotel. Built with pdfkit's
 * standard fonts (WinAnsi covers Spanish).
 */
export async function renderVoucherPdf(v: Voucher, dataDir: string, branding?: VoucherBranding): Promise<Buffer> {
  const logo = branding?.logo ?? (await logoBytes(v.agency.logo, dataDir));
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: `Voucher ${v.externalBookingReference}`, Author: v.agency.name } });
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
  doc.font('Helvetica-Bold').fontSize(18).text(v.agency.name, 200, 48, { align: 'right' });
  doc.font('Helvetica').fontSize(10).text('Voucher de servicio', { align: 'right' });
  if (branding?.header) doc.fontSize(9).fillColor('#444').text(branding.header, { align: 'right' }).fillColor('black');
  doc.moveDown(2);
  doc.x = 48;
  doc.y = Math.max(doc.y, 120);

  const section = (title: string) => {
    doc.moveDown(0.8);
    doc.font('Helvetica-Bold').fontSize(12).fillColor('#0b6e4f').text(title);
    doc.fillColor('black').font('Helvetica').fontSize(10);
  };
  const line = (label: string, value: string | null | undefined) => {
    if (!value) return;
    doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  };

  section('Reserva');
  line('Referencia', v.externalBookingReference);
  line('Localizador', v.locator);
  line('Localizador corto', v.shortLocator);
  if (v.supplierReferences.length) line('Referencias del proveedor', v.supplierReferences.join(', '));
  line('Estado', VOUCHER_STATUS_LABELS[v.status]);
  line('Proveedor', VOUCHER_PROVIDER_LABELS[v.provider] ?? v.provider);

  section(PRODUCT_KIND_LABELS[v.type]);
  line('Nombre', v.product.name);
  line('Destino', v.product.destination);
  line('Dirección', v.product.address);
  line('Teléfono', v.product.phone);
  line('Entrada', formatDate(v.start));
  line('Salida', formatDate(v.end));
  if (v.nights !== null) line('Noches', String(v.nights));
  line('Régimen', v.product.board);
  for (const [i, r] of (v.product.rooms ?? []).entries()) {
    const pax = [
      r.adults ? `${r.adults} adulto(s)` : '',
      r.children ? `${r.children} niño(s)${r.childrenAges?.length ? ` (${r.childrenAges.join(', ')} años)` : ''}` : '',
    ]
      .filter(Boolean)
      .join(', ');
    line(`Habitación ${i + 1}`, [r.name, r.board, pax].filter(Boolean).join(' · '));
  }

  section('Huéspedes');
  line('Titular', [v.client.name, v.client.surname].filter(Boolean).join(' '));
  line('Documento', [v.client.documentType, v.client.document].filter(Boolean).join(' '));
  for (const c of v.companions) line('Acompañante', [c.name, c.surname].filter(Boolean).join(' '));

  section('Pagos');
  line('Total', formatMoney(v.price.gross, v.price.currency));
  const paid = v.payments.client;
  line('Pagado', paid ? formatMoney(paid.amount, paid.currency) : 'Sin pagos registrados');
  const atHotel = v.payments.payableAtHotel;
  line('A pagar en el hotel', atHotel ? formatMoney(atHotel.amount, atHotel.currency) : 'Nada');

  section('Políticas de cancelación');
  for (const t of policyText(v, branding?.timeZone)) doc.text(`• ${t}`);

  doc.moveDown(2);
  doc.fontSize(8).fillColor('#666').text('Presente este voucher al llegar. Los servicios no incluidos se pagan directamente al proveedor.');
  printSupplierRemarks(doc, v.supplierRemarks);
  if (branding?.footer) doc.moveDown(1).fontSize(8).fillColor('#444').text(branding.footer);
  doc.end();
  return done;
}
