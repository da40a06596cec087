// Starts the whole product (gateway + services + web/dist) in one process for browser tests.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmbedded } from '@saathi/embedded';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const webDist = path.join(repoRoot, 'web', 'dist', 'index.html');

/**
 * Builds web/dist when it is missing (unless SAATHI_WEB_DIST names a build). Test files run in parallel workers, so the build runs
 * under a lock and is skipped by whoever finds it done. The test runner may build it up front.
 */
export function ensureWebBuilt(): void {
  if (process.env.SAATHI_WEB_DIST || existsSync(webDist)) return;
  const script = `[ -f "${webDist}" ] || npm run build -w @saathi/web`;
  execFileSync('flock', [path.join(tmpdir(), 'saathi-web-build.lock'), 'sh', '-c', script], {
    cwd: repoRoot,
    stdio: 'inherit',
    // Vitest sets NODE_ENV=test, which would make Vite build React's development JSX: the
    // browser tests (and any figure measured on this build) must see what ships.
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

export interface TestServer {
  url: string;
  mailDir: string;
  close(): Promise<void>;
}

export async function startTestServer(
  options: { port?: number; env?: Record<string, string | undefined> } = {},
): Promise<TestServer> {
  ensureWebBuilt();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'saathi-e2e-'));
  const server = await startEmbedded({
    port: options.port ?? 0,
    dataDir,
    logLevel: 'warn',
    env: options.env,
    // A build kept apart from web/dist (`vite build --outDir <dir>`), as load-tests/audit/diagnose.ts.
    webDist: process.env.SAATHI_WEB_DIST,
  });
  return {
    url: server.url.replace(/\/+$/, ''),
    mailDir: server.mailDir,
    close: async () => {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
