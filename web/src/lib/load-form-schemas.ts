// zod is ~27 KB of brotli: the first paint of /auth must not wait for it. A form starts loading
// its schemas when it is first focused, and its submit awaits them (by then they are there).
import type * as formSchemas from './form-schemas';

/** What a form says when its schemas could not be loaded. */
export const CONNECTION_PROBLEM = 'Please check your connection and try again.';

type FormSchemas = typeof formSchemas;

let loading: Promise<FormSchemas> | undefined;

export function loadFormSchemas(): Promise<FormSchemas> {
  loading ??= import('./form-schemas').catch((error: unknown) => {
    // Offline or a deploy in between: let the next submit try again.
    loading = undefined;
    throw error;
  });
  return loading;
}

/** For a form's onFocus: starts the download, and a failure is left to the submit to report. */
export function prefetchFormSchemas(): void {
  loadFormSchemas().catch(() => undefined);
}
