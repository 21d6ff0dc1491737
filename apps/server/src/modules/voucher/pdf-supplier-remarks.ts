/**
 * The "Observaciones del proveedor" block at the end of the voucher PDF: what the supplier asks to be
 * printed on the voucher, verbatim (Hotelbeds' "Payable through … VAT … Reference" line is required by
 * its certification; Restel's observations; rate comments). Kept apart from pdf.ts so the voucher
 * layout can change without touching it (docs/decisions/0180).
 */
export const SUPPLIER_REMARKS_TITLE = 'Observaciones del proveedor';

/** The part of a pdfkit document this block uses. */
export interface RemarksPdfDoc {
  moveDown(lines?: number): unknown;
  font(name: string): RemarksPdfDoc;
  fontSize(size: number): RemarksPdfDoc;
  fillColor(color: string): RemarksPdfDoc;
  text(text: string, options?: Record<string, unknown>): RemarksPdfDoc;
}

export function printSupplierRemarks(doc: RemarksPdfDoc, remarks: readonly string[] | undefined): void {
  if (!remarks?.length) return;
  doc.moveDown(1);
  doc.font('Helvetica-Bold').fontSize(12).fillColor('#0b6e4f').text(SUPPLIER_REMARKS_TITLE);
  doc.fillColor('black').font('Helvetica').fontSize(9);
  // pdfkit's standard fonts are WinAnsi: characters outside it would print as garbage, so they are dropped.
  for (const r of remarks) doc.text(`• ${r.replace(/[^\x20-\x7e\u00a0-\u00ff€–—‘’“”•…]/g, '')}`);
}
