/**
 * The JavaScript a first visit to a screen downloads, measured from the build: the entry
 * chunk, everything it imports statically, and the screen's own chunk with its imports (the
 * gateway preloads those from the HTML). Sizes are as sent: brotli (what browsers ask for)
 * and gzip, at the levels the build writes.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

export interface FirstLoad {
  files: string[];
  rawBytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

export function firstLoadJs(distDir: string, page: string): FirstLoad {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const keys = new Set<string>();
  const add = (key: string) => {
    if (keys.has(key) || !manifest[key]) return;
    keys.add(key);
    for (const imported of manifest[key].imports ?? []) add(imported);
  };
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const pageKey = Object.keys(manifest).find((key) => key.endsWith(`/pages/${page}.tsx`));
  if (!entry || !pageKey) throw new Error(`no entry or no chunk for ${page} in ${distDir}`);
  add(entry);
  add(pageKey);

  const files = [...keys].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
  let rawBytes = 0;
  let brotliBytes = 0;
  let gzipBytes = 0;
  for (const file of files) {
    const content = readFileSync(path.join(distDir, file));
    rawBytes += content.length;
    brotliBytes += brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }).length;
    gzipBytes += gzipSync(content, { level: 9 }).length;
  }
  return { files, rawBytes, brotliBytes, gzipBytes };
}
