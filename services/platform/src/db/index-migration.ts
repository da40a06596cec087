import type { Migration } from '../ports';
import { splitStatements, type SqlToken } from './sql-statements';

/**
 * The first line that makes a migration an index migration: applied outside a transaction, one
 * statement at a time, so its indexes are built without locking writes (docs/decisions.md).
 */
export const INDEX_MIGRATION_MARKER = '-- migrate: concurrently';

export type IndexStatement =
  | {
      kind: 'create';
      /** The statement as written, CONCURRENTLY included. */
      sql: string;
      /** The same without CONCURRENTLY, for a transaction (PGlite). */
      plain: string;
      /** The index name as stored in pg_class (unquoted, case folded). */
      index: string;
      /** The table, quoted (and schema-qualified when written so), for `to_regclass`. */
      table: string;
    }
  | { kind: 'drop'; sql: string; plain: string };

const MAX_IDENTIFIER_BYTES = 63;

export function isIndexMigration(migration: Migration): boolean {
  const firstLine = migration.sql.split('\n', 1)[0] ?? '';
  return /^--\s*migrate:\s*concurrently\s*$/i.test(firstLine.trim());
}

/**
 * The statements of an index migration, or an error naming the first one that is not
 * `create [unique] index concurrently if not exists <name> on …` or
 * `drop index concurrently if exists <name>`: anything else would run outside a transaction, and
 * a build without a name (or without IF NOT EXISTS) could not be repaired or repeated.
 */
export function parseIndexMigration(migration: Migration): IndexStatement[] {
  try {
    return splitStatements(migration.sql).map(({ text, tokens }) => {
      const statement = parseCreate(text, tokens) ?? parseDrop(text, tokens);
      if (statement) return statement;
      const shown = text.replace(/\s+/g, ' ');
      throw new Error(
        `it may hold only "create [unique] index concurrently if not exists <name> on …" and ` +
          `"drop index concurrently if exists <name>" statements, not: ` +
          (shown.length > 120 ? `${shown.slice(0, 117)}...` : shown),
      );
    });
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new Error(
      `migration ${migration.name} is an index migration ("${INDEX_MIGRATION_MARKER}"): ${reason}`,
      { cause: err },
    );
  }
}

function parseCreate(text: string, tokens: SqlToken[]): IndexStatement | undefined {
  const at = new Cursor(tokens);
  if (!at.word('create')) return undefined;
  at.word('unique');
  if (!at.words('index')) return undefined;
  const keyword = at.peek();
  if (!at.words('concurrently', 'if', 'not', 'exists')) return undefined;
  const index = at.identifier();
  if (index === undefined || !at.word('on')) return undefined;
  at.word('only');
  const table = at.qualifiedName();
  if (table === undefined || at.done()) return undefined;
  return { kind: 'create', sql: text, plain: withoutKeyword(text, tokens, keyword), index, table };
}

function parseDrop(text: string, tokens: SqlToken[]): IndexStatement | undefined {
  const at = new Cursor(tokens);
  if (!at.words('drop', 'index')) return undefined;
  const keyword = at.peek();
  if (!at.words('concurrently', 'if', 'exists') || at.qualifiedName() === undefined) return undefined;
  at.word('restrict');
  if (!at.done()) return undefined;
  return { kind: 'drop', sql: text, plain: withoutKeyword(text, tokens, keyword) };
}

function withoutKeyword(text: string, tokens: SqlToken[], keyword: SqlToken | undefined): string {
  const offset = tokens[0]?.start ?? 0;
  if (!keyword) return text;
  return text.slice(0, keyword.start - offset) + text.slice(keyword.end - offset).replace(/^\s+/, '');
}

class Cursor {
  private i = 0;
  constructor(private readonly tokens: SqlToken[]) {}

  peek(): SqlToken | undefined {
    return this.tokens[this.i];
  }

  done(): boolean {
    return this.i >= this.tokens.length;
  }

  /** Takes the next token if it is this key word. */
  word(word: string): boolean {
    const token = this.peek();
    if (token?.kind !== 'word' || token.text.toLowerCase() !== word) return false;
    this.i += 1;
    return true;
  }

  words(...words: string[]): boolean {
    return words.every((word) => this.word(word));
  }

  /** An identifier as PostgreSQL stores it: unquoted ones fold to lower case. */
  identifier(): string | undefined {
    const token = this.peek();
    let name: string;
    if (token?.kind === 'word') name = token.text.toLowerCase();
    else if (token?.kind === 'identifier') name = token.text.slice(1, -1).replace(/""/g, '"');
    else return undefined;
    // PostgreSQL would cut a longer name, and the repair would then look for the wrong one.
    if (Buffer.byteLength(name) > MAX_IDENTIFIER_BYTES) {
      throw new Error(`the name ${name} is longer than PostgreSQL's ${MAX_IDENTIFIER_BYTES} bytes`);
    }
    this.i += 1;
    return name;
  }

  /** `name` or `schema.name`, returned quoted. */
  qualifiedName(): string | undefined {
    const first = this.identifier();
    if (first === undefined) return undefined;
    const dot = this.peek();
    if (dot?.kind !== 'other' || dot.text !== '.') return quoteIdentifier(first);
    this.i += 1;
    const second = this.identifier();
    return second === undefined ? undefined : `${quoteIdentifier(first)}.${quoteIdentifier(second)}`;
  }
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
