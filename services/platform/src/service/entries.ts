import { routeKey, successSchemaOf } from '@saathi/contracts';
import type {
  AnyRoute,
  EventDefinition,
  EventEnvelope,
  QueueName,
  RouteBody,
  RouteParams,
  RouteQuery,
  RouteResult,
} from '@saathi/contracts';
import type {
  FastifyBaseLogger,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import type { z } from 'zod';
import type { AuthUser } from '../auth/tokens';
import type { App } from '../http/create-app';
import type { BroadcastOptions, Db, JobContext } from '../ports';
import { registerRoute } from './register-route';
import type { RouteRequest, RouteReturn } from './register-route';
import type { AfterCommit, Emit } from './unit-of-work';

/**
 * The entries of a service's table of contents (`defineService({ core, routes, consumers, … })`):
 * each binds one entry point — a route, an event, a job, a period, a broadcast — to one use case
 * `(core, input)`. The platform does the binding (access, validation, inbox, durable names,
 * `withEvents`, back-off), so a use case holds only the service's policy and can be called from
 * any entry, or from a test with a fake core.
 */

/** Where a request came from, for logs, events (the trace) and per-address limits. */
export interface RequestMeta {
  /** The request id; pass it to `withEvents` so the events join the request's trace. */
  traceId: string;
  ip: string;
  /** The request's logger: a line logged here carries the request's id and route. */
  log: FastifyBaseLogger;
}

/**
 * What a route's use case receives, typed from the route descriptor: `params`, `query` and
 * `body` as its zod schemas parsed them, and who calls (`user` routes and `admin` routes have one).
 */
export interface RouteInput<R extends AnyRoute, U extends AuthUser | null = AuthUser> {
  user: U;
  params: RouteParams<R>;
  query: RouteQuery<R>;
  body: RouteBody<R>;
  meta: RequestMeta;
}

/** What a route's use case returns: the body of the route's first 2xx answer. */
export type RouteOutput<R extends AnyRoute> = RouteResult<R>;

export interface HandleOptions {
  /** The answer's status; default the route's first declared 2xx (else 200). */
  status?: 200 | 201 | 202 | 204;
  /**
   * Also accept identity's short-lived export token as the person (`acceptExportTokens`): only
   * for a service's `GET /api/export/<service>` part of "Download my data".
   */
  exportToken?: boolean;
  /** Runs before the body is read, after the route's access check. */
  onRequest?: onRequestHookHandler;
  preHandler?: preHandlerHookHandler;
}

/** One route bound to its use case; `startService` registers it on the service's app. */
export interface RouteEntry<Core> {
  readonly kind: 'route';
  readonly route: AnyRoute;
  readonly options: HandleOptions;
  bind(app: App, core: Core): void;
}

/** A request's facts for its use case (a raw handler calling a use case builds them with this). */
export function requestMetaOf(request: FastifyRequest): RequestMeta {
  return { traceId: request.traceId, ip: request.ip, log: request.log };
}

function bindUseCase<R extends AnyRoute, Core>(
  route: R,
  options: HandleOptions,
  run: (core: Core, request: RouteRequest<R>) => Promise<unknown>,
): RouteEntry<Core> {
  const status = options.status ?? successSchemaOf(route)?.status ?? 200;
  return {
    kind: 'route',
    route,
    options,
    bind(app, core) {
      registerRouteFor(app, route, options, async (request, reply) => {
        const body = await run(core, request);
        void reply.code(status);
        // A route that answers nothing (204, or no declared body) still ends its reply.
        return (body === undefined ? reply.send() : body) as RouteReturn<R>;
      });
    },
  };
}

function registerRouteFor<R extends AnyRoute>(
  app: App,
  route: R,
  options: HandleOptions,
  handler: (request: RouteRequest<R>, reply: FastifyReply) => Promise<RouteReturn<R>>,
): void {
  registerRoute(app, route, handler, {
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
    ...(options.preHandler ? { preHandler: options.preHandler } : {}),
  });
}

/**
 * A `user` or `admin` route → its use case. The route's `access` is checked before the body is
 * read (401/403), so `input.user` is always there; what the use case returns is the answer's body.
 */
export function handle<R extends AnyRoute, Core>(
  route: R,
  useCase: (core: Core, input: RouteInput<R>) => Promise<RouteOutput<R>> | RouteOutput<R>,
  options: HandleOptions = {},
): RouteEntry<Core> {
  if (route.access === 'public')
    throw new Error(`${routeKey(route)} is public: bind it with handlePublic (its user may be null)`);
  return bindUseCase(route, options, async (core: Core, request) => {
    // The access hook set it; a route registered outside that hook would be a platform bug.
    if (!request.user) throw new Error(`${routeKey(route)} ran without its access check`);
    return useCase(core, {
      user: request.user,
      params: request.params,
      query: request.query,
      body: request.body,
      meta: requestMetaOf(request),
    });
  });
}

/** A `public` route → its use case; `input.user` is the session when there is one, else null. */
export function handlePublic<R extends AnyRoute, Core>(
  route: R,
  useCase: (core: Core, input: RouteInput<R, AuthUser | null>) => Promise<RouteOutput<R>> | RouteOutput<R>,
  options: HandleOptions = {},
): RouteEntry<Core> {
  return bindUseCase(route, options, async (core: Core, request) =>
    useCase(core, {
      user: request.user ?? null,
      params: request.params as RouteParams<R>,
      query: request.query as RouteQuery<R>,
      body: request.body as RouteBody<R>,
      meta: requestMetaOf(request),
    }),
  );
}

/**
 * The escape hatch, for the few routes that must touch the reply: documents and redirects,
 * cookies, streams, uploads. The handler still gets the route's access check and validation;
 * keep it thin (read the request, call a use case, shape the reply).
 */
export function handleRaw<R extends AnyRoute, Core>(
  route: R,
  handler: (
    core: Core,
    request: RouteRequest<R>,
    reply: FastifyReply,
  ) => Promise<RouteReturn<R>> | RouteReturn<R>,
  options: Omit<HandleOptions, 'status'> = {},
): RouteEntry<Core> {
  return {
    kind: 'route',
    route,
    options,
    bind(app, core) {
      registerRouteFor(app, route, options, async (request, reply) => handler(core, request, reply));
    },
  };
}

// ─── events ─────────────────────────────────────────────────────────────────

/** What an event's use case receives: the event, and the transaction its inbox entry commits in. */
export interface ConsumedEvent<E extends EventDefinition> {
  data: z.infer<E['data']>;
  /** The whole envelope (its id, `occurredAt`, `traceId`). */
  envelope: EventEnvelope<z.infer<E['data']>>;
  /** When the owning service says it happened: projections kept "as of" use it. */
  occurredAt: Date;
  /** Every write of the handling goes through it (`repository.with(tx)`): it commits with the inbox entry. */
  tx: Db;
  /** Events the handling announces commit with it too (the outbox), with this event's trace. */
  emit: Emit;
  /** Runs once the transaction has committed (a process-local cache to clear), never on a rollback. */
  afterCommit: AfterCommit;
}

export interface OnEventOptions {
  /** Failures (not counting outages) before the event is parked. Default the bus's (10). */
  maxDeliver?: number;
  backoffMs?: number[];
  /** Most events handled in one transaction when a backlog waits. Default the bus's (64). */
  maxBatch?: number;
}

/**
 * A cheap first step for an event most deliveries of which need only one idempotent statement
 * (the same person writing again to someone online): it runs before any transaction or inbox
 * entry, on every event of a delivery or backlog at once, and says per event whether that settled
 * it. The rest go through the inbox and the use case as usual. Whatever it writes must be safe to
 * write twice: a redelivery runs it again.
 */
export type SettleFirst<Core, E extends EventDefinition = EventDefinition> = (
  core: Core,
  events: readonly z.infer<E['data']>[],
) => Promise<readonly boolean[]>;

/** One durable consumer bound to its use case; `startService` subscribes it. */
export interface ConsumerEntry<Core> {
  readonly kind: 'event';
  readonly event: EventDefinition;
  /** The durable and inbox name: `<service>.<what it does>`. Never rename one (it strands the stream's position). */
  readonly durable: string;
  readonly options: OnEventOptions;
  /** The entry's `settleFirst`, if it has one (a method, like `run`, so entries of any core list together). */
  settleFirst?(core: Core, events: readonly unknown[]): Promise<readonly boolean[]>;
  run(core: Core, event: ConsumedEvent<EventDefinition>): Promise<unknown>;
}

/**
 * An event → its use case, once per event: the platform subscribes a durable named `durable`,
 * writes the inbox entry, the use case's writes and the events it emits in one transaction
 * (`withEvents`), retries with back-off and parks after `maxDeliver`; a backlog is handled a batch
 * per transaction (`consumeBatchOnce`). Throwing — an outcome included — means "not done".
 */
export function onEvent<E extends EventDefinition, Core>(
  event: E,
  durable: string,
  useCase: (core: Core, event: ConsumedEvent<E>) => Promise<unknown>,
  options: OnEventOptions & { settleFirst?: SettleFirst<Core, E> } = {},
): ConsumerEntry<Core> {
  const { settleFirst, ...rest } = options;
  return {
    kind: 'event',
    event,
    durable,
    options: rest,
    ...(settleFirst ? { settleFirst } : {}),
    run: useCase,
  };
}

// ─── jobs, periods, broadcasts ──────────────────────────────────────────────

/** One queue bound to its use case (in `jobs`: the service process works it). */
export interface JobEntry<Core> {
  readonly kind: 'job';
  readonly queue: QueueName;
  readonly concurrency: number | undefined;
  run(core: Core, job: JobContext<QueueName>): Promise<void>;
}

/** A queue → its use case; the queue's retries and back-off are those it is added with. */
export function onJob<N extends QueueName, Core>(
  queue: N,
  useCase: (core: Core, job: JobContext<N>) => Promise<void>,
  options: { concurrency?: number } = {},
): JobEntry<Core> {
  return {
    kind: 'job',
    queue,
    concurrency: options.concurrency,
    run: useCase,
  };
}

/** Background work on a fixed period; failures are logged, never thrown. */
export interface PeriodicEntry<Core> {
  readonly kind: 'periodic';
  readonly name: string;
  readonly everyMs: number;
  run(core: Core): Promise<unknown>;
}

/** `name` (unique in the process, `<service>-<what>`) runs `useCase(core)` every `everyMs`. */
export function every<Core>(
  name: string,
  everyMs: number,
  useCase: (core: Core) => Promise<unknown>,
): PeriodicEntry<Core> {
  return { kind: 'periodic', name, everyMs, run: useCase };
}

/** A process-local view fed by every event of a type (no durable, no inbox, no retry). */
export interface BroadcastEntry<Core> {
  readonly kind: 'broadcast';
  readonly event: EventDefinition;
  readonly options: BroadcastOptions;
  run(core: Core, envelope: EventEnvelope): void;
}

/** Every event of this type → `useCase(core, envelope)`, on every replica (e.g. clearing a cache). */
export function onBroadcast<E extends EventDefinition, Core>(
  event: E,
  useCase: (core: Core, envelope: EventEnvelope<z.infer<E['data']>>) => void,
  options: BroadcastOptions = {},
): BroadcastEntry<Core> {
  return {
    kind: 'broadcast',
    event,
    options,
    run: useCase,
  };
}
