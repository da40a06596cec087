import type { Plugin } from 'vite';

/**
 * Writes the app's stylesheet into index.html as a `<style>` (the file is still built, below).
 *
 * The HTML holds a static copy of the header that paints before any script runs, but a
 * `<link rel="stylesheet">` blocks that paint until a second request comes back, and on a slow
 * mobile link it shares the bandwidth with the ~30 high-priority module scripts fetched at the
 * same time: measured, it was the one render-blocking request of every first visit. Inline, the
 * first paint needs the HTML alone. The cost is the stylesheet's ~8 KB of brotli in every page
 * load's HTML instead of once in the cache; the app is a single page, so that is one HTML per
 * visit (the CSP allows inline styles: `style-src 'unsafe-inline'`).
 */
export function inlineCss(): Plugin {
  return {
    name: 'saathi-inline-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        return html.replace(
          /<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+\.css)">/g,
          (tag, file: string) => {
            const asset = bundle[file];
            if (asset?.type !== 'asset') return tag;
            const css = String(asset.source);
            if (css.includes('</style')) return tag;
            // The file stays: every lazy chunk that imports the entry lists it among the deps it
            // preloads, and a missing one fails that import (Vite then reloads the page). With
            // the styles already inline it costs one cached request, after the first paint.
            return `<style>${css}</style>`;
          },
        );
      },
    },
  };
}
