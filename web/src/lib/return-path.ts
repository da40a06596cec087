/**
 * The path /auth may send someone to after they sign in (e.g. back to the verification link they
 * opened signed out), or null when `value` is not a path on this site. Only a relative path
 * beginning with a single "/" passes: "//host" and "/\host" name another host to a browser, an
 * absolute URL is another site, and browsers drop tabs and newlines ("/\t/host" becomes
 * "//host"), so backslashes and control characters are refused too. Anything else would make the
 * sign-in page an open redirect.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  // Resolved the way the browser would: it must stay on the page's own origin.
  const base = 'https://saathi.invalid';
  const url = new URL(value, base);
  if (url.origin !== base) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
