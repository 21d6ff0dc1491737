import { AppError } from '../../http/errors.js';

/*
 * http/errors.ts types the message of notFound/forbidden/conflict/unavailable as one of the catalogue's
 * MESSAGES (its default value narrows the parameter); this module's texts live in PROVIDER_MESSAGES,
 * so it builds the same AppError directly.
 */
export const notFoundError = (message: string) => new AppError(404, 'NOT_FOUND', message);
export const forbiddenError = (message: string) => new AppError(403, 'FORBIDDEN', message);
export const conflictError = (message: string, code = 'CONFLICT') => new AppError(409, code, message);
export const unavailableError = (message: string, code = 'UNAVAILABLE') => new AppError(503, code, message);
