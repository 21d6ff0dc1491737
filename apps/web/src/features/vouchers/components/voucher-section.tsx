import { type SectionBlock, sectionBlocks, type Voucher } from '@travesia/contracts';
import { Alert, Card, Descriptions } from 'antd';

/** The blocks of a voucher's section (contracts' sectionBlocks, the same the PDF prints). */
export function blocksOf(v: Pick<Voucher, 'section' | 'product'>): SectionBlock[] {
  return v.section ? sectionBlocks(v.section) : [{ title: v.product.name, rows: [] }];
}

function Block({ b, bordered }: { b: SectionBlock; bordered: boolean }) {
  return (
    <>
      <Descriptions
        title={bordered ? b.title : undefined}
        column={{ xs: 1, md: 2 }}
        size="small"
        bordered={bordered}
        style={bordered ? { marginTop: 16 } : undefined}
        items={b.rows.map((r, i) => ({ key: `${i}-${r.label}`, label: r.label, children: r.value }))}
      />
      {b.warning && <Alert style={{ marginTop: 8 }} type="warning" showIcon message={b.warning} data-testid="check-pickup" />}
    </>
  );
}

/** The detail page: one card per block. */
export function VoucherSectionCards({ voucher }: { voucher: Voucher }) {
  return (
    <div data-testid="voucher-section" data-kind={voucher.section?.kind ?? voucher.type}>
      {blocksOf(voucher).map((b) => (
        <Card key={b.title} title={b.title} style={{ marginTop: 16 }}>
          <Block b={b} bordered={false} />
        </Card>
      ))}
    </div>
  );
}

/** The printable voucher: bordered blocks. */
export function VoucherSectionPrint({ voucher }: { voucher: Voucher }) {
  return (
    <section data-testid="voucher-section" data-kind={voucher.section?.kind ?? voucher.type}>
      {blocksOf(voucher).map((b) => (
        <Block key={b.title} b={b} bordered />
      ))}
    </section>
  );
}
