import { enabledModules, MESSAGES } from '@travesia/contracts';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.js';
import type { AgencyRow, UserRow } from '../../db/schema/index.js';
import { badRequest, tooManyRequests, unauthorized } from '../../http/errors.js';
import { newToken, sha256 } from '../../lib/crypto.js';
import type { KeyValueStore } from '../../lib/kv.js';
import type { Mailer } from '../../lib/mailer.js';
import { assertAcceptablePassword } from '../../lib/password-policy.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import type { AgencyRepository } from '../agency/repository.js';
import type { OutboxRepository } from '../outbox/repository.js';
import type { OutboxWorker } from '../outbox/worker.js';
import type { UserRepository } from '../user/repository.js';
import { LOGIN_LIMITS, type LoginLimits, LoginThrottle, TrustedDevices } from './login-throttle.js';
import { invitationMail, recoveryMail } from './mails.js';
import type { SessionRepository } from './repository.js';

const HOUR = 3600_000;
export const SESSION_TTL_MS = 12 * HOUR;
export const REMEMBER_TTL_MS = 30 * 24 * HOUR;
export const RECOVERY_TTL_MS = HOUR;
export const INVITATION_TTL_MS = 72 * HOUR;
export { LOGIN_LIMITS };

/**
 * Recovery requests per window (docs/decisions/0133-password-recovery.md): per e-mail address
 * (beyond it the answer is the same but no mail is sent) and per client address (beyond it a 429).
 */
export const RECOVERY_LIMITS = { perEmail: 3, perIp: 20, windowSeconds: 3600 };

/** Outbox job kinds this module runs. */
export const OUTBOX_RECOVERY = 'password-recovery';
export const OUTBOX_INVITATION = 'invitation';

export interface AuthServiceDeps {
  users: UserRepository;
  agencies: AgencyRepository;
  sessions: SessionRepository;
  store: KeyValueStore;
  mailer: Mailer;
  outbox: OutboxRepository;
  outboxWorker: OutboxWorker;
  publicUrl: string;
  log: Logger;
  loginLimits?: LoginLimits;
  recoveryLimits?: typeof RECOVERY_LIMITS;
}

export class AuthService {
  private readonly throttle: LoginThrottle;
  private readonly devices: TrustedDevices;
  private readonly recoveryLimits: typeof RECOVERY_LIMITS;

  constructor(private readonly d: AuthServiceDeps) {
    this.throttle = new LoginThrottle(d.store, d.loginLimits ?? LOGIN_LIMITS);
    this.devices = new TrustedDevices(d.store);
    this.recoveryLimits = d.recoveryLimits ?? RECOVERY_LIMITS;
    d.outboxWorker.on(OUTBOX_RECOVERY, (p) => this.sendRecovery(String(p.email)));
    d.outboxWorker.on(OUTBOX_INVITATION, (p) => this.sendInvitation(String(p.userId)));
  }

  async login(
    input: { user: string; password: string; remember_me: boolean },
    client: { ip: string; userAgent?: string; deviceToken?: string },
  ) {
    const trustedDevice = await this.devices.check(input.user, client.deviceToken);
    const attempt = await this.throttle.begin(input.user, { ip: client.ip, trustedDevice });
    if (!attempt) throw tooManyRequests(MESSAGES['login.rateLimited']);

    const user = await this.d.users.findByEmail(input.user);
    const check = await verifyPassword(user?.passwordHash ?? null, input.password);
    const agency = user?.agencyId ? await this.d.agencies.findById(user.agencyId) : undefined;
    const allowed = check.ok && user && user.status === 'active' && (!agency || agency.active);
    if (!allowed || !user) throw unauthorized(MESSAGES['login.failed'], 'LOGIN_FAILED');
    await attempt.succeeded();
    if (check.needsRehash) {
      await this.d.users.setPassword(user.id, await hashPassword(input.password));
      this.d.log.info({ userId: user.id }, 'legacy password hash upgraded');
    }

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
    // A fresh trusted-device token at every sign-in (the old one simply expires).
    const deviceToken = newToken();
    await this.devices.remember(input.user, deviceToken);
    this.d.log.info({ userId: user.id, sessionId: session.id }, 'signed in');
    return { token, expiresAt: session.expiresAt, user, agency: agency ?? null, deviceToken };
  }

