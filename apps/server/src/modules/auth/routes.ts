import {
  changePasswordBody,
  loginBody,
  loginResponse,
  MESSAGES,
  meResponse,
  rememberPasswordBody,
  successSchema,
} from '@travesia/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../http/auth.js';
import { compiledResponse } from '../../http/compiled-response.js';
import type { Services } from '../../services.js';
import { toAgencyDto } from '../agency/presenter.js';
import { toUserDto } from '../user/presenter.js';
import { DEVICE_COOKIE, DEVICE_TTL_SECONDS } from './login-throttle.js';

export const authRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { auth, agencySettings } = services;

  app.post(
    '/api/user/login',
    {
      config: { public: true },
      schema: { tags: ['auth'], body: loginBody, response: { 200: loginResponse } },
    },
    async (req, reply) => {
      const r = await auth.login(req.body, {
        ip: req.ip,
        userAgent: req.headers['user-agent'],
        deviceToken: req.cookies[DEVICE_COOKIE],
      });
      // Marks this browser as a trusted device of the account (throttling, docs/decisions/0130).
      reply.setCookie(DEVICE_COOKIE, r.deviceToken, {
        path: '/api/user/login',
        httpOnly: true,
        sameSite: 'strict',
        secure: req.protocol === 'https',
        maxAge: DEVICE_TTL_SECONDS,
      });
      return {
        success: true as const,
        token: r.token,
        expiresAt: r.expiresAt.toISOString(),
        user: toUserDto(r.user, r.agency?.name ?? null),
        agency: r.agency ? toAgencyDto(r.agency) : null,
        branding: await agencySettings.brandingOf(r.agency),
      };
    },
  );

  app.route({
    method: ['GET', 'POST'],
    url: '/api/user/logout',
    schema: { tags: ['auth'], response: { 200: successSchema } },
    handler: async (req) => {
      await auth.logout(authOf(req).sessionId);
      return { success: true as const };
    },
  });

  /** GET /api/user is "me" (spec §7). */
  app.get('/api/user', { schema: { tags: ['auth'], response: { 200: compiledResponse(meResponse) } } }, async (req) => {
    const { user, agency } = authOf(req);
    return {
      user: toUserDto(user, agency?.name ?? null),
      agency: agency ? toAgencyDto(agency) : null,
      branding: await agencySettings.brandingOf(agency),
    };
  });

  app.post(
    '/api/user/remember-password',
    {
      config: { public: true },
      schema: { tags: ['auth'], body: rememberPasswordBody, response: { 200: successSchema } },
      // Mail work starts once the answer is out: known and unknown e-mails answer alike.
      onResponse: async () => auth.kickOutbox(),
    },
    async (req) => {
      await auth.requestRecovery(req.body.email, req.ip);
      return { success: true as const, msg: MESSAGES['password.recoverySent'] };
    },
  );

  app.post(
    '/api/user/change-password',
    {
      config: { public: true },
      schema: { tags: ['auth'], body: changePasswordBody, response: { 200: successSchema } },
    },
    async (req) => {
      await auth.changePassword(req.body.token, req.body.password);
      return { success: true as const, msg: MESSAGES['password.changed'] };
    },
  );
};
