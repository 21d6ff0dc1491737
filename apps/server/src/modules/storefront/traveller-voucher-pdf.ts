import { formatDateTime, formatMoney, type StorefrontOrderView, type StorefrontSite } from '@travesia/contracts';
import { freeCancellationUntil } from './present.js';

/**
 * pdfkit's standard fonts are WinAnsi: characters outside it would print as garbage, so they are dropped (the
 * same rule as the agency's voucher PDF, modules/voucher/pdf.ts).
 */
const winAnsi = (s: string) => s.replace(/→/g, '->').replace(/[^\x20-\x7e\u00a0-\u00ff€–—‘’“”•…]/g, '');

const HEX = /^#[0-9a-f]{6}$/i;

export interface TravellerVoucherInput {
  /** The white label's published site: name, logo, colours, support contacts. */
  site: StorefrontSite;
  /** The site's logo as PNG (null: none, or unreadable). */
  logo: Buffer | null;
  /** "Mi reserva" of a booked order: what the traveller may see. */
  order: StorefrontOrderView;
  /** What was booked, in the confirmation e-mail's words. */
  booked: string[];
  /** Every traveller's name. */
  travellers: string[];
  /** Where the traveller finds the booking again. */
  lookupUrl: string;
  timeZone: string;
}

/**
 * The traveller's voucher of a storefront booking, in the white label's branding (issue 20 item 4): its logo,
 * name and colour, the order and booking references with a QR of the order reference, what was booked, the
 * travellers, the total paid and the cancellation terms, the shop's support contacts. Never the agency, its
 * cost, its markups or the supplier.
 */
export async function renderTravellerVoucher(v: TravellerVoucherInput): Promise<Buffer> {
  const [{ default: PDFDocument }, { default: QRCode }] = await Promise.all([import('pdfkit'), import('qrcode')]);
  const qr = await QRCode.toBuffer(v.order.orderRef, { type: 'png', margin: 1, width: 180, errorCorrectionLevel: 'M' });
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: `Voucher ${v.order.orderRef}`, Author: v.site.name } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const accent = v.site.branding.primaryColor && HEX.test(v.site.branding.primaryColor) ? v.site.branding.primaryColor : '#0b5cad';

  doc.rect(0, 0, 595.28, 12).fill(accent);
  if (v.logo) {
    try {
      doc.image(v.logo, 48, 36, { fit: [140, 60] });
    } catch {
      // An unreadable logo never stops the voucher.
    }
  }
  doc.image(qr, 547 - 72, 36, { fit: [72, 72] });
  doc
    .font('Helvetica')
    .fontSize(7)
    .fillColor('#555')
    .text('Tu pedido', 547 - 92, 110, { width: 92, align: 'center' });
  doc.fillColor('black').font('Helvetica-Bold').fontSize(18).text(winAnsi(v.site.name), 200, 44, { width: 260, align: 'right' });
  doc.font('Helvetica').fontSize(10).text('Voucher de tu reserva', 200, doc.y, { width: 260, align: 'right' });
  doc.x = 48;
  doc.y = Math.max(doc.y, 128);

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

  const o = v.order;
  section('Reserva confirmada');
  line('Pedido', o.orderRef);
  line('Código de reserva', o.voucher?.reference);
  line('Localizador', o.voucher?.locator);
  line('Titular', `${o.holder.name} ${o.holder.surname}`);

  section('Tu reserva');
  for (const text of v.booked) doc.text(winAnsi(text));
  if (o.hotel) {
    line('Régimen', o.hotel.board);
    for (const room of o.rooms) line('Habitación', room.name);
  }

  section('Viajeros');
  for (const name of v.travellers) doc.text(`• ${winAnsi(name)}`);

  section('Pago');
  line('Total pagado', formatMoney(o.price.amount, o.price.currency));

  section('Cancelación');
  const policy = o.voucher?.cancellation;
  const freeUntil = policy ? freeCancellationUntil(policy) : null;
  doc.text(
    winAnsi(
      freeUntil
        ? `Cancelación gratuita hasta el ${formatDateTime(freeUntil, v.timeZone)}; después, con gastos.`
        : policy?.refundable
          ? 'Cancelable con gastos según las condiciones del proveedor.'
          : 'Tarifa no reembolsable.',
    ),
  );

  section('Ayuda');
  line('Correo', v.site.support.email);
  line('Teléfono', v.site.support.phone);
  doc.text(winAnsi(`Consulta tu reserva en ${v.lookupUrl} con la referencia y tu correo.`));

  doc.end();
  return done;
}
