import { inflateSync } from 'node:zlib';

/**
 * The text a pdfkit document draws, for assertions: every (Flate) content stream inflated, the hex
 * strings of each TJ array decoded as WinAnsi (close enough to latin1 for tests) and joined, one
 * line per TJ. pdfkit writes text only this way with its standard fonts.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  const stream = /stream\r?\n/g;
  for (let m = stream.exec(raw); m; m = stream.exec(raw)) {
    const from = m.index + m[0].length;
    const to = raw.indexOf('endstream', from);
    if (to < 0) break;
    let body: string;
    try {
      body = inflateSync(pdf.subarray(from, to)).toString('latin1');
    } catch {
      body = raw.slice(from, to);
    }
    for (const tj of body.matchAll(/\[([^\]]*)\]\s*TJ/g))
      lines.push([...tj[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1], 'hex').toString('latin1')).join(''));
  }
  return lines.join('\n');
}