  logout(sessionId: string) {
    return this.d.sessions.revoke(sessionId);
  }

  /**
   * Same answer, same work and no mail wait for known and unknown e-mails: the request only counts
   * and queues; the outbox worker looks the account up and mails after the answer.
   */
  async requestRecovery(email: string, ip: string): Promise<void> {
    const { perEmail, perIp, windowSeconds } = this.recoveryLimits;
    if (!(await this.d.store.reserve(`recovery:ip:${ip}`, perIp, windowSeconds))) {
      throw tooManyRequests(MESSAGES['password.recoveryRateLimited']);
    }
    if (!(await this.d.store.reserve(`recovery:email:${sha256(email.toLowerCase())}`, perEmail, windowSeconds))) {
      this.d.log.info('password recovery throttled for one address; answered as usual without a mail');
      return;
    }
    await this.d.outbox.enqueue(OUTBOX_RECOVERY, { email: email.toLowerCase() });
    // The caller kicks the outbox once the answer is sent (kickOutbox), so the lookup and the mail
    // never overlap the answer.
  }

  /** Queues the invitation of a user being created, in the caller's transaction (mailed after commit). */
  async queueInvitation(userId: string, tx: Db): Promise<void> {
    await this.d.outbox.enqueue(OUTBOX_INVITATION, { userId }, tx);
  }

  /** Runs queued jobs now (after the caller's commit). */
  kickOutbox() {
    this.d.outboxWorker.kick();
  }

  async changePassword(token: string, password: string): Promise<void> {
    const tokenHash = sha256(token);
    const owner = await this.d.sessions.findPasswordTokenUser(tokenHash);
    const found = owner ? await this.d.users.findById(owner) : undefined;
    if (!found) throw badRequest(MESSAGES['password.tokenInvalid'], undefined, 'TOKEN_INVALID');
    const { user } = found;
    assertAcceptablePassword(password, [user.email, user.profile.name, user.profile.lastName, 'travesia']);
    const passwordHash = await hashPassword(password);
    const userId = await this.d.sessions.consumePasswordToken(tokenHash);
    if (!userId) throw badRequest(MESSAGES['password.tokenInvalid'], undefined, 'TOKEN_INVALID');
    await this.d.users.setPassword(userId, passwordHash);
    await this.d.sessions.voidPasswordTokensOf(userId);
    await this.d.sessions.revokeAllOf(userId);
    this.d.log.info({ userId }, 'password changed; sessions revoked');
  }

  /** Outbox job: mails a recovery link to an active account; nothing for unknown or inactive ones. */
  private async sendRecovery(email: string): Promise<void> {
    const user = await this.d.users.findByEmail(email);
    if (user?.status !== 'active' || !user) {
      this.d.log.info('password recovery asked for an unknown or inactive account');
      return;
    }
    const link = await this.issueToken(user, 'recovery', RECOVERY_TTL_MS);
    await this.d.mailer.send(recoveryMail(user.email, user.profile.name, link));
  }

  /** Outbox job: mails the invitation link of a created user (the token is minted now, so it lives from the mail). */
  private async sendInvitation(userId: string): Promise<void> {
    const found = await this.d.users.findById(userId);
    if (!found) return;
    const link = await this.issueToken(found.user, 'invitation', INVITATION_TTL_MS);
    await this.d.mailer.send(invitationMail(found.user.email, found.user.profile.name, link, found.agencyName));
  }

  private async issueToken(user: UserRow, purpose: 'recovery' | 'invitation', ttl: number): Promise<string> {
    const token = newToken();
    await this.d.sessions.replacePasswordToken({
      tokenHash: sha256(token),
      userId: user.id,
      purpose,
      expiresAt: new Date(Date.now() + ttl),
    });
    return `${this.d.publicUrl}/remember-password?token=${encodeURIComponent(token)}`;
  }
}

export const modulesOf = (agency: AgencyRow | null) => enabledModules(agency ? agency.options : null);
