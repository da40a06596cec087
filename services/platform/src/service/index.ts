export { defineService } from './define-service';
export type {
  PeriodicTask,
  ServiceDefinition,
  ServiceHost,
  ServiceKit,
  WorkerDefinition,
  WorkerKit,
} from './define-service';
export {
  every,
  handle,
  handlePublic,
  handleRaw,
  onBroadcast,
  onEvent,
  onJob,
  requestMetaOf,
} from './entries';
export type {
  BroadcastEntry,
  ConsumedEvent,
  ConsumerEntry,
  HandleOptions,
  JobEntry,
  OnEventOptions,
  SettleFirst,
  PeriodicEntry,
  RequestMeta,
  RouteEntry,
  RouteInput,
  RouteOutput,
} from './entries';
export { isOutcome, Outcome, OUTCOME_STATUS, outcomes, withinRate } from './outcomes';
export type { OutcomeKind } from './outcomes';
export { serviceKit, serviceMigrations, startService, startWorker } from './start-service';
export { registerRoute, resolveSessionsWith } from './register-route';
export type { RegisterRouteOptions, RouteRequest, RouteReturn, SessionResolver } from './register-route';
export { enforceDeclaredRoutes, UndeclaredRouteError } from './declared-routes';
export { createUnitOfWork } from './unit-of-work';
export { EVENT_TABLE_RETENTION_MS, eventTablesPrune } from './event-tables-prune';
export type { AfterCommit, Emit, UnitOfWork, WithEventsOptions } from './unit-of-work';
