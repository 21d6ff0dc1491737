import { enabledModules, MESSAGES } from '@travesia/contracts';
import type { Logger } from 'pino';
import type { AgencyRow, UserRow } from '../../db/schema/index.js';
import { badRequest, tooManyRequests, unauthorized } from '../../http/errors.js';
import { newToken, sha256 } from '../../lib/crypto.js';
import type { KeyValueStore } from '../../lib/kv.js';
import type { Mailer } from '../../lib/mailer.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import type { AgencyRepository } from '../agency/repository.js';
import type { UserRepository } from '../user/repository.js';
import { invitationMail, recoveryMail } from './mails.js';
import type { SessionRepository } from './repository.js';

const HOUR = 3600_000;
export const SESSION_TTL_MS = 12 * HOUR;
export const REMEMBER_TTL_MS = 30 * 24 * HOUR;
export const RECOVERY_TTL_MS = HOUR;
export const INVITATION_TTL_MS = 72 * HOUR;

/** Failed sign-ins allowed in a window before 429: per account, and per IP address. */
export const LOGIN_LIMITS = { perAccount: 5, perIp: 30, windowSeconds: 15 * 60 };

export interface AuthServiceDeps {
  users: UserRepository;
  agencies: AgencyRepository;
  sessions: SessionRepository;
  store: KeyValueStore;
  mailer: Mailer;
  publicUrl: string;
  log: Logger;
}

export class AuthService {
  constructor(private readonly d: AuthServiceDeps) {}

  async login(input: { user: string; password: string; remember_me: boolean }, client: { ip: string; userAgent?: string }) {
    const accountKey = `login-fail:acct:${sha256(input.user)}`;
    const ipKey = `login-fail:ip:${client.ip}`;
    const [acct, ip] = await Promise.all([this.d.store.get(accountKey), this.d.store.get(ipKey)]);
    if (Number(acct) >= LOGIN_LIMITS.perAccount || Number(ip) >= LOGIN_LIMITS.perIp) {
      throw tooManyRequests(MESSAGES['login.rateLimited']);
    }

    const user = await this.d.users.findByEmail(input.user);
    const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
    const agency = user?.agencyId ? await this.d.agencies.findById(user.agencyId) : undefined;
    const allowed = ok && user && user.status === 'active' && (!agency || agency.active);
    if (!allowed || !user) {
      await Promise.all([this.d.store.incr(accountKey, LOGIN_LIMITS.windowSeconds), this.d.store.incr(ipKey, LOGIN_LIMITS.windowSeconds)]);
      throw unauthorized(MESSAGES['login.failed'], 'LOGIN_FAILED');
    }
    await this.d.store.del(accountKey);

    const token = newToken();
    const ttl = input.remember_me ? REMEMBER_TTL_MS : SESSION_TTL_MS;
    const session = await this.d.sessions.create({
      tokenHash: sha256(token),
      userId: user.id,
      remember: input.remember_me,
      ip: client.ip,
      userAgent: client.userAgent?.slice(0, 300),
      expiresAt: new Date(Date.now() + ttl),
    });
    this.d.log.info({ userId: user.id, sessionId: session.id }, 'signed in');
    return { token, expiresAt: session.expiresAt, user, agency: agency ?? null };
  }

  logout(sessionId: string) {
    return this.d.sessions.revoke(sessionId);
  }

  /** Same answer for known and unknown emails, so the form can't be used to list accounts. */
  async requestRecovery(email: string): Promise<void> {
    const user = await this.d.users.findByEmail(email);
    if (user?.status !== 'active' || !user) {
      this.d.log.info('password recovery asked for an unknown or inactive account');
      return;
    }
    const link = await this.issueToken(user, 'recovery', RECOVERY_TTL_MS);
    await this.d.mailer.send(recoveryMail(user.email, user.profile.name, link));
  }

  async sendInvitation(user: UserRow, agencyName: string | null): Promise<void> {
    const link = await this.issueToken(user, 'invitation', INVITATION_TTL_MS);
    await this.d.mailer.send(invitationMail(user.email, user.profile.name, link, agencyName));
  }

  async changePassword(token: string, clientHash: string): Promise<void> {
    const userId = await this.d.sessions.consumePasswordToken(sha256(token));
    if (!userId) throw badRequest(MESSAGES['password.tokenInvalid'], undefined, 'TOKEN_INVALID');
    await this.d.users.setPassword(userId, await hashPassword(clientHash));
    await this.d.sessions.revokeAllOf(userId);
    this.d.log.info({ userId }, 'password changed; sessions revoked');
  }

  private async issueToken(user: UserRow, purpose: 'recovery' | 'invitation', ttl: number): Promise<string> {
    const token = newToken();
    await this.d.sessions.createPasswordToken({
      tokenHash: sha256(token),
      userId: user.id,
      purpose,
      expiresAt: new Date(Date.now() + ttl),
    });
    return `${this.d.publicUrl}/remember-password?token=${encodeURIComponent(token)}`;
  }
}

export const modulesOf = (agency: AgencyRow | null) => enabledModules(agency ? agency.options : null);
