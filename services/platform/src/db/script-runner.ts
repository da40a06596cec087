import type { Row } from './query-rows';

/** A raw connection inside a transaction: parameterised queries plus multi-statement scripts. */
export interface RawTransaction {
  query<T extends Row = Row>(text: string, params?: unknown[]): Promise<T[]>;
  /** Runs a whole migration file; drizzle's execute cannot, as it uses the extended protocol. */
  exec(script: string): Promise<void>;
}

export interface ScriptRunner {
  transaction<T>(fn: (tx: RawTransaction) => Promise<T>): Promise<T>;
}
