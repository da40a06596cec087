/**
 * The payload of `data:<type>;base64,<payload>` (the declared type is dropped); null otherwise.
 * The upload's type is then judged by the platform's `sniffImageKind` and its size by
 * `base64DecodedLength`, as identity's avatars are.
 */
export function base64OfDataUrl(value: string): string | null {
  const match = /^data:[^;,]*(?:;[^;,]*)*;base64,/.exec(value);
  if (!match) return null;
  const base64 = value.slice(match[0].length).replace(/\s/g, '');
  return /^[A-Za-z0-9+/]*={0,2}$/.test(base64) ? base64 : null;
}
