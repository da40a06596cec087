import { randomUUID } from 'node:crypto';
import type { EventData, EventDefinition } from '@saathi/contracts';
import { makeEnvelope } from '../events/make-envelope';
import { writeOutbox } from '../events/outbox';
import type { EventEnvelope } from '@saathi/contracts';
import type { Clock, Db } from '../ports';

/**
 * Records an event; it is written to the outbox in the same transaction as the change. It carries
 * the unit of work's trace id unless told another (a batch of consumed events: each one's own).
 */
export type Emit = <E extends EventDefinition>(
  event: E,
  data: EventData<E>,
  options?: { traceId?: string },
) => void;

/** Runs `fn` once the transaction has committed (never when it rolled back). */
export type AfterCommit = (fn: () => void) => void;

export interface WithEventsOptions {
  /** Carried into every envelope (the request id), so consumers' logs join the request's. */
  traceId?: string;
}

/**
 * A service's transactions. `withEvents` is the only way a use case writes events: the envelopes
 * it emits land in the outbox inside the same transaction as the change, and the relay is woken
 * once the transaction has committed — so an event exists if and only if its change does.
 */
export interface UnitOfWork {
  withEvents<T>(
    work: (tx: Db, emit: Emit, afterCommit: AfterCommit) => Promise<T>,
    options?: WithEventsOptions,
  ): Promise<T>;
  /**
   * Wakes the relay after a statement that wrote its own outbox row committed (a hot path that
   * makes its change and its event in one statement, such as messaging's send).
   */
  wakeRelay(): void;
}

export function createUnitOfWork(options: {
  db: Db;
  /** The service's PostgreSQL schema, which holds its outbox table. */
  schema: string;
  clock: Clock;
  /** Wakes the outbox relay (it also polls, so a missed wake only delays). */
  wake: () => void;
}): UnitOfWork {
  const { db, schema, clock, wake } = options;
  return {
    async withEvents(work, { traceId } = {}) {
      const envelopes: EventEnvelope[] = [];
      const committed: (() => void)[] = [];
      const trace = traceId ?? randomUUID();
      const emit: Emit = (event, data, options) => {
        envelopes.push(makeEnvelope(event, data, { traceId: options?.traceId ?? trace, clock }));
      };
      const result = await db.transaction(async (tx) => {
        const value = await work(tx, emit, (fn) => committed.push(fn));
        await writeOutbox(tx, schema, envelopes);
        return value;
      });
      if (envelopes.length > 0) wake();
      for (const fn of committed) fn();
      return result;
    },
    wakeRelay: wake,
  };
}
