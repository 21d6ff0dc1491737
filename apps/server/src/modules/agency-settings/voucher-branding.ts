import { DEFAULT_TIME_ZONE } from '@travesia/contracts';
import type { FileService } from '../file/service.js';
import type { AgencySettingsRepository } from './repository.js';

/** What a voucher PDF takes from its agency's settings (issue 16): the zone of its dates, logo, colour, header and footer. */
export interface VoucherBranding {
  timeZone: string;
  /** The appearance's light logo as PNG; null falls back to the agency's `logo` field. */
  logo: Buffer | null;
  /** The appearance's primary colour (`#rrggbb`): the PDF's headings; null keeps the platform's green. */
  primaryColor: string | null;
  header: string | null;
  footer: string | null;
  /** Days the agency's free-cancellation deadline is shown before the supplier's (docs/decisions/0300). */
  deadlineShiftDays: number;
}

export async function voucherBrandingOf(
  agencyId: string,
  d: { settings: Pick<AgencySettingsRepository, 'find'>; files: Pick<FileService, 'png'> },
): Promise<VoucherBranding> {
  const row = await d.settings.find(agencyId);
  const a = row?.appearance ?? {};
  return {
    timeZone: row?.timeZone ?? DEFAULT_TIME_ZONE,
    logo: a.logoLight ? await d.files.png(a.logoLight).catch(() => null) : null,
    primaryColor: a.primaryColor ?? null,
    header: a.voucherHeader ?? null,
    footer: a.voucherFooter ?? null,
    deadlineShiftDays: row?.deadlineShiftDays ?? 0,
  };
}
