/**
 * Names each screen's chunks in the HTML it is served with, so the browser fetches them at
 * once with the main script instead of discovering them one import after another. Reads the
 * build's Vite manifest; the screens table (contracts' SCREENS, which the web router renders)
 * maps a URL to its page. A build that starts its modules after the first paint (contracts'
 * BOOT_SCRIPT) gets the list as JSON for that script; any other gets `<link rel="modulepreload">`.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  BOOT_ELEMENT_ID,
  SCREEN_MODULES_ATTRIBUTE,
  SCREENS,
  jsonScript,
  screenPathOf,
} from '@saathi/contracts';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

export interface RoutePreloads {
  /** The tags naming the chunks of the page at `pathname` ('' when none is known). */
  tagsFor(pathname: string): string;
}

/** Whether the built index.html starts its modules with BOOT_SCRIPT. */
export function bootsAfterPaint(indexHtml: string): boolean {
  return indexHtml.includes(`id="${BOOT_ELEMENT_ID}"`);
}

function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

export function loadRoutePreloads(webRoot: string, afterPaint: boolean): RoutePreloads {
  const manifestPath = path.join(webRoot, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return { tagsFor: () => '' };
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  // The entry's own imports are already preloaded by the tags Vite writes.
  const alreadyLoaded = entryKey ? staticClosure(manifest, entryKey) : new Set<string>();

  const tagsByPage = new Map<string, string>();
  for (const { page } of SCREENS) {
    if (tagsByPage.has(page)) continue;
    const key = Object.keys(manifest).find((k) => k.endsWith(`/pages/${page}.tsx`));
    if (!key) continue;
    const modules: string[] = [];
    const styles: string[] = [];
    for (const chunkKey of staticClosure(manifest, key)) {
      if (alreadyLoaded.has(chunkKey)) continue;
      const chunk = manifest[chunkKey];
      if (!chunk) continue;
      modules.push(`/${chunk.file}`);
      for (const css of chunk.css ?? []) styles.push(`<link rel="stylesheet" crossorigin href="/${css}">`);
    }
    const moduleTags =
      modules.length === 0
        ? ''
        : afterPaint
          ? jsonScript(SCREEN_MODULES_ATTRIBUTE, modules)
          : modules.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('');
    tagsByPage.set(page, moduleTags + styles.join(''));
  }

  return {
    tagsFor(pathname) {
      const screen = screenPathOf(pathname);
      const page = SCREENS.find((candidate) => candidate.path === screen)?.page;
      return page ? (tagsByPage.get(page) ?? '') : '';
    },
  };
}
