import { VOUCHER_STATUS_LABELS } from '@travesia/contracts';
import { Alert, List, Typography } from 'antd';
import { Link } from 'react-router';
import { useVouchers } from '../../../shared/vouchers/list-vouchers';

/**
 * Bookings whose supplier outcome was never confirmed (status needs-attention, issue 14): shown on the
 * dashboard with the references a person needs to ask the supplier. Nothing is shown when there are none.
 */
export function NeedsAttentionAlert() {
  const { data } = useVouchers({ status: 'needs-attention', page: 1, limit: 5 });
  const docs = data?.docs ?? [];
  if (!docs.length) return null;
  return (
    <Alert
      type="error"
      showIcon
      data-testid="needs-attention"
      message={`${VOUCHER_STATUS_LABELS['needs-attention']}: ${data?.totalDocs ?? docs.length} reserva(s) sin confirmación del proveedor`}
      description={
        <List
          size="small"
          dataSource={docs}
          renderItem={(v) => (
            <List.Item>
              <Link to={`/booking/${v._id}/detail`}>{v.product.name || v.externalBookingReference}</Link>
              <Typography.Text type="secondary">
                {' '}
                {v.provider} · Nuestra referencia: {v.externalBookingReference}
                {v.supplierReferences.length ? ` · Localizadores: ${v.supplierReferences.join(', ')}` : ''}
              </Typography.Text>
            </List.Item>
          )}
        />
      }
    />
  );
}
