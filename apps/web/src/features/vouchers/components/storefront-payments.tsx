import { storefrontPaymentLines, type Voucher } from '@travesia/contracts';
import { Card, Table } from 'antd';

/**
 * What the traveller paid through the white label's gateway (issue 20 item 5): gateway, reference,
 * amount and status in Spanish, for whoever sees the voucher (the sale price, never a cost).
 */
export function StorefrontPaymentsCard({ voucher }: { voucher: Pick<Voucher, 'payments'> }) {
  const lines = storefrontPaymentLines(voucher.payments);
  if (!lines.length) return null;
  return (
    <Card title="Pagos en la tienda online" style={{ marginTop: 16 }}>
      <Table
        size="small"
        pagination={false}
        rowKey={(p) => `${p.gateway}:${p.reference}`}
        dataSource={lines}
        columns={[
          { title: 'Pasarela', dataIndex: 'gateway' },
          { title: 'Referencia', dataIndex: 'reference' },
          { title: 'Monto', dataIndex: 'amount', align: 'right' },
          { title: 'Estado', dataIndex: 'status' },
        ]}
      />
    </Card>
  );
}
