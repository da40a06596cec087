// apiRequest throws Error("<status>: <body text or statusText>") (SPEC §7/§8).
// These helpers read the status and the server's `message` back out of that text.

const STATUS_PREFIX = /^(\d{3}): ([\s\S]*)$/;

/** The HTTP status of an apiRequest error, or undefined for network and other errors. */
export function errorStatus(error: unknown): number | undefined {
  if (!(error instanceof Error)) return undefined;
  const match = STATUS_PREFIX.exec(error.message);
  return match ? Number(match[1]) : undefined;
}

/**
 * The server's message for an apiRequest error: the `message` field of a JSON body,
 * else the body text itself when it is short plain text. Undefined when there is none.
 */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const match = STATUS_PREFIX.exec(error.message);
  if (!match) return undefined;
  const body = (match[2] ?? '').trim();
  if (!body) return undefined;
  if (body.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(body);
      if (parsed && typeof parsed === 'object' && 'message' in parsed) {
        const { message } = parsed;
        return typeof message === 'string' && message.trim() ? message : undefined;
      }
      return undefined;
    } catch {
      return undefined;
    }
  }
  if (body.startsWith('<') || body.length > 300) return undefined;
  return body;
}

/** True when the error is an HTTP response from the server (as opposed to a network failure). */
export function isHttpError(error: unknown): boolean {
  return errorStatus(error) !== undefined;
}
