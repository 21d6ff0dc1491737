import { type CommissionSettings, type CommissionSettingsInput, MESSAGES, PRICING_MESSAGES } from '@travesia/contracts';
import type { AgencyPricingSettingsRow } from '../../db/schema/index.js';
import type { AuthContext } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/errors.js';
import { normaliseDecimal } from '../../lib/decimal.js';
import type { AgencyRepository } from '../agency/repository.js';
import type { CommissionSettingsRepository } from './repository.js';

export function toSettingsDto(agencyId: string, row: AgencyPricingSettingsRow | undefined): CommissionSettings {
  return {
    agencyId,
    mode: row?.commissionMode ?? 'on-top',
    type: row?.commissionType ?? 'percentage',
    value: row ? normaliseDecimal(row.commissionValue) : '0',
    currency: row?.commissionCurrency.trim() ?? 'USD',
    roundUp: row?.roundUp ?? false,
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}

/**
 * The agency's commission setting (/configuration/commission): how a selling user's commission relates
 * to the agency's price, the default commission for users without their own, and whether prices round
 * up. An agency admin edits their own agency's; super names the agency.
 */
export class CommissionSettingsService {
  constructor(
    private readonly repo: CommissionSettingsRepository,
    private readonly agencies: AgencyRepository,
  ) {}

  async get(actor: AuthContext, requestedAgencyId?: string) {
    const agencyId = await this.agencyOf(actor, requestedAgencyId);
    return toSettingsDto(agencyId, await this.repo.find(agencyId));
  }

  async put(actor: AuthContext, input: CommissionSettingsInput, requestedAgencyId?: string) {
    const agencyId = await this.agencyOf(actor, requestedAgencyId);
    const row = await this.repo.upsert(agencyId, {
      commissionMode: input.mode,
      commissionType: input.type,
      commissionValue: input.value,
      commissionCurrency: input.currency,
      roundUp: input.roundUp,
      updatedBy: actor.user.id,
    });
    return toSettingsDto(agencyId, row);
  }

  /** The session's agency; super must name one that exists. */
  private async agencyOf(actor: AuthContext, requested?: string): Promise<string> {
    if (actor.user.type !== 'super') {
      if (!actor.user.agencyId) throw notFound(MESSAGES['agency.notFound']);
      return actor.user.agencyId;
    }
    if (!requested)
      throw badRequest(PRICING_MESSAGES['commission.agencyRequired'], { agencyId: PRICING_MESSAGES['commission.agencyRequired'] });
    if (!(await this.agencies.findById(requested))) throw notFound(MESSAGES['agency.notFound']);
    return requested;
  }
}
