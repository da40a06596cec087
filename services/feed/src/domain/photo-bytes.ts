/**
 * The cheap checks on an uploaded photo, before anything decodes it: the same rules as
 * identity's avatars (services/identity/src/domain/image-sniffing.ts). Services share no code
 * but contracts and platform, and these few lines are not worth a package of their own.
 */
export type PhotoKind = 'png' | 'jpeg' | 'webp' | 'gif';

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, i) => bytes[offset + i] === byte);
}

/** What the bytes are, judged by their magic numbers alone — the declared type is never trusted. */
export function sniffPhotoKind(bytes: Uint8Array): PhotoKind | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (
    startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) &&
    (bytes[4] === 0x37 || bytes[4] === 0x39) &&
    bytes[5] === 0x61
  )
    return 'gif';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'webp';
  return null;
}

/** The payload of `data:<type>;base64,<payload>` (the declared type is dropped); null otherwise. */
export function base64OfDataUrl(value: string): string | null {
  const match = /^data:[^;,]*(?:;[^;,]*)*;base64,/.exec(value);
  if (!match) return null;
  const base64 = value.slice(match[0].length).replace(/\s/g, '');
  return /^[A-Za-z0-9+/]*={0,2}$/.test(base64) ? base64 : null;
}

/** Decoded size of a base64 payload without decoding it (so oversized bodies are refused cheaply). */
export function base64DecodedLength(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}
