import { createHmac, timingSafeEqual } from 'node:crypto';
import { ACTIVITY_CHECKIN_OPENS_BEFORE_MS, CHECKIN_CODE_LENGTH } from '@saathi/contracts';

// Crockford's base32: no I, L, O or U, so a code read aloud or typed is hard to get wrong.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A person's check-in code at one activity: an HMAC of their id under the activity's own random
 * key, 10 characters (50 bits). It works at that activity only and cannot be worked out from ids.
 */
export function checkInCode(activityKey: string, userId: string): string {
  const mac = createHmac('sha256', activityKey).update(userId).digest();
  let bits = 0n;
  for (const byte of mac.subarray(0, 8)) bits = (bits << 8n) | BigInt(byte);
  let code = '';
  for (let i = 0; i < CHECKIN_CODE_LENGTH; i++)
    code += ALPHABET.charAt(Number((bits >> BigInt(5 * i)) & 31n));
  return code;
}

/** As shown and printed: two groups of five ("7K2QM-XD94A"). */
export function displayCode(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/**
 * What a person typed or a camera read, as a code: the part after the last ':' (a QR may carry a
 * prefix), upper case, without spaces or dashes, with the letters base32 reads as digits.
 */
export function normaliseCode(input: string): string {
  const tail = input.slice(input.lastIndexOf(':') + 1);
  return tail.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

/** Constant-time comparison, so response times say nothing about how close a guess was. */
export function sameCode(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Check-in runs from 30 minutes before the start until the window's end. */
export function checkInWindow(
  fields: { startsAt: Date; endsAt: Date },
  now: Date,
): 'early' | 'open' | 'over' {
  if (now.getTime() >= fields.endsAt.getTime()) return 'over';
  if (now.getTime() < fields.startsAt.getTime() - ACTIVITY_CHECKIN_OPENS_BEFORE_MS) return 'early';
  return 'open';
}

export function checkInOpensAt(startsAt: Date): Date {
  return new Date(startsAt.getTime() - ACTIVITY_CHECKIN_OPENS_BEFORE_MS);
}
