import pino, { type Logger } from 'pino';

/** JSON logs; secrets are redacted wherever they might appear. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: [
        'req.headers["x-access-token"]',
        'req.headers.cookie',
        'req.headers.authorization',
        '*.password',
        '*.token',
        '*.secret',
        '*.credentials',
      ],
      censor: '[redacted]',
    },
  });
}
