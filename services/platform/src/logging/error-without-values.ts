/**
 * Drizzle wraps every failed query in an error whose message and `params` carry the query's
 * values (a new password hash, an address, a token's hash), and PostgreSQL's `detail` can quote a
 * row ("Key (email)=(…) already exists"). Logs travel further than the database, so errors are
 * logged without them: the SQL text, the SQL state and the reason stay, which is what an operator
 * needs to find the failing statement.
 */
const VALUE_FIELDS = new Set(['params', 'detail']);

/** Drizzle's "params: …" line, up to the first stack frame or the end (values may span lines). */
const PARAMS_LINE = /\nparams: [\s\S]*?(?=\n {4}at |$)/;

const MAX_CAUSES = 5;

/** A copy of the error (and its causes) without the query's values; anything else as it came. */
export function errorWithoutValues(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) || depth > MAX_CAUSES) return error;
  const copy = new Error(error.message.replace(PARAMS_LINE, '')) as Error & Record<string, unknown>;
  copy.name = error.name;
  if (error.stack !== undefined) copy.stack = error.stack.replace(PARAMS_LINE, '');
  for (const [key, value] of Object.entries(error)) {
    if (!VALUE_FIELDS.has(key) && key !== 'cause') copy[key] = value;
  }
  if (error.cause !== undefined) copy.cause = errorWithoutValues(error.cause, depth + 1);
  return copy;
}

/** The one-line reason of an error, for a log line, without the query's values. */
export function reasonOf(error: unknown): string {
  // The message alone: reading `stack` formats it, through the source maps, which costs about a
  // millisecond an error, and an outage or an overload fails every request the same way.
  return error instanceof Error ? error.message.replace(PARAMS_LINE, '') : String(error);
}
