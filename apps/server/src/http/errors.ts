import { MESSAGES, type MessageKey } from '@travesia/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
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
};

/** PostgreSQL error codes that are the client's fault, not ours. */
const PG_CLIENT_ERRORS: Record<string, [number, MessageKey]> = {
  '23505': [409, 'http.conflict'],
  '22P02': [400, 'http.badRequest'],
  '22003': [400, 'http.badRequest'],
  '22001': [400, 'http.badRequest'],
  '22021': [400, 'http.badRequest'],
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
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (error instanceof SyntaxError && error.statusCode === 400)) {
      return reply.status(400).send(body('INVALID_JSON', msg('http.invalidJson')));
    }
    const pg =
      PG_CLIENT_ERRORS[(error as { code?: string }).code ?? ''] ?? PG_CLIENT_ERRORS[(error.cause as { code?: string })?.code ?? ''];
    if (pg) {
      request.log.warn({ err: error }, 'database rejected the input');
      return reply.status(pg[0]).send(body(pg[0] === 409 ? 'CONFLICT' : 'BAD_REQUEST', msg(pg[1])));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(body(error.code ?? 'BAD_REQUEST', msg(STATUS_MESSAGES[status] ?? 'http.badRequest')));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body('INTERNAL', msg('http.internal')));
  });
}

function body(code: string, message: string, fields?: Record<string, string>) {
  return { success: false as const, error: true as const, code, msg: message, ...(fields ? { fields } : {}) };
}
