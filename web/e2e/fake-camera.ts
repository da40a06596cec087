// A camera for browser tests: Chromium plays a Y4M file as its webcam, so a test can hold a QR
// code up to the app. The file is one grey-scale 640×480 frame (Chromium loops it).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';
import type { Browser } from 'playwright-core';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser';

const WIDTH = 640;
const HEIGHT = 480;

/** A Y4M (YUV 4:2:0) frame showing `text` as a QR code, black on white, centred. */
export function qrVideoFrame(text: string): Buffer {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const cells = modules.size + 2 * quiet;
  const scale = Math.floor(Math.min(WIDTH, HEIGHT) / cells);
  const left = Math.floor((WIDTH - cells * scale) / 2);
  const top = Math.floor((HEIGHT - cells * scale) / 2);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235); // white
  for (let row = 0; row < modules.size; row++)
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(row, col)) continue;
      for (let y = 0; y < scale; y++) {
        const start = (top + (row + quiet) * scale + y) * WIDTH + left + (col + quiet) * scale;
        luma.fill(16, start, start + scale); // black
      }
    }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128); // no colour
  return Buffer.concat([
    Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\nFRAME\n`),
    luma,
    chroma,
  ]);
}

/** A Chromium whose camera (allowed without asking) shows `text` as a QR code. */
export async function launchBrowserFilming(text: string): Promise<Browser> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'saathi-camera-')), 'qr.y4m');
  writeFileSync(file, qrVideoFrame(text));
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${file}`,
    ],
  });
}
