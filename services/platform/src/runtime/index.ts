export { ensureDatabase } from './ensure-database';
export { runServiceProcess, runWorkerProcess } from './run-service';
export type { RunningWorker, ServiceEnv } from './service-module';
