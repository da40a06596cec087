import { deflateSync } from 'node:zlib';

// PNGs made in code rather than kept as binary files: a photo for seeded posts (a soft two-colour
// gradient; the server re-encodes whatever it gets, so only its size matters) and the browser
// tests' upload images (web/e2e/png.ts).

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGB PNG of `width` × `height`, each pixel's colour from `rgbAt`. */
export function rgbPng(
  width: number,
  height: number,
  rgbAt: (x: number, y: number) => readonly number[],
): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter, not interlaced
  const rows = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    const start = y * (1 + width * 3);
    rows[start] = 0; // no filter on the row
    for (let x = 0; x < width; x++) rows.set(rgbAt(x, y), start + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * An RGB PNG of `width` × `height`, teal at the top fading to amber at the bottom. With `grain`,
 * each 3 × 3 block moves by up to ± that much (a fixed sequence, so every run is alike): texture
 * that compresses more like a photo than a flat gradient does.
 */
export function gradientPng(width: number, height: number, grain = 0): Buffer {
  let seed = 42;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const blocksWide = Math.ceil(width / 3);
  const blocks = Array.from({ length: Math.ceil(height / 3) * blocksWide }, () =>
    Math.round((next() * 2 - 1) * grain),
  );
  const clamp = (value: number) => Math.max(0, Math.min(255, value));
  return rgbPng(width, height, (x, y) => {
    const t = y / Math.max(1, height - 1);
    const shift = blocks[Math.floor(y / 3) * blocksWide + Math.floor(x / 3)] ?? 0;
    return [15 + 230 * t, 118 + 40 * t, 110 - 70 * t].map((channel) => clamp(Math.round(channel) + shift));
  });
}

/** The same as a data URL, the form the photo upload takes. */
export const gradientPngDataUrl = (width: number, height: number, grain = 0) =>
  `data:image/png;base64,${gradientPng(width, height, grain).toString('base64')}`;
