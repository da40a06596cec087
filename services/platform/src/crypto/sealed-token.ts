import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';

/**
 * One-time tokens (a password-reset or e-mail-verification link) travel from identity to the
 * mail worker through JetStream and BullMQ: stores kept for days and readable by anything with
 * bus or Redis access. So they travel sealed — AES-256-GCM under MAIL_TOKEN_KEY, which only
 * identity (seals) and notification (opens, at send time) hold — and each sealed token names
 * its purpose and carries its own expiry: it cannot be opened for another purpose, and it is not
 * opened at all once its link has expired.
 *
 * How to use it for a new mailed link: identity seals with `sealToken(key, purpose, token,
 * expiresAt)` and puts only the sealed value in the event; notification's consumer passes it to
 * the e-mail job as `sealedToken: { purpose, value }` and writes SEALED_TOKEN_PLACEHOLDER where
 * the token goes in the link; the worker opens it just before sending.
 */
const VERSION = 'v1';
const ALGORITHM = 'aes-256-gcm';
const KEY_BYTES = 32;
const IV_BYTES = 12;

function additionalData(purpose: string): Buffer {
  return Buffer.from(`saathi-sealed-token:${VERSION}:${purpose}`);
}

/** Seals `token` for `purpose`; the result is URL- and JSON-safe (`v1.<iv>.<ciphertext+tag>`). */
export function sealToken(key: Buffer, purpose: string, token: string, expiresAt: Date): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv);
  cipher.setAAD(additionalData(purpose));
  const plain = Buffer.from(JSON.stringify({ t: token, e: expiresAt.getTime() }));
  const sealed = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  return [VERSION, iv.toString('base64url'), sealed.toString('base64url')].join('.');
}

/** The token, or null when the value is forged, sealed for another purpose or key, or expired. */
export function openToken(key: Buffer, purpose: string, sealed: string, now: Date): string | null {
  const [version, ivText, bodyText] = sealed.split('.');
  if (version !== VERSION || !ivText || !bodyText) return null;
  try {
    const body = Buffer.from(bodyText, 'base64url');
    const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(ivText, 'base64url'));
    decipher.setAAD(additionalData(purpose));
    decipher.setAuthTag(body.subarray(body.length - 16));
    const plain = Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]);
    const { t, e } = JSON.parse(plain.toString('utf8')) as { t?: unknown; e?: unknown };
    if (typeof t !== 'string' || typeof e !== 'number' || e <= now.getTime()) return null;
    return t;
  } catch {
    return null;
  }
}

/** A fresh MAIL_TOKEN_KEY value (base64 of 32 random bytes), as the launchers make it. */
export function generateMailTokenKey(): string {
  return randomBytes(KEY_BYTES).toString('base64');
}

/** MAIL_TOKEN_KEY: base64 of 32 bytes, inline or as `file:<path>` holding it. */
export const mailTokenKeyVar = () =>
  z.string().transform((value, ctx) => {
    let text = value;
    if (value.startsWith('file:')) {
      const path = value.slice('file:'.length);
      try {
        text = readFileSync(path, 'utf8');
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: `cannot read ${path}: ${(error as Error).message}` });
        return z.NEVER;
      }
    }
    const key = Buffer.from(text.trim(), 'base64');
    if (key.length !== KEY_BYTES || key.toString('base64') !== text.trim()) {
      ctx.addIssue({ code: 'custom', message: `expected base64 of ${KEY_BYTES} bytes or file:<path>` });
      return z.NEVER;
    }
    return key;
  });
