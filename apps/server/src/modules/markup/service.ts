import {
  MARKUP_MESSAGES,
  type MarkupPreviewAnswer,
  type MarkupRuleFields,
  type MarkupScope,
  type markupListQuery,
  type markupPreviewBody,
  markupRuleProblems,
} from '@travesia/contracts';
import type { z } from 'zod';
import type { AuthContext } from '../../http/auth.js';
import { AppError, badRequest } from '../../http/errors.js';
import { breakdownFor, type EngineRule } from '../../pricing/index.js';
import type { AgencyRepository } from '../agency/repository.js';
import { notFoundWith } from '../pricing/errors.js';
import type { PricingService } from '../pricing/service.js';
import type { MarkupListFilter, MarkupRepository, MarkupWithAgency, NewMarkupRule } from './repository.js';

type ListQuery = z.output<typeof markupListQuery>;
type PreviewInput = z.output<typeof markupPreviewBody>;

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Markup rules. Super manages platform rules and any agency's; an agency admin manages only its own
 * agency's (the scope comes from the session: another agency's rule is a 404).
 */
export class MarkupService {
  constructor(
    private readonly repo: MarkupRepository,
    private readonly agencies: AgencyRepository,
    private readonly pricing: PricingService,
  ) {}

  list(actor: AuthContext, query: ListQuery, page: number, limit: number) {
    const filter: MarkupListFilter = { q: query.q, active: query.active, productKind: query.productKind, supplier: query.supplier };
    if (actor.user.type !== 'super') filter.owner = this.ownAgency(actor);
    else if (query.agencyId) filter.owner = query.agencyId;
    else if (query.scope === 'agency') filter.owner = 'any-agency';
    else if (query.scope === 'all') filter.owner = undefined;
    else filter.owner = null;
    return this.repo.list(filter, page, limit);
  }

  async get(actor: AuthContext, id: string): Promise<MarkupWithAgency> {
    const found = await this.repo.findById(id);
    if (!found) throw notFoundWith(MARKUP_MESSAGES['markup.notFound']);
    if (actor.user.type !== 'super' && found.rule.agencyId !== this.ownAgency(actor))
      throw notFoundWith(MARKUP_MESSAGES['markup.notFound']);
    return found;
  }

  async create(actor: AuthContext, input: MarkupRuleFields) {
    const agencyId = await this.ownerFor(actor, input.agencyId ?? null);
    const row = await this.repo.insert({ ...this.columns(input), agencyId, createdBy: actor.user.id, updatedBy: actor.user.id });
    return this.get(actor, row.id);
  }

  async update(actor: AuthContext, id: string, input: Partial<MarkupRuleFields>) {
    const { rule: current } = await this.get(actor, id);
    const merged: MarkupRuleFields = {
      name: input.name ?? current.name,
      active: input.active ?? current.active,
      priority: input.priority ?? current.priority,
      productKind: input.productKind !== undefined ? input.productKind : current.productKind,
      supplier: input.supplier !== undefined ? input.supplier : current.supplier,
      destinationId: input.destinationId !== undefined ? input.destinationId : current.destinationId,
      destinationName: input.destinationName !== undefined ? input.destinationName : current.destinationName,
      travelFrom: input.travelFrom !== undefined ? input.travelFrom : current.travelFrom,
      travelTo: input.travelTo !== undefined ? input.travelTo : current.travelTo,
      bookingFrom: input.bookingFrom !== undefined ? input.bookingFrom : current.bookingFrom,
      bookingTo: input.bookingTo !== undefined ? input.bookingTo : current.bookingTo,
      kind: input.kind ?? current.kind,
      value: input.value ?? current.value,
      currency: input.currency !== undefined ? input.currency : current.currency,
      basis: input.basis ?? current.basis,
      allowBelowCost: input.allowBelowCost ?? current.allowBelowCost,
    };
    const problems = markupRuleProblems(merged);
    const first = Object.values(problems)[0];
    if (first) throw new AppError(400, 'VALIDATION', first, problems);
    const agencyId = input.agencyId !== undefined ? await this.ownerFor(actor, input.agencyId) : current.agencyId;
    await this.repo.update(id, { ...this.columns(merged), agencyId, updatedBy: actor.user.id });
    return this.get(actor, id);
  }

