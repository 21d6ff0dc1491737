import { AppError } from '../../http/errors.js';

/** The vouchers module's errors, with messages from VOUCHER_MESSAGES (the shared helpers take only the shared catalogue's). */
export const vNotFound = (message: string) => new AppError(404, 'NOT_FOUND', message);
export const vConflict = (message: string, code = 'CONFLICT') => new AppError(409, code, message);
export const vBadRequest = (message: string, code = 'BAD_REQUEST') => new AppError(400, code, message);
export const vGone = (message: string, code = 'GONE') => new AppError(410, code, message);
export const vUnavailable = (message: string, code = 'UNAVAILABLE') => new AppError(503, code, message);
