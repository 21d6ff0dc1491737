import { DEFAULT_TIME_ZONE } from '@travesia/contracts';
import type { AgencySettingsRepository } from './repository.js';

/**
 * `agencyTimeZone`: the zone an agency's dates are shown in (issue 16). Vouchers, PDFs, e-mails,
 * exports and dashboard periods ask it instead of naming a zone; platform staff (no agency) and an
 * agency that never chose one get Bogotá. The settings row is kept in memory a few seconds by the
 * repository and emptied by any change to it, from any process (decision 0540): a change applies at once.
 */
export class AgencyTimeZones {
  constructor(private readonly repo: Pick<AgencySettingsRepository, 'timeZone'>) {}

  async of(agencyId: string | null | undefined): Promise<string> {
    if (!agencyId) return DEFAULT_TIME_ZONE;
    return (await this.repo.timeZone(agencyId)) ?? DEFAULT_TIME_ZONE;
  }
}
