export { createLogger, redactPaths } from './create-logger';
export type { CreateLoggerOptions, Logger, LogLevel } from './create-logger';
