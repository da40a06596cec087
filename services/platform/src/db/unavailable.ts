/** Socket errors that mean the database host could not be reached or the link broke. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/**
 * PostgreSQL's own refusals of a connection: class 08 (connection exception) and the server
 * shutting down or still starting (57P01-57P03).
 */
const isConnectionSqlState = (code: string) => code.startsWith('08') || /^57P0[123]$/.test(code);

/** node-postgres reports a dropped or slow connection by message alone, without a code. */
const LINK_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
];

/**
 * True when `error` or anything in its `cause` chain (Drizzle wraps the driver's error; a
 * connect to a name with several addresses fails with an AggregateError of each attempt)
 * satisfies `test`.
 */
function anyCause(error: unknown, test: (cause: { code?: unknown; message?: unknown }) => boolean): boolean {
  const seen = new Set<unknown>();
  const pending = [error];
  while (pending.length > 0) {
    const current = pending.pop();
    if (current === null || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const { cause, errors } = current as { cause?: unknown; errors?: unknown };
    if (test(current)) return true;
    pending.push(cause);
    if (Array.isArray(errors)) pending.push(...(errors as unknown[]));
  }
  return false;
}

/**
 * True when `error` says the database could not be reached, rather than that the query was
 * wrong. Such a request is answered 503: the service is fine, and the same request will work
 * once the database is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return anyCause(error, ({ code, message }) => {
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || isConnectionSqlState(code))) return true;
    return typeof message === 'string' && LINK_MESSAGES.some((text) => message.includes(text));
  });
}

/**
 * PostgreSQL cannot store a NUL character in text (22021) nor `\u0000` in jsonb (22P05). Such
 * text only ever comes from a client, so the request is answered 400 rather than 500.
 */
const UNSTORABLE_TEXT_CODES = new Set(['22021', '22P05']);

export function isUnstorableText(error: unknown): boolean {
  return anyCause(error, ({ code }) => typeof code === 'string' && UNSTORABLE_TEXT_CODES.has(code));
}

/**
 * The rest of PostgreSQL's data exceptions (class 22: a number or a date out of range, text that
 * is not a uuid...). Routes validate their input, so one of these means a value slipped past a
 * schema; it still came from the client, and the answer is a 400, not a 500. It is logged at
 * warn so the missing check gets added.
 */
export function isOutOfRangeValue(error: unknown): boolean {
  return anyCause(error, ({ code }) => typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code));
}
