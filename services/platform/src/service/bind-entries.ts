import { ROUTES_BY_SERVICE, routeKey } from '@saathi/contracts';
import type { AnyRoute } from '@saathi/contracts';
import { acceptExportTokens } from '../auth/export-token';
import type { App } from '../http/create-app';
import { consumeBatchOnce, consumeOnce } from '../events/inbox';
import type { ServiceEnv } from '../runtime/service-module';
import type { PeriodicTask, ServiceDefinition, ServiceKit } from './define-service';
import type { ConsumerEntry } from './entries';
import { eventTablesPrune } from './event-tables-prune';
import type { Emit } from './unit-of-work';

/**
 * Binds a service's entries to its core: routes on the app (the export part in the scope
 * that accepts identity's export token), one durable per consumer, its jobs and its broadcasts.
 */
export async function bindEntries<C extends ServiceEnv, Core>(
  definition: ServiceDefinition<C, Core>,
  app: App,
  kit: ServiceKit<C>,
  core: Core,
  publicKey: string | undefined,
): Promise<void> {
  const exportParts = definition.routes.filter((entry) => entry.options.exportToken);
  for (const entry of definition.routes) if (!entry.options.exportToken) entry.bind(app, core);
  if (exportParts.length > 0)
    acceptExportTokens(app, publicKey, (scope) => {
      for (const entry of exportParts) entry.bind(scope, core);
    });

  const durables = new Set<string>();
  for (const consumer of definition.consumers ?? []) {
    if (!consumer.durable.startsWith(`${definition.name}.`))
      throw new Error(
        `${definition.name}'s consumer ${consumer.durable} must be named ${definition.name}.<what it does>`,
      );
    if (durables.has(consumer.durable))
      throw new Error(`${definition.name} lists the consumer ${consumer.durable} twice`);
    durables.add(consumer.durable);
    await subscribeEntry(kit, definition.dbSchema, consumer, core);
  }
  for (const job of definition.jobs ?? [])
    await kit.queue.process(job.queue, (context) => job.run(core, context), {
      ...(job.concurrency ? { concurrency: job.concurrency } : {}),
    });
  for (const broadcast of definition.broadcasts ?? [])
    await kit.bus.broadcast(broadcast.event, (envelope) => broadcast.run(core, envelope), broadcast.options);
}

/**
 * A service serves exactly its contract's routes (`ROUTES_BY_SERVICE`, the gateway's
 * routing table): an entry the gateway would never forward, or a declared route nobody handles
 * (a 404 behind the gateway), stops the start.
 */
export function checkServedRoutes(service: string, served: readonly AnyRoute[]): void {
  const declared = (ROUTES_BY_SERVICE as Readonly<Record<string, readonly AnyRoute[] | undefined>>)[service];
  if (!declared) return;
  const keys = new Set(served.map(routeKey));
  const unserved = declared.map(routeKey).filter((key) => !keys.has(key));
  if (unserved.length > 0)
    throw new Error(`${service} declares ${unserved.join(', ')} in its contract but lists no entry for it`);
  const known = new Set(declared.map(routeKey));
  const extra = [...keys].filter((key) => !known.has(key));
  if (extra.length > 0)
    throw new Error(`${service} lists ${extra.join(', ')}, which its contract's route list does not declare`);
}

/**
 * The one consumer implementation: inbox entry, the use case's writes and the events it emits in
 * one `withEvents` transaction (so a redelivered event changes and announces nothing twice), the
 * bus's back-off and parking on failure, and a backlog handled a batch per transaction.
 */
function subscribeEntry<C, Core>(
  kit: ServiceKit<C>,
  schema: string,
  consumer: ConsumerEntry<Core>,
  core: Core,
): Promise<void> {
  const { durable, event, options } = consumer;
  const settleFirst = consumer.settleFirst?.bind(consumer);
  return kit.bus.subscribe({
    durable,
    event,
    ...(options.maxDeliver !== undefined ? { maxDeliver: options.maxDeliver } : {}),
    ...(options.backoffMs ? { backoffMs: options.backoffMs } : {}),
    ...(options.maxBatch !== undefined ? { maxBatch: options.maxBatch } : {}),
    handle: async (envelope) => {
      if (settleFirst && (await settleFirst(core, [envelope.data]))[0]) return;
      await kit.uow.withEvents(
        (tx, emit, afterCommit) =>
          consumeOnce(tx, schema, durable, envelope, async (inner) => {
            await consumer.run(core, {
              data: envelope.data,
              envelope,
              occurredAt: new Date(envelope.occurredAt),
              tx: inner,
              emit,
              afterCommit,
            });
          }),
        { traceId: envelope.traceId },
      );
    },
    handleBatch: async (all) => {
      const settled = settleFirst
        ? await settleFirst(
            core,
            all.map((envelope) => envelope.data),
          )
        : [];
      // Should the rest fail, the bus hands the batch back one by one: the first step runs again
      // (it is idempotent), and the inbox skips what committed.
      const envelopes = settleFirst ? all.filter((_, index) => !settled[index]) : all;
      if (envelopes.length === 0) return;
      await kit.uow.withEvents(
        (tx, emit, afterCommit) =>
          consumeBatchOnce(tx, schema, durable, envelopes, async (inner, fresh) => {
            for (const envelope of fresh) {
              // Each event's announcements carry its own trace, as they would handled alone.
              const emitAs: Emit = (type, data, given) =>
                emit(type, data, { traceId: given?.traceId ?? envelope.traceId });
              await consumer.run(core, {
                data: envelope.data,
                envelope,
                occurredAt: new Date(envelope.occurredAt),
                tx: inner,
                emit: emitAs,
                afterCommit,
              });
            }
          }),
        { traceId: envelopes[0]?.traceId },
      );
    },
  });
}

/** What the platform runs for every service: its event tables' hourly prune. */
export function upkeepOf<C>(definition: Pick<ServiceDefinition, 'name' | 'dbSchema'>): PeriodicTask<C>[] {
  return [eventTablesPrune<C>(definition.name, definition.dbSchema)];
}
