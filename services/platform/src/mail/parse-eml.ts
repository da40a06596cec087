/**
 * A deliberately small RFC 822/MIME reader for tests and dev tools: enough for what our own
 * mailers produce (text and optional html, 7bit / quoted-printable / base64, encoded-word
 * subjects). It is not a general mail parser.
 */
export interface ParsedMail {
  messageId: string;
  from: string;
  to: string;
  subject: string;
  date?: Date;
  text: string;
  html?: string;
  headers: Record<string, string>;
}

interface Part {
  headers: Record<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers: Record<string, string> = {};
  // Continuation lines (folded headers) start with whitespace.
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeQuotedPrintable(input: string): Buffer {
  const softBreaksRemoved = input.replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < softBreaksRemoved.length; i += 1) {
    const char = softBreaksRemoved.charAt(i);
    const hex = softBreaksRemoved.slice(i + 1, i + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function decodeBody(part: Part): string {
  const encoding = (part.headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body).toString('utf8');
  return part.body;
}

/**
 * `=?UTF-8?Q?...?=` and `=?UTF-8?B?...?=` words. Adjacent words are decoded as one byte run,
 * since an encoder may split a multi-byte character across two words.
 */
export function decodeEncodedWords(value: string): string {
  const word = /=\?[^?]+\?([BbQq])\?([^?]*)\?=/g;
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/(?:=\?[^?]+\?[BbQq]\?[^?]*\?=)+/g, (run) =>
      Buffer.concat(
        [...run.matchAll(word)].map(([, kind, text = '']) =>
          kind?.toUpperCase() === 'B'
            ? Buffer.from(text, 'base64')
            : decodeQuotedPrintable(text.replace(/_/g, ' ')),
        ),
      ).toString('utf8'),
    );
}

function param(header: string | undefined, name: string): string | undefined {
  const match = header?.match(new RegExp(`${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i'));
  return match?.[1] ?? match?.[2];
}

function collectBodies(part: Part, into: { text?: string; html?: string }, isRoot = false): void {
  const type = (part.headers['content-type'] ?? 'text/plain').toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = param(part.headers['content-type'], 'boundary');
    if (!boundary) return;
    // The line break before a delimiter belongs to the delimiter, not to the part (RFC 2046 §5.1.1).
    const sections = `\n${part.body}`.split(`\n--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      collectBodies(splitPart(section.replace(/^[ \t]*\n/, '')), into);
    }
    return;
  }
  // A single-part message gets a closing line break from the composer; it is not the author's.
  const content = isRoot ? decodeBody(part).replace(/\n$/, '') : decodeBody(part);
  if (type.startsWith('text/html')) into.html ??= content;
  else if (type.startsWith('text/plain')) into.text ??= content;
}

export function parseEml(raw: string | Buffer): ParsedMail {
  const root = splitPart(raw.toString());
  const bodies: { text?: string; html?: string } = {};
  collectBodies(root, bodies, true);
  const date = root.headers.date ? new Date(root.headers.date) : undefined;
  return {
    messageId: root.headers['message-id'] ?? '',
    from: decodeEncodedWords(root.headers.from ?? ''),
    to: decodeEncodedWords(root.headers.to ?? ''),
    subject: decodeEncodedWords(root.headers.subject ?? ''),
    ...(date && !Number.isNaN(date.getTime()) ? { date } : {}),
    text: bodies.text ?? '',
    ...(bodies.html !== undefined ? { html: bodies.html } : {}),
    headers: root.headers,
  };
}
