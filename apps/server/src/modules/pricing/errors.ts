import { AppError } from '../../http/errors.js';

/** A 404 with a message from the pricing modules' own catalogue (the shared helper only takes shared keys). */
export const notFoundWith = (message: string) => new AppError(404, 'NOT_FOUND', message);
