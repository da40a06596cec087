import type { RunningService, ServiceDeps } from '@saathi/platform';
import { buildApp } from './app';
import type { Config } from './config';

export { configSchema } from './config';
export type { Config } from './config';

export async function startService(deps: ServiceDeps<Config>): Promise<RunningService> {
  const app = await buildApp(deps);
  return { app, stop: () => Promise.resolve() };
}
