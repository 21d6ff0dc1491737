import { OWN_PROFILE_MESSAGES, ownPasswordBody, ownProfileSchema, successSchema, updateOwnProfileBody } from '@travesia/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../http/auth.js';
import type { Services } from '../../services.js';

/** Every signed-in user, whatever their type, reaches their own profile (no permission beyond the session). */
export const profileRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { profile } = services;
  const tags = ['profile'];

  app.get('/api/profile', { schema: { tags, response: { 200: ownProfileSchema } } }, async (req) => profile.get(authOf(req)));

  app.put('/api/profile', { schema: { tags, body: updateOwnProfileBody, response: { 200: ownProfileSchema } } }, async (req) =>
    profile.update(authOf(req), req.body),
  );

  app.post('/api/profile/password', { schema: { tags, body: ownPasswordBody, response: { 200: successSchema } } }, async (req) => {
    await profile.changePassword(authOf(req), req.body);
    return { success: true as const, msg: OWN_PROFILE_MESSAGES.passwordChanged };
  });
};
