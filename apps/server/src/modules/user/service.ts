import {
  AGENCY_USER_TYPES,
  type CreateUserBody,
  MESSAGES,
  manageableUserTypes,
  type UpdateUserBody,
  type UserType,
} from '@travesia/contracts';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { inTransaction } from '../../db/transaction.js';
import type { AuthContext } from '../../http/auth.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import type { AgencyRepository } from '../agency/repository.js';
import type { AuthService } from '../auth/service.js';
import type { ProviderAccountService } from '../provider-account/service.js';
import type { NewUser, UserRepository } from './repository.js';

type CreateInput = Omit<CreateUserBody, 'email' | 'type' | 'profile'> & Required<Pick<CreateUserBody, 'email' | 'type' | 'profile'>>;

/**
 * Users: super manages everyone; an agency admin manages its own agency's staff (agency, adviser,
 * reseller); everyone may read themselves. Another agency's user answers 404, never 403, so ids
 * can't be probed.
 */
export class UserService {
  constructor(
    private readonly db: Db,
    private readonly repo: UserRepository,
    private readonly agencies: AgencyRepository,
    private readonly auth: AuthService,
    private readonly providers: Pick<ProviderAccountService, 'assertAssignable'>,
  ) {}

  async get(actor: AuthContext, id: string) {
    const found = await this.repo.findById(id);
    if (!found || !this.canSee(actor, found.user)) throw notFound(MESSAGES['user.notFound']);
    return found;
  }

  list(actor: AuthContext, filter: { q?: string; agencyId?: string }, page: number, limit: number) {
    const agencyId = actor.user.type === 'super' ? filter.agencyId : (actor.user.agencyId ?? undefined);
    return this.repo.list({ q: filter.q, agencyId }, page, limit);
  }

  async create(actor: AuthContext, input: CreateInput) {
    this.assertTypeAllowed(actor, input.type);
    const agencyId = await this.resolveAgency(actor, input.type, input.agencyId ?? null);
    if (await this.repo.findByEmail(input.email)) throw conflict(MESSAGES['user.emailTaken'], 'EMAIL_TAKEN');
    await this.providers.assertAssignable(agencyId, input.availableProviders ?? []);
    const values: NewUser = {
      email: input.email,
      type: input.type,
      status: input.status ?? 'active',
      agencyId,
      profile: input.profile,
      canSeeAllVouchers: input.canSeeAllVouchers ?? false,
      availableProviders: input.availableProviders ?? [],
      commissionType: input.commission?.type ?? 'percentage',
      commissionValue: input.commission?.value ?? '0',
      createdBy: actor.user.id,
    };
    // The user and its invitation job commit together; the mail leaves after the commit (outbox), so a
    // mail outage can neither fail the request nor leave a user without an invitation on its way.
    const user = await inTransaction(this.db, async (tx) => {
      const row = await this.repo.insert(values, tx);
      await this.auth.queueInvitation(row.id, tx);
      return row;
    }).catch((err: unknown) => {
      if (isUniqueViolation(err)) throw conflict(MESSAGES['user.emailTaken'], 'EMAIL_TAKEN');
      throw err;
    });
    this.auth.kickOutbox();
    const agencyName = agencyId ? ((await this.agencies.findById(agencyId))?.name ?? null) : null;
    return { user, agencyName };
  }

  async update(actor: AuthContext, id: string, input: UpdateUserBody) {
    const { user: current } = await this.get(actor, id);
    const isSelf = current.id === actor.user.id;
    if (!isSelf || actor.user.type !== 'super') this.assertTypeAllowed(actor, current.type);
    if (input.type && input.type !== current.type) {
      if (isSelf) throw forbidden(MESSAGES['user.cannotChangeOwnType']);
      this.assertTypeAllowed(actor, input.type);
    }
    if (isSelf && input.status === 'inactive') throw badRequest(MESSAGES['user.cannotDeactivateSelf']);
    if (input.email && input.email !== current.email) {
      const other = await this.repo.findByEmail(input.email);
      if (other && other.id !== id) throw conflict(MESSAGES['user.emailTaken'], 'EMAIL_TAKEN');
    }
    const type = input.type ?? current.type;
    const agencyId =
      input.agencyId !== undefined || input.type !== undefined
        ? await this.resolveAgency(actor, type, input.agencyId !== undefined ? input.agencyId : current.agencyId)
        : current.agencyId;
    // The effective list must fit the effective agency: moving a user to another agency needs a new list.
    if (input.availableProviders !== undefined || agencyId !== current.agencyId) {
      await this.providers.assertAssignable(agencyId, input.availableProviders ?? current.availableProviders);
    }
    const row = await this.repo.update(id, {
      email: input.email,
      type: input.type,
      status: input.status,
      agencyId,
      profile: input.profile,
      canSeeAllVouchers: input.canSeeAllVouchers,
      availableProviders: input.availableProviders,
      commissionType: input.commission?.type,
      commissionValue: input.commission?.value,
    });
    if (!row) throw notFound(MESSAGES['user.notFound']);
    return this.get(actor, id);
  }

  private canSee(actor: AuthContext, user: UserRow) {
    if (actor.user.type === 'super' || user.id === actor.user.id) return true;
    return actor.user.type === 'agency' && user.agencyId === actor.user.agencyId;
  }

  private assertTypeAllowed(actor: AuthContext, type: UserType) {
    if (!manageableUserTypes(actor.user.type).includes(type)) throw forbidden(MESSAGES['user.typeNotAllowed']);
  }

  /** Agency staff always belong to an agency: the actor's own unless super picks one; platform staff to none. */
  private async resolveAgency(actor: AuthContext, type: UserType, requested: string | null): Promise<string | null> {
    if (!AGENCY_USER_TYPES.includes(type)) return null;
    if (actor.user.type !== 'super') return actor.user.agencyId;
    if (!requested) throw badRequest(MESSAGES['user.agencyRequired'], { agencyId: MESSAGES['user.agencyRequired'] });
    if (!(await this.agencies.findById(requested)))
      throw badRequest(MESSAGES['agency.notFound'], { agencyId: MESSAGES['agency.notFound'] });
    return requested;
  }
}

/** Two requests creating the same e-mail at once: the unique index decides, the loser gets the 409. */
const isUniqueViolation = (err: unknown) =>
  (err as { code?: string })?.code === '23505' || (err as { cause?: { code?: string } })?.cause?.code === '23505';
