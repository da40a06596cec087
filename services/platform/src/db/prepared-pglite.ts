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
  const { serialize } = protocol;
  return client.runExclusive(async () => {
    let parsed = parsedBy.get(client);
    if (!parsed) parsedBy.set(client, (parsed = new Set()));
    const isNew = !parsed.has(name);
    const result = await client.execProtocol(
      concat([
        ...(isNew ? [serialize.parse({ name, text })] : []),
        serialize.bind({ statement: name, values: params.map(textOf) }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
    );
    parsed.add(name);
    return (parse.parseResults(result.messages, client.parsers)[0]?.rows ?? []) as T[];
  });
}

export function isPglite(client: unknown): client is PGlite {
  return client instanceof PGlite;
}
