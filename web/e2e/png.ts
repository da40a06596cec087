// A small valid PNG built in memory, so the upload test needs no fixture file.
import { rgbPng } from '../../load-tests/audit/photo';

/** A width×height RGB PNG filled with one colour. */
export function solidPng(width = 16, height = 16, rgb: [number, number, number] = [15, 118, 110]): Buffer {
  return rgbPng(width, height, () => rgb);
}

/** Width and height from a PNG's IHDR chunk. */
export function pngSize(png: Buffer): { width: number; height: number } {
  if (png.length < 24 || png.toString('ascii', 12, 16) !== 'IHDR') throw new Error('Not a PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}
