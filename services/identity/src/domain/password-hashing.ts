import { hash, verify } from '@node-rs/argon2';
import type { Algorithm } from '@node-rs/argon2';

/** `Algorithm.Argon2id` (a const enum, which verbatimModuleSyntax cannot import as a value). */
// eslint-disable-next-line @typescript-eslint/no-unsafe-enum-assignment -- the enum's value, written out (see above)
const ARGON2ID = 2 as Algorithm;

/** OWASP's argon2id floor: 19 MiB, two passes, one lane. */
export interface Argon2Cost {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}
export const DEFAULT_ARGON2_COST: Argon2Cost = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string, cost: Argon2Cost = DEFAULT_ARGON2_COST): Promise<string> {
  return hash(password, { algorithm: ARGON2ID, ...cost });
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * Verifying against this when the account does not exist keeps the answer time of
 * "no such user" close to "wrong password", so timing does not reveal which accounts exist.
 */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(cost: Argon2Cost = DEFAULT_ARGON2_COST): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-0f3c', cost);
  return dummyHash;
}
