import { MESSAGES, type MessageKey } from '@travesia/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** The one error type: a code, an HTTP status and a Spanish message a person can read. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

const msg = (key: MessageKey) => MESSAGES[key];

export const badRequest = (message: string, fields?: Record<string, string>, code = 'BAD_REQUEST') =>
  new AppError(400, code, message, fields);
export const unauthorized = (message: string = msg('http.unauthorized'), code = 'UNAUTHORIZED') => new AppError(401, code, message);
export const forbidden = (message: string = msg('http.forbidden')) => new AppError(403, 'FORBIDDEN', message);
export const notFound = (message: string = msg('http.notFound')) => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string = msg('http.conflict'), code = 'CONFLICT') => new AppError(409, code, message);
export const tooManyRequests = (message: string = msg('http.tooManyRequests')) => new AppError(429, 'TOO_MANY_REQUESTS', message);
export const unavailable = (message: string = msg('http.unavailable'), code = 'UNAVAILABLE') => new AppError(503, code, message);

const STATUS_MESSAGES: Record<number, MessageKey> = {
  400: 'http.badRequest',
  401: 'http.unauthorized',
  403: 'http.forbidden',
  404: 'http.notFound',
  413: 'http.payloadTooLarge',
  415: 'http.unsupportedMediaType',
  429: 'http.tooManyRequests',
  405: 'http.methodNotAllowed',
  406: 'http.notAcceptable',
  414: 'http.uriTooLong',
};

/** The app's code for a status when the error is the framework's (never its raw FST_ERR_* code). */
const STATUS_CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
};

/** Fastify's own errors with a more telling answer than their status alone. */
const FRAMEWORK_ERRORS: Record<string, [number, string, MessageKey]> = {
  FST_ERR_BAD_URL: [400, 'BAD_URL', 'http.badUrl'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'URI_TOO_LONG', 'http.uriTooLong'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'EMPTY_BODY', 'http.emptyBody'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'INVALID_JSON', 'http.invalidJson'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'PAYLOAD_TOO_LARGE', 'http.payloadTooLarge'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE', 'http.unsupportedMediaType'],
};

/** PostgreSQL error codes that are the client's fault, not ours. */
const PG_CLIENT_ERRORS: Record<string, [number, MessageKey]> = {
  '23505': [409, 'http.conflict'],
  '22P02': [400, 'http.badRequest'],
  '22003': [400, 'http.badRequest'],
  '22001': [400, 'http.badRequest'],
  '22021': [400, 'http.badRequest'],
  '22P05': [400, 'http.badRequest'],
  '22007': [400, 'http.badRequest'],
  '22008': [400, 'http.badRequest'],
};

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError & { cause?: unknown }, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(body(error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        fields[key] ??= issue.message ?? msg('http.badRequest');
      }
      const first = Object.values(fields)[0] ?? msg('http.badRequest');
      return reply.status(400).send(body('VALIDATION', first, fields));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return reply.status(500).send(body('INTERNAL', msg('http.internal')));
    }
    if (error instanceof SyntaxError && error.statusCode === 400) {
      return reply.status(400).send(body('INVALID_JSON', msg('http.invalidJson')));
    }
    const framework = FRAMEWORK_ERRORS[error.code ?? ''];
    if (framework) return reply.status(framework[0]).send(body(framework[1], msg(framework[2])));
    const pg =
      PG_CLIENT_ERRORS[(error as { code?: string }).code ?? ''] ?? PG_CLIENT_ERRORS[(error.cause as { code?: string })?.code ?? ''];
    if (pg) {
      request.log.warn({ err: error }, 'database rejected the input');
      return reply.status(pg[0]).send(body(pg[0] === 409 ? 'CONFLICT' : 'BAD_REQUEST', msg(pg[1])));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'framework refused the request');
      return reply.status(status).send(body(STATUS_CODES[status] ?? 'BAD_REQUEST', msg(STATUS_MESSAGES[status] ?? 'http.badRequest')));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body('INTERNAL', msg('http.internal')));
  });
}

/**
 * Fastify's `frameworkErrors` option: errors raised before any route runs (a malformed percent escape,
 * a parameter longer than maxParamLength) answer in the app's shape and Spanish, not Fastify's English.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const [status, code, key] = FRAMEWORK_ERRORS[error.code] ?? [400, 'BAD_REQUEST', 'http.badRequest'];
  request.log.info({ err: error }, 'framework refused the request');
  reply.status(status).send(body(code, msg(key)));
}

function body(code: string, message: string, fields?: Record<string, string>) {
  return { success: false as const, error: true as const, code, msg: message, ...(fields ? { fields } : {}) };
}
