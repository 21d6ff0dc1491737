import { describe, expect, it } from 'vitest';
import { STATUS_GROUPS, statusTagColor } from './dashboard.js';
import { VOUCHER_STATUS_LABELS, VOUCHER_STATUSES, voucherStatusColor } from './voucher-status.js';
import { voucherStatusSchema } from './vouchers.js';

describe('needs-attention (issue 14)', () => {
  it('is a voucher status with a Spanish label, red, counted among the pending on the dashboard', () => {
    expect(VOUCHER_STATUSES).toContain('needs-attention');
    expect(VOUCHER_STATUS_LABELS['needs-attention']).toBe('Requiere atención');
    expect(voucherStatusColor('needs-attention')).toBe('danger');
    expect(statusTagColor('needs-attention')).toBe('error');
    expect(STATUS_GROUPS.pending.statuses).toContain('needs-attention');
    expect(voucherStatusSchema.parse('needs-attention')).toBe('needs-attention');
  });

  it('every status belongs to exactly one dashboard group', () => {
    for (const s of VOUCHER_STATUSES) {
      const groups = Object.values(STATUS_GROUPS).filter((g) => (g.statuses as readonly string[]).includes(s));
      expect(groups, s).toHaveLength(1);
    }
  });
});
