import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { API_KEY_SCOPES, can, type Permission } from '@travesia/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI extension carrying a route's required permission (absent: any signed-in user). */
export const PERMISSION_EXTENSION = 'x-permission';

type Operation = { security?: unknown[]; [PERMISSION_EXTENSION]?: Permission };
type OpenApiDoc = { paths?: Record<string, Record<string, Operation>> };

/**
 * Whether the caller may see an operation in the document: public operations (`security: []`) to
 * everyone, the others to signed-in users whose type holds the operation's permission.
 */
function visible(op: Operation, request: FastifyRequest): boolean {
  if (Array.isArray(op.security) && op.security.length === 0) return true;
  const auth = request.auth;
  if (!auth) return false;
  const permission = op[PERMISSION_EXTENSION];
  if (auth.apiKey) return !!permission && auth.apiKey.scopes.includes(permission) && can(auth.user.type, permission);
  return !permission || can(auth.user.type, permission);
}

/** The document as one caller may see it (decision 0111): anonymous callers get the public operations only. */
export function documentFor<T extends OpenApiDoc>(doc: T, request: FastifyRequest): T {
  const paths: NonNullable<OpenApiDoc['paths']> = {};
  for (const [url, item] of Object.entries(doc.paths ?? {})) {
    const kept = Object.fromEntries(Object.entries(item).filter(([, op]) => typeof op !== 'object' || visible(op, request)));
    if (Object.values(kept).some((op) => typeof op === 'object')) paths[url] = kept;
  }
  return { ...doc, paths };
}

/**
 * OpenAPI 3.1 from the routes' zod schemas (`app.swagger()`), each operation marked with what it needs:
 * public ones `security: []`, the others the token scheme plus `x-permission` when they require one.
 * The Swagger UI and its JSON/YAML live at /api/docs, public, filtered per caller by `documentFor`.
 */
export async function registerApiDocs(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Travesía API',
        version: '1.0.0',
        description:
          'API B2B de reservas de viajes para agencias. Los sistemas de la agencia se autentican con una llave de API ' +
          '(Configuración → Integraciones): `Authorization: Bearer tvk_…` o `X-Api-Key: tvk_…`. Una llave puede llamar ' +
          'solo las operaciones cuyo permiso (`x-permission`) está entre sus permisos; una llave revocada o mal formada ' +
          'responde 401 y una operación fuera de sus permisos 403. Guía y ejemplos: docs/INTEGRATIONS.md.',
      },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'x-access-token' },
          apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'tvk_…' },
        },
      },
      security: [{ token: [] }],
    },
    transform: (args) => {
      const result = jsonSchemaTransform(args);
      const config = args.route.config as { public?: boolean; permission?: Permission } | undefined;
      const keySecurity: Array<Record<string, string[]>> = [{ token: [] }, { apiKey: [] }, { bearer: [] }];
      const keyAllowed = config?.permission && (API_KEY_SCOPES as readonly string[]).includes(config.permission);
      const marks = config?.public
        ? { security: [] }
        : config?.permission
          ? { [PERMISSION_EXTENSION]: config.permission, ...(keyAllowed ? { security: keySecurity } : {}) }
          : {};
      return { ...result, schema: { ...result.schema, ...marks } };
    },
  });
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, public: true };
    });
    await docs.register(fastifySwaggerUi, {
      routePrefix: '/api/docs',
      uiConfig: { docExpansion: 'list' },
      transformSpecification: (doc, request) => documentFor(doc as OpenApiDoc, request),
      transformSpecificationClone: true,
    });
  });
}
