import { OWN_PROFILE_MESSAGES, type OwnPasswordBody, type OwnProfile, type UpdateOwnProfileBody } from '@travesia/contracts';
import type { AuthContext } from '../../http/auth.js';
import { badRequest } from '../../http/errors.js';
import { assertAcceptablePassword } from '../../lib/password-policy.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import type { SessionRepository } from '../auth/repository.js';
import type { UserRepository } from '../user/repository.js';
import type { NotificationPrefsRepository } from './repository.js';

const m = OWN_PROFILE_MESSAGES;

/**
 * The signed-in user's own page (issue 16 item 6): name and document, which e-mails they want, and a
 * password change that proves the current password and follows decision 0132's policy. E-mail, type,
 * agency and permissions stay with whoever manages users.
 */
export class ProfileService {
  constructor(private readonly d: { users: UserRepository; sessions: SessionRepository; prefs: NotificationPrefsRepository }) {}

  async get(actor: AuthContext): Promise<OwnProfile> {
    const { user } = actor;
    return { email: user.email, profile: user.profile, notifications: await this.d.prefs.of(user.id) };
  }

  async update(actor: AuthContext, input: UpdateOwnProfileBody): Promise<OwnProfile> {
    const { user } = actor;
    const profile = { ...input.profile, phone: input.profile.phone || undefined };
    const row = await this.d.users.update(user.id, { profile });
    const current = await this.d.prefs.of(user.id);
    const notifications = await this.d.prefs.save(user.id, { ...current, ...input.notifications });
    return { email: user.email, profile: row?.profile ?? profile, notifications };
  }

  /** The other sessions end; this one stays signed in. */
  async changePassword(actor: AuthContext, input: OwnPasswordBody): Promise<void> {
    const { user } = actor;
    const check = await verifyPassword(user.passwordHash, input.currentPassword);
    if (!check.ok) {
      throw badRequest(m['currentPassword.wrong'], { currentPassword: m['currentPassword.wrong'] }, 'CURRENT_PASSWORD_WRONG');
    }
    if (input.password === input.currentPassword) throw badRequest(m['password.same'], { password: m['password.same'] });
    assertAcceptablePassword(input.password, [user.email, user.profile.name, user.profile.lastName, 'travesia']);
    await this.d.users.setPassword(user.id, await hashPassword(input.password));
    await this.d.sessions.revokeOthersOf(user.id, actor.sessionId);
  }
}
