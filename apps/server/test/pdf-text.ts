import { inflateSync } from 'node:zlib';

/**
 * The text a PDF made by pdfkit shows: every content stream is inflated (FlateDecode) and the strings
 * of its text operators (`<hex> Tj`, `[<hex> kern <hex>] TJ`, `(literal) Tj`) are decoded as
 * WinAnsi/Latin-1, one text object per line. Enough to assert what a generated voucher does or does
 * not say; not a general PDF reader.
 */
export function pdfText(pdf: Buffer): string {
  const out: string[] = [];
  for (const content of pdfStreams(pdf)) {
    for (const block of content.match(/BT[\s\S]*?ET/g) ?? []) {
      const strings = block.match(/<[0-9a-fA-F\s]*>|\((?:\\.|[^\\)])*\)/g) ?? [];
      out.push(
        strings
          .map((s) =>
            s.startsWith('<')
              ? Buffer.from(s.slice(1, -1).replace(/\s/g, ''), 'hex').toString('latin1')
              : s.slice(1, -1).replace(/\\([()\\])/g, '$1'),
          )
          .join(''),
      );
    }
  }
  return out.join('\n');
}

/** Every stream of a PDF, inflated when it is FlateDecode, as Latin-1 text (drawing operators such as `rg` included). */
export function pdfStreams(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const out: string[] = [];
  const streamRe = /<<([\s\S]*?)>>\s*stream\r?\n/g;
  for (let m = streamRe.exec(raw); m; m = streamRe.exec(raw)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    const bytes = pdf.subarray(start, end);
    try {
      out.push(/FlateDecode/.test(m[1]) ? inflateSync(bytes).toString('latin1') : bytes.toString('latin1'));
    } catch {
      // not a stream this reader understands (an image with another filter): skipped
    }
  }
  return out;
}
