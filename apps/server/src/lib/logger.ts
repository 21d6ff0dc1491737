import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';

export type LogFormat = 'auto' | 'pretty' | 'json';

/**
 * JSON logs, or one readable line per event when a person watches a terminal (`auto`: pretty when stdout
 * is a TTY outside production). Secrets are redacted wherever they might appear.
 */
export function createLogger(level: string, format: LogFormat = 'json'): Logger {
  const options = {
    level,
    redact: {
      paths: [
        'req.headers["x-access-token"]',
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-api-key"]',
        '*.password',
        '*.token',
        '*.secret',
        '*.credentials',
      ],
      censor: '[redacted]',
    },
  };
  if (!readableLogs(format, process.stdout.isTTY, process.env.NODE_ENV)) return pino(options);
  return pino(options, pretty({ colorize: process.stdout.isTTY, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', sync: true }));
}

/** `pretty` always, `json` never, `auto` when a person watches a terminal outside production. */
export function readableLogs(format: LogFormat, isTTY: boolean | undefined, nodeEnv: string | undefined): boolean {
  return format === 'pretty' || (format === 'auto' && !!isTTY && nodeEnv !== 'production');
}
