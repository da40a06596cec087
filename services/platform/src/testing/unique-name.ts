import { randomBytes } from 'node:crypto';

const letters = 'abcdefghijklmnopqrstuvwxyz';

function randomLetters(length: number): string {
  return Array.from(randomBytes(length), (byte) => letters[byte % letters.length]).join('');
}

/** A name no other test run uses, safe as a SQL identifier or a NATS token: `prefix_<time>_<random>`. */
export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomLetters(6)}`;
}

/**
 * A lower-case-letters-only token, e.g. for the service part of a test event type
 * (`defineEvent` requires `[a-z]+`), which names the JetStream stream — so each run gets its own stream.
 */
export function uniqueToken(prefix = 't'): string {
  return `${prefix}${randomLetters(10)}`;
}
