import type { z } from 'zod';
import type { RevokedSessions } from '../auth/revoked-sessions';
import type { App, CreateAppOptions } from '../http/create-app';
import type { Mailer, ServiceDeps } from '../ports';
import type { RateLimiter } from '../ports';
import type { ServiceEnv } from '../runtime/service-module';
import type { UnitOfWork } from './unit-of-work';
import type { BroadcastEntry, ConsumerEntry, JobEntry, PeriodicEntry, RouteEntry } from './entries';

/** What a service's own code receives: the ports, plus its unit of work for changes with events. */
export interface ServiceKit<C> extends ServiceDeps<C> {
  uow: UnitOfWork;
  /** The deps' shared counters, or this process's own when none were given (embedded, tests). */
  rateLimiter: RateLimiter;
}

/** Background work on a fixed period (sweeps, clean-ups); failures are logged, never thrown. */
export interface PeriodicTask<C> {
  name: string;
  everyMs: number;
  run(kit: ServiceKit<C>): Promise<unknown>;
}

/** What a worker process's core is built from: the service's kit, and a mailer (refusing unless configured). */
export type WorkerKit<C> = ServiceKit<C> & { mailer: Mailer };

/**
 * The worker process's part of the table of contents (run by `startWorker`: the service's worker
 * process, or the embedded host): a core of its own, and every queue it works, each
 * `onJob(queue, useCase)`.
 */
export interface WorkerDefinition<C, WorkerCore> {
  /** Built once per worker process: without the service's caches (no broadcast keeps them fresh here). */
  core(kit: WorkerKit<C>): WorkerCore | Promise<WorkerCore>;
  jobs: readonly JobEntry<NoInfer<WorkerCore>>[];
}

/**
 * What a service's `core` may take from the process beyond the ports: the app (a service
 * that serves more than HTTP on it, such as messaging's Socket.IO server) and the process's one
 * list of revoked sessions, which the app's token checks already use.
 */
export interface ServiceHost {
  app: App;
  /** Undefined when the service checks no tokens (`auth: 'none'`, or no public key). */
  revokedSessions: RevokedSessions | undefined;
}

/** What every service declares besides its entries. */
interface ServiceBase<C extends ServiceEnv> {
  name: string;
  configSchema: z.ZodType<C, Record<string, unknown>>;
  /** The PostgreSQL schema the service owns (tables, outbox, inbox). */
  dbSchema: string;
  /** Folder of `NNNN_name.sql` migrations, applied in order on start (after the outbox and inbox tables). */
  migrations?: URL;
  /**
   * `platform`: the app verifies access tokens itself (with the public key in `JWT_PUBLIC_KEY`)
   * and refuses sessions revoked on the bus. `none`: the service authenticates on its own (identity).
   */
  auth: 'platform' | 'none';
  /** Extra app options derived from config (e.g. whom to trust for x-forwarded-for). */
  appOptions?: (config: C) => Partial<Pick<CreateAppOptions, 'trustProxy' | 'bodyLimit'>>;
  /** Probes of the worker process check the queue too. */
  readinessUsesQueue?: boolean;
}

/**
 * The table of contents: the service's `core` (its repositories, settings and ports, built once)
 * and every entry point listed as entry → use case. The platform binds each one — access checks
 * and validation for routes, the durable, inbox, `withEvents` and back-off for consumers, the
 * timers for periodic tasks — and adds the upkeep every service needs (its event tables' prune).
 */
export interface ServiceDefinition<
  C extends ServiceEnv = ServiceEnv,
  Core = unknown,
  WorkerCore = unknown,
> extends ServiceBase<C> {
  /**
   * Built once when the service starts (after its plugins, before its entries are bound); every
   * use case receives it (or the `Pick` it needs). May be async (a socket server's adapter).
   */
  core(kit: ServiceKit<C>, host: ServiceHost): Core | Promise<Core>;
  /** Every route the service serves, each `handle(route, useCase)`; no other `/api` route may register. */
  routes: readonly RouteEntry<NoInfer<Core>>[];
  /** Every event the service consumes, each `onEvent(event, durable, useCase)`. */
  consumers?: readonly ConsumerEntry<NoInfer<Core>>[];
  /** Queues the service process itself works, each `onJob(queue, useCase)`. */
  jobs?: readonly JobEntry<NoInfer<Core>>[];
  /** Each `every(name, everyMs, useCase)`; the event tables' hourly prune is added by the platform. */
  periodic?: readonly PeriodicEntry<NoInfer<Core>>[];
  /** Process-local views fed by every event of a type, each `onBroadcast(event, useCase)`. */
  broadcasts?: readonly BroadcastEntry<NoInfer<Core>>[];
  /** Plugins the routes need besides the platform's (rare); runs before the routes are bound. */
  plugins?(app: App, kit: ServiceKit<C>): void | Promise<void>;
  /**
   * Once at start, after every entry is bound: what the service sets up outside its own tables
   * (a repeating job's schedule). Failing it fails the start.
   */
  onStart?(core: NoInfer<Core>, kit: ServiceKit<C>): void | Promise<void>;
  /** The service's worker process, when it has queues of its own to work. */
  worker?: WorkerDefinition<C, WorkerCore>;
}

/**
 * Declares a service: everything the launchers need to run it, in cluster mode (`main.ts`,
 * `worker.ts`) and embedded mode alike. The platform's `startService` does the rest — config,
 * migrations, the app, the outbox relay, the entries, periodic tasks and a graceful stop — so a
 * service's `index.ts` is this declaration and nothing else. Core comes from `core` alone (the
 * entries say NoInfer), so each use case may take a `Pick` of it.
 */
export function defineService<C extends ServiceEnv, Core, WorkerCore = unknown>(
  definition: ServiceDefinition<C, Core, WorkerCore>,
): ServiceDefinition<C, Core, WorkerCore> {
  return definition;
}
