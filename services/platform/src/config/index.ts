export { ConfigError, loadConfig } from './load-config';
export type { LoadConfigOptions } from './load-config';
export {
  boolVar,
  commonEnvSchema,
  infraEnvSchema,
  logLevelVar,
  pemVar,
  portVar,
  serviceEnvSchema,
  trustProxyVar,
  urlVar,
  workerEnvSchema,
} from './fragments';
