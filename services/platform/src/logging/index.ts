export { createLogger, redactPaths } from './create-logger';
export type { CreateLoggerOptions, Logger, LogLevel } from './create-logger';
export { errorWithoutValues, reasonOf } from './error-without-values';
