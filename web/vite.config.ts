import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './build/precompress';
import { serviceWorker } from './build/service-worker';
import { zodJitless } from './build/zod-jitless';

// The gateway (embedded mode) listens on :3000 and serves every /api route and the socket.
const gateway = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), zodJitless(), serviceWorker(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // The gateway reads .vite/manifest.json to preload each route's chunk from the HTML.
    manifest: true,
  },
  server: {
    proxy: {
      '/api': { target: gateway, changeOrigin: false },
      '/socket.io': { target: gateway, ws: true },
    },
  },
});
