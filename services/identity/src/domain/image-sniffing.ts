// An avatar upload's data URL and content types. The magic-number check and the decoded size
// are the platform's (`sniffImageKind`, `base64DecodedLength`), shared with feed's post photos.
import type { ImageKind } from '@saathi/platform';

export const IMAGE_CONTENT_TYPES: Record<ImageKind, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};

export interface DataUrl {
  declaredType: string;
  base64: string;
}

/** `data:<type>;base64,<payload>` → its parts; null when it is not a base64 data URL. */
export function parseDataUrl(value: string): DataUrl | null {
  const match = /^data:([^;,]*)(?:;[^;,]*)*;base64,/.exec(value);
  if (!match) return null;
  return { declaredType: match[1] ?? '', base64: value.slice(match[0].length) };
}

export function isBase64(base64: string): boolean {
  return /^[A-Za-z0-9+/]*={0,2}$/.test(base64.replace(/\s/g, ''));
}
