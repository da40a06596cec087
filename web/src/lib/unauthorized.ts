// A signed-in action (message, delete, comment) answered 401: the session is over. Say so, then
// send the browser through the sign-in redirect shortly after, so the toast can be read.
import { UNAUTHORIZED_REDIRECT_MS } from '@saathi/contracts';
import { loginRedirectRoute } from '../api/routes';
import { isApiError } from '../api/api-error';
import { toast } from './toast-store';

export function isUnauthorized(error: unknown): boolean {
  return isApiError(error, 401);
}

/**
 * Handles a 401 from a signed-in action and returns true; returns false for any other error so
 * the caller shows its own failure toast.
 */
export function handleUnauthorized(
  error: unknown,
  navigate: (url: string) => void = (url) => window.location.assign(url),
): boolean {
  if (!isUnauthorized(error)) return false;
  toast({
    title: 'Unauthorized',
    description: 'You are logged out. Logging in again...',
    variant: 'destructive',
  });
  setTimeout(() => navigate(loginRedirectRoute.path), UNAUTHORIZED_REDIRECT_MS);
  return true;
}