  async remove(actor: AuthContext, id: string) {
    await this.get(actor, id);
    await this.repo.delete(id);
  }

  /**
   * Runs the engine on a sample offer with the saved rules (plus the form's unsaved rule). An agency
   * admin's preview starts from the agency's own cost (what it pays the platform) and runs only its
   * agency's rules; super's runs the platform level, and the agency level when an agency is named.
   */
  async preview(actor: AuthContext, input: PreviewInput): Promise<MarkupPreviewAnswer> {
    const isSuper = actor.user.type === 'super';
    const draftAgency = isSuper ? (input.draft?.agencyId ?? null) : this.ownAgency(actor);
    const agencyId = isSuper ? (input.draft ? draftAgency : null) || input.agencyId || null : this.ownAgency(actor);
    if (agencyId && isSuper && !(await this.agencies.findById(agencyId)))
      throw badRequest(MARKUP_MESSAGES['markup.agency.notFound'], { agencyId: MARKUP_MESSAGES['markup.agency.notFound'] });
    const levels: MarkupScope[] = isSuper ? (agencyId ? ['platform', 'agency'] : ['platform']) : ['agency'];

    const loaded = await this.pricing.loadContextInput({ agencyId, userId: null, levels });
    const bookingDate = input.bookingDate ?? today();
    const extra: EngineRule[] = [];
    if (input.draft) {
      const d = input.draft;
      const id = input.draftId ?? '00000000-0000-4000-8000-000000000000';
      extra.push({
        id,
        scope: draftAgency ? 'agency' : 'platform',
        agencyId: draftAgency,
        active: d.active,
        priority: d.priority,
        productKind: d.productKind,
        supplier: d.supplier,
        destinationId: d.destinationId,
        travelFrom: d.travelFrom,
        travelTo: d.travelTo,
        bookingFrom: d.bookingFrom,
        bookingTo: d.bookingTo,
        kind: d.kind,
        value: d.value,
        currency: d.currency,
        basis: d.basis,
        allowBelowCost: d.allowBelowCost,
      });
    }
    const commission = loaded.commission && {
      ...loaded.commission,
      user: input.commission ? { ...input.commission, currency: loaded.commission.agency?.currency ?? 'USD' } : null,
    };
    const ctx = this.pricing.context({ ...loaded, commission }, extra, input.draftId);
    const breakdown = this.pricing.price(ctx, {
      kind: input.productKind,
      supplier: input.supplier,
      destinationAncestors: input.destinationAncestors,
      checkIn: input.checkIn ?? bookingDate,
      nights: input.nights,
      paxes: input.paxes,
      bookingDate,
      cost: input.cost,
      targetCurrency: input.targetCurrency,
    });
    return { breakdown: breakdownFor(actor.user.type, breakdown), levels, commissionMode: commission?.mode ?? 'on-top' };
  }

  private ownAgency(actor: AuthContext): string {
    if (!actor.user.agencyId) throw notFoundWith(MARKUP_MESSAGES['markup.notFound']);
    return actor.user.agencyId;
  }

  /** Agency admins always own their rules; super picks platform (null) or an existing agency. */
  private async ownerFor(actor: AuthContext, requested: string | null): Promise<string | null> {
    if (actor.user.type !== 'super') return this.ownAgency(actor);
    if (requested && !(await this.agencies.findById(requested)))
      throw badRequest(MARKUP_MESSAGES['markup.agency.notFound'], { agencyId: MARKUP_MESSAGES['markup.agency.notFound'] });
    return requested;
  }

  private columns(r: MarkupRuleFields): Omit<NewMarkupRule, 'agencyId'> {
    return {
      name: r.name,
      active: r.active,
      priority: r.priority,
      productKind: r.productKind,
      supplier: r.supplier,
      destinationId: r.destinationId,
      destinationName: r.destinationId ? r.destinationName : null,
      travelFrom: r.travelFrom,
      travelTo: r.travelTo,
      bookingFrom: r.bookingFrom,
      bookingTo: r.bookingTo,
      kind: r.kind,
      value: r.value,
      // a percentage has no currency or basis
      currency: r.kind === 'fixed' ? r.currency : null,
      basis: r.kind === 'fixed' ? r.basis : 'booking',
      allowBelowCost: r.allowBelowCost,
    };
  }
}
