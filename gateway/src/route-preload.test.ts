import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCREEN_MODULES_ATTRIBUTE } from '@saathi/contracts';
import { bootsAfterPaint, loadRoutePreloads } from './route-preload';

function webRoot(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'saathi-route-preload-'));
  mkdirSync(path.join(root, '.vite'));
  writeFileSync(
    path.join(root, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared.js'] },
      '_shared.js': { file: 'assets/shared-2.js' },
      'src/pages/auth-page.tsx': { file: 'assets/auth-page-3.js', imports: ['_shared.js', '_forms.js'] },
      '_forms.js': { file: 'assets/forms-4.js', css: ['assets/forms-4.css'] },
    }),
  );
  return root;
}

describe('route preloads', () => {
  it("lists a screen's modules as JSON for a build that starts them after the first paint", () => {
    const tags = loadRoutePreloads(webRoot(), true).tagsFor('/auth');
    const json = new RegExp(
      `<script type="application/json" ${SCREEN_MODULES_ATTRIBUTE}>(.*?)</script>`,
    ).exec(tags);
    // The entry's own imports are the build's to name, not the screen's.
    expect(JSON.parse(json?.[1] ?? 'null')).toEqual(['/assets/auth-page-3.js', '/assets/forms-4.js']);
    expect(tags).not.toContain('modulepreload');
    expect(tags).toContain('<link rel="stylesheet" crossorigin href="/assets/forms-4.css">');
  });

  it('names them as module preloads for any other build, and nothing for an unknown screen', () => {
    const preloads = loadRoutePreloads(webRoot(), false);
    expect(preloads.tagsFor('/auth')).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/auth-page-3.js">',
    );
    expect(preloads.tagsFor('/nowhere')).toBe('');
  });

  it("tells the boot script's build by the element it writes", () => {
    expect(bootsAfterPaint('<script type="application/json" id="saathi-boot">{}</script>')).toBe(true);
    expect(bootsAfterPaint('<script type="module" src="/assets/index-1.js"></script>')).toBe(false);
  });
});
