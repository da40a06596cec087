import pino from 'pino';
import type { Logger } from 'pino';

/** The slice of a pino logger the db and event adapters use; tests can pass a small stub. */
export type PortLogger = Pick<Logger, 'debug' | 'info' | 'warn' | 'error'>;

export const silentLogger: PortLogger = pino({ level: 'silent' });
