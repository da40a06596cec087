import type { Row } from './query-rows';

/** A raw connection: parameterised queries plus multi-statement scripts. */
export interface RawConnection {
  query<T extends Row = Row>(text: string, params?: unknown[]): Promise<T[]>;
  /** Runs a whole migration file; drizzle's execute cannot, as it uses the extended protocol. */
  exec(script: string): Promise<void>;
}

/** A raw connection inside a transaction. */
export type RawTransaction = RawConnection;

export interface ScriptRunner {
  transaction<T>(fn: (tx: RawTransaction) => Promise<T>): Promise<T>;
  /**
   * One connection of its own, outside any transaction, for statements that cannot run in one
   * (CREATE INDEX CONCURRENTLY); it is closed afterwards, so nothing set on it outlives `fn`.
   * Absent where there is no such connection (PGlite has one, shared by everything).
   */
  session?<T>(fn: (connection: RawConnection) => Promise<T>): Promise<T>;
}
