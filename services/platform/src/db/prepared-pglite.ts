import { parse, PGlite, protocol } from '@electric-sql/pglite';
import type { Row } from './query-rows';

/** The statements each PGlite instance has parsed, by name. */
const parsedBy = new WeakMap<PGlite, Set<string>>();

/** A parameter as PostgreSQL's text format takes it. */
function textOf(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return `${value}`;
  return JSON.stringify(value);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * Parses `name` on this PGlite once, in a call of its own: a Parse that shared a call with a
 * failing Execute would leave the statement behind unrecorded, and parsing it again would fail.
 * Call inside `runExclusive`.
 */
async function ensureParsed(client: PGlite, name: string, text: string): Promise<void> {
  let parsed = parsedBy.get(client);
  if (!parsed) parsedBy.set(client, (parsed = new Set()));
  if (parsed.has(name)) return;
  const { serialize } = protocol;
  await client.execProtocol(concat([serialize.parse({ name, text }), serialize.sync()]));
  parsed.add(name);
}

/** Bind, describe and execute of one call of a parsed statement. */
function executeOf(name: string, params: readonly unknown[]): Uint8Array[] {
  const { serialize } = protocol;
  return [
    serialize.bind({ statement: name, values: params.map(textOf) }),
    serialize.describe({ type: 'P' }),
    serialize.execute({}),
  ];
}

/**
 * A named prepared statement on PGlite, which its `query` does not offer: that parses and plans
 * every call, in five calls into the WebAssembly, where this parses once and then sends bind,
 * describe, execute and sync in one call. A send's statement (messaging) cost 2.7 ms a call as a
 * query against 0.7 ms prepared (load-tests/RESULTS.md). `runExclusive` keeps every other query of
 * the shared connection out between the messages.
 */
export async function preparedPgliteRows<T extends Row>(
  client: PGlite,
  name: string,
  text: string,
  params: readonly unknown[],
): Promise<T[]> {
  return client.runExclusive(async () => {
    await ensureParsed(client, name, text);
    const result = await client.execProtocol(concat([...executeOf(name, params), protocol.serialize.sync()]));
    return (parse.parseResults(result.messages, client.parsers)[0]?.rows ?? []) as T[];
  });
}

/**
 * Several calls of prepared statements in one transaction and one call into the WebAssembly:
 * BEGIN, each call's bind, describe and execute, then COMMIT, so they share one commit (group
 * commit, group-commit.ts). Any failure rolls all of them back and rejects.
 */
export async function preparedPgliteBatch(
  client: PGlite,
  calls: readonly { name: string; text: string; params: readonly unknown[] }[],
): Promise<Row[][]> {
  const { serialize } = protocol;
  return client.runExclusive(async () => {
    for (const call of calls) await ensureParsed(client, call.name, call.text);
    const result = await client.execProtocol(
      concat([
        serialize.query('begin'),
        ...calls.flatMap((call) => executeOf(call.name, call.params)),
        serialize.sync(),
        serialize.query('commit'),
      ]),
    );
    // One result per command: BEGIN, each call, COMMIT.
    return parse
      .parseResults(result.messages, client.parsers)
      .slice(1, calls.length + 1)
      .map((one) => one.rows as Row[]);
  });
}

export function isPglite(client: unknown): client is PGlite {
  return client instanceof PGlite;
}
