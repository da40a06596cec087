import { isApiError } from '../api/api-error';

/**
 * What an editor shows when saving failed: the server's own words for a refusal it explains (the
 * 24 hours have passed, a field's rule, too many writes), else the fallback.
 */
export function editErrorMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && error.status < 500 && error.serverMessage) return error.serverMessage;
  return fallback;
}
