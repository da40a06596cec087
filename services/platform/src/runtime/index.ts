export { ensureDatabase } from './ensure-database';
export { runServiceProcess, runWorkerProcess } from './run-service';
export type { RunningWorker, ServiceEnv, ServiceModule, WorkerModule } from './service-module';
