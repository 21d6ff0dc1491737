import { Card, List, Typography } from 'antd';

const TITLE = 'Observaciones del proveedor';

/**
 * What the supplier asks to be shown on the voucher, verbatim ("Payable through …" for Hotelbeds,
 * Restel's observations, rate comments). Nothing is rendered when the supplier sent none.
 */
export function SupplierRemarksCard({ remarks }: { remarks: readonly string[] | undefined }) {
  if (!remarks?.length) return null;
  return (
    <Card title={TITLE} style={{ marginTop: 16 }} data-testid="supplier-remarks">
      <List size="small" dataSource={[...remarks]} renderItem={(r) => <List.Item>{r}</List.Item>} />
    </Card>
  );
}

/** The same block on the printable voucher. */
export function SupplierRemarksPrint({ remarks }: { remarks: readonly string[] | undefined }) {
  if (!remarks?.length) return null;
  return (
    <section aria-label={TITLE} data-testid="supplier-remarks">
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {TITLE}
      </Typography.Title>
      <List size="small" dataSource={[...remarks]} renderItem={(r) => <List.Item>{r}</List.Item>} />
    </section>
  );
}
