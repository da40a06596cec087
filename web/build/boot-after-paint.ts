import type { Plugin } from 'vite';
// A path, not the package: Vite loads its config's imports from node_modules as they are, and
// the contracts package is TypeScript.
import {
  BOOT_ELEMENT_ID,
  BOOT_SCRIPT,
  jsonScript,
  type BootModules,
} from '../../services/contracts/src/web/boot';

const ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * Moves the entry script and its module preloads out of the head: the built index.html names
 * them in a JSON element, and contracts' BOOT_SCRIPT (inline, at the end of the body) fetches
 * them once the HTML's first frame has painted (why: services/contracts/src/web/boot.ts). Runs
 * after Vite has written its tags; a build whose HTML has no entry tag is left as it is.
 */
export function bootAfterPaint(): Plugin {
  return {
    name: 'saathi-boot-after-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = ENTRY.exec(html)?.[1];
        if (!entry) return html;
        const modules: BootModules = {
          entry,
          preload: [...html.matchAll(PRELOAD)].map(([, href]) => href ?? ''),
        };
        const head = html.replace(ENTRY, '').replace(PRELOAD, '');
        const boot = `${jsonScript(`id="${BOOT_ELEMENT_ID}"`, modules)}<script>${BOOT_SCRIPT}</script>`;
        return head.replace('</body>', `${boot}</body>`);
      },
    },
  };
}
