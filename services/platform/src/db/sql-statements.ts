/** A word, a quoted identifier, a string constant or a single other character of SQL source. */
export interface SqlToken {
  kind: 'word' | 'identifier' | 'string' | 'other';
  /** The source text (a quoted identifier or string keeps its quotes). */
  text: string;
  start: number;
  end: number;
}

/** One statement of a script: its source (without the `;`, comments around it trimmed) and tokens. */
export interface SqlStatement {
  text: string;
  /** Offsets are those of `script`; `text` starts at `tokens[0].start`. */
  tokens: SqlToken[];
}

const WORD_START = /[A-Za-z_\u0080-\uffff]/;
const WORD_PART = /[A-Za-z0-9_$\u0080-\uffff]/;
const DOLLAR_TAG = /^\$([A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/;

/**
 * Splits a script into statements at the semicolons outside comments, strings, quoted
 * identifiers and dollar quotes — enough to hand PostgreSQL one statement at a time and to read
 * a statement's leading words; it is not a parser. Comments between statements are dropped.
 */
export function splitStatements(script: string): SqlStatement[] {
  const statements: SqlStatement[] = [];
  let tokens: SqlToken[] = [];
  const finish = () => {
    const first = tokens[0];
    const last = tokens[tokens.length - 1];
    if (first && last) statements.push({ text: script.slice(first.start, last.end), tokens });
    tokens = [];
  };

  let i = 0;
  while (i < script.length) {
    const char = script[i] as string;
    const start = i;
    const dollarTag = char === '$' ? DOLLAR_TAG.exec(script.slice(i, i + 64))?.[0] : undefined;
    if (/\s/.test(char)) {
      i += 1;
    } else if (script.startsWith('--', i)) {
      const newline = script.indexOf('\n', i);
      i = newline === -1 ? script.length : newline + 1;
    } else if (script.startsWith('/*', i)) {
      i = endOfBlockComment(script, i);
    } else if (char === ';') {
      finish();
      i += 1;
    } else if (char === "'") {
      i = endOfQuoted(script, i, "'", false);
      tokens.push({ kind: 'string', text: script.slice(start, i), start, end: i });
    } else if (char === '"') {
      i = endOfQuoted(script, i, '"', false);
      tokens.push({ kind: 'identifier', text: script.slice(start, i), start, end: i });
    } else if (dollarTag !== undefined) {
      const close = script.indexOf(dollarTag, i + dollarTag.length);
      if (close === -1) throw new Error(`unterminated dollar-quoted string at offset ${start}`);
      i = close + dollarTag.length;
      tokens.push({ kind: 'string', text: script.slice(start, i), start, end: i });
    } else if (WORD_START.test(char)) {
      while (i < script.length && WORD_PART.test(script[i] as string)) i += 1;
      // E'…' is a string whose backslashes escape, so \' does not end it.
      if (script[i] === "'" && /^[eE]$/.test(script.slice(start, i))) {
        i = endOfQuoted(script, i, "'", true);
        tokens.push({ kind: 'string', text: script.slice(start, i), start, end: i });
      } else {
        tokens.push({ kind: 'word', text: script.slice(start, i), start, end: i });
      }
    } else {
      i += 1;
      tokens.push({ kind: 'other', text: char, start, end: i });
    }
  }
  finish();
  return statements;
}

/** The offset after the closing quote; a doubled quote is part of the text. */
function endOfQuoted(script: string, open: number, quote: string, backslashEscapes: boolean): number {
  let i = open + 1;
  while (i < script.length) {
    const char = script[i];
    if (backslashEscapes && char === '\\') {
      i += 2;
    } else if (char === quote) {
      if (script[i + 1] !== quote) return i + 1;
      i += 2;
    } else {
      i += 1;
    }
  }
  throw new Error(`unterminated ${quote === '"' ? 'quoted identifier' : 'string'} at offset ${open}`);
}

/** Block comments nest in PostgreSQL. */
function endOfBlockComment(script: string, open: number): number {
  let depth = 0;
  let i = open;
  while (i < script.length) {
    if (script.startsWith('/*', i)) {
      depth += 1;
      i += 2;
    } else if (script.startsWith('*/', i)) {
      depth -= 1;
      i += 2;
      if (depth === 0) return i;
    } else {
      i += 1;
    }
  }
  throw new Error(`unterminated block comment at offset ${open}`);
}
