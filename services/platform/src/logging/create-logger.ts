import { pino } from 'pino';
import type { DestinationStream, Level, Logger as PinoLogger } from 'pino';
import { errorWithoutValues } from './error-without-values';

export type Logger = PinoLogger;
export type LogLevel = Level | 'silent';

export interface CreateLoggerOptions {
  /** Service or component name, e.g. `feed` or `feed.worker`; every line carries it. */
  name: string;
  level?: LogLevel;
  /** Defaults to stdout; tests pass a stream to capture lines. */
  destination?: DestinationStream;
  /**
   * Prepended to every `msg` inside the JSON line. Lines stay plain JSON (no pino-pretty)
   * because cluster mode prefixes whole lines itself and log shippers parse JSON.
   */
  prefix?: string;
}

const SECRET_FIELDS = ['password', 'confirmPassword', 'token', 'imageData'];

/**
 * Secrets at depth ≤ 2 (`password`, `body.password`, `req.body.password`): deeper wildcards
 * make pino's redaction noticeably slower on every line, and our log objects are shallow.
 */
export const redactPaths: readonly string[] = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
];

export function createLogger(options: CreateLoggerOptions): Logger {
  const pinoOptions = {
    name: options.name,
    level: options.level ?? 'info',
    redact: { paths: [...redactPaths], censor: '[Redacted]' },
    // Errors under `err` lose the query values a database error carries (error-without-values.ts).
    serializers: { err: (error: unknown) => pino.stdSerializers.err(errorWithoutValues(error) as Error) },
    ...(options.prefix ? { msgPrefix: options.prefix } : {}),
  };
  return options.destination ? pino(pinoOptions, options.destination) : pino(pinoOptions);
}
