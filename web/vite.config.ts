import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { bootAfterPaint } from './build/boot-after-paint';
import { inlineCss } from './build/inline-css';
import { precompress } from './build/precompress';
import { pureContracts } from './build/pure-contracts';
import { serviceWorker } from './build/service-worker';
import { zodJitless } from './build/zod-jitless';

// The gateway (embedded mode) listens on :3000 and serves every /api route and the socket.
const gateway = 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    zodJitless(),
    pureContracts(),
    inlineCss(),
    bootAfterPaint(),
    serviceWorker(),
    precompress(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // The gateway reads .vite/manifest.json to preload each route's chunk from the HTML.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically (React, the router, the query client, the
          // app shell) in one chunk: rolldown otherwise splits it into ~15 small chunks along the
          // lines the lazy screens share, and on a slow mobile link each is a request waiting for
          // a free connection before the first screen can render.
          groups: [
            { name: 'app', tags: ['$initial'] },
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: gateway, changeOrigin: false },
      '/socket.io': { target: gateway, ws: true },
    },
  },
});
