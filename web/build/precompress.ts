import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest|txt|xml)$/;
// Below about 1 KB the headers cost more than compression saves.
const MIN_BYTES = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build, at maximum quality:
 * done once at build time, so the gateway serves them without spending CPU per request.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'saathi-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      for await (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
        if ((await stat(file)).size < MIN_BYTES) continue;
        const content = await readFile(file);
        const brotli = brotliCompressSync(content, {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
        });
        await writeFile(`${file}.br`, brotli);
        await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}
