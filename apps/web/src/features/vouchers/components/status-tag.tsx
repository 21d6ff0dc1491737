import { statusTagColor, t, VOUCHER_STATUS_LABELS, type VoucherStatus } from '@travesia/contracts';
import { Tag } from 'antd';

/** A voucher status with its spec §4 label and colour (confirmed success, pending warning, else danger). */
export function StatusTag({ status }: { status: VoucherStatus | string }) {
  const label = VOUCHER_STATUS_LABELS[status as VoucherStatus] ?? t(`voucher.status.${status}`);
  return (
    <Tag color={statusTagColor(status)} data-status={status}>
      {label}
    </Tag>
  );
}
