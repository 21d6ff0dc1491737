import fastifyMultipart from '@fastify/multipart';
import { PLACE_MESSAGES, uploadedFileSchema } from '@travesia/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../http/auth.js';
import { AppError, badRequest } from '../../http/errors.js';
import type { Services } from '../../services.js';
import { MAX_UPLOAD_BYTES } from './service.js';

const m = PLACE_MESSAGES;

export const fileRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { files } = services;
  // Registered here, not app-wide: only this plugin's routes parse multipart bodies.
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 11, fieldSize: 1024 },
  });

  /** Multipart field `file` (jpeg, png or webp, up to 5 MB). */
  app.post(
    '/api/file/upload',
    { schema: { tags: ['file'], consumes: ['multipart/form-data'], response: { 201: uploadedFileSchema } } },
    async (req, reply) => {
      const actor = authOf(req);
      if (!files.canUpload(actor)) throw new AppError(403, 'FORBIDDEN', 'No tienes permiso para subir imágenes');
      if (!req.isMultipart()) throw badRequest(m['file.notMultipart']);
      let data: Buffer;
      try {
        const part = await req.file();
        if (!part) throw badRequest(m['file.required'], { file: m['file.required'] });
        data = await part.toBuffer();
      } catch (err) {
        if (err instanceof AppError) throw err;
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'FILE_TOO_LARGE', m['file.tooLarge']);
        if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
          throw badRequest('Envía una sola imagen por solicitud');
        throw badRequest(m['file.notMultipart']);
      }
      const uploaded = await files.upload(actor, data);
      reply.status(201);
      return uploaded;
    },
  );

  app.get(
    '/api/file/serve/:file',
    {
      config: { public: true },
      schema: {
        tags: ['file'],
        params: z.object({
          file: z
            .string()
            .max(200, { error: m['file.badName'] })
            .refine((name) => !name.includes('\u0000'), { error: m['file.badName'] }),
        }),
      },
    },
    async (req, reply) => {
      const served = await files.serve(req.params.file, req.auth);
      // Content-hashed names never change: cache for a year. Not-yet-public files only in the browser.
      reply
        .header('content-type', 'image/webp')
        .header('content-length', served.size)
        .header('cache-control', `${served.public ? 'public' : 'private'}, max-age=31536000, immutable`)
        .header('etag', `"${req.params.file}"`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'");
      return reply.send(served.stream);
    },
  );
};
