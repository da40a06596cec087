import { IdentityMessages } from '@saathi/contracts';

/**
 * The messages identity sends the browser back to /auth with (`?error=`). Anything else in that
 * parameter came from whoever wrote the link: shown under the site's own name in a red toast it
 * would be a phishing note ("your account is suspended, call …"), so it is ignored.
 */
const KNOWN: readonly string[] = [IdentityMessages.googleFailed, IdentityMessages.googleNotConfigured];

export function knownAuthError(text: string | null): string | null {
  return text !== null && KNOWN.includes(text) ? text : null;
}
