import { z } from 'zod';
import { defineRoute } from '../http/route';

export const AccountMessages = {
  wrongPassword: 'Incorrect password',
  passwordRequired: 'Please enter your password',
  /** Accounts without a password (Google only) confirm with a sign-in this recent. */
  signInAgain: 'Please sign in with Google again, then delete your account within 10 minutes',
  deleted: 'Your account has been deleted',
} as const;

/** How recent a Google sign-in must be to confirm a deletion without a password. */
export const FRESH_SIGN_IN_MS = 10 * 60_000;

export const deleteAccountBodySchema = z.object({ password: z.string().max(200).optional() });

/** Deletes the signed-in account for good; every session ends, cookies are cleared. */
export const deleteAccountRoute = defineRoute({
  service: 'identity',
  method: 'POST',
  path: '/api/auth/delete-account',
  access: 'user',
  body: deleteAccountBodySchema,
  response: { 200: z.object({ message: z.string() }) },
});
