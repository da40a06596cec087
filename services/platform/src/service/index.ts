export { defineJob, defineService, defineWorker } from './define-service';
export type { PeriodicTask, QueueWorker, ServiceDefinition, ServiceJob, ServiceKit } from './define-service';
export { serviceMigrations, startService, startWorker } from './start-service';
export { registerRoute, resolveSessionsWith } from './register-route';
export type { RegisterRouteOptions, RouteRequest, RouteReturn, SessionResolver } from './register-route';
export { enforceDeclaredRoutes, UndeclaredRouteError } from './declared-routes';
export { createUnitOfWork } from './unit-of-work';
export { EVENT_TABLE_RETENTION_MS, eventTablesPrune } from './event-tables-prune';
export type { AfterCommit, Emit, UnitOfWork, WithEventsOptions } from './unit-of-work';
