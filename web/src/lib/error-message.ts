// What the UI says about a failed call, read from the ApiError's fields.
import { isApiError } from '../api/api-error';

/** The server's message for a failed API call; undefined for network and other errors. */
export function serverMessage(error: unknown): string | undefined {
  return isApiError(error) ? error.serverMessage : undefined;
}
