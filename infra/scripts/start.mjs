// `npm start`: one process serving the whole product (gateway + every service + workers)
// on PGlite, the in-process bus and queue, and the file mailer. Installs and builds first when needed.
import { spawn } from 'node:child_process';
import { ensureDependencies, ensureWebBuild, repoRoot } from './lib.mjs';
import { useSupportedNode } from './node-runtime.mjs';

await useSupportedNode();
ensureDependencies();
ensureWebBuild();

// Imported only now: the bundler is a dependency, which a fresh clone has only after the line above.
// The process runs as one bundle, like each cluster process: no TypeScript compiled at every start.
const { bundleProcesses } = await import('./bundle-processes.mjs');
const entry = 'embedded/src/main.ts';
const { [entry]: bundle } = await bundleProcesses([entry]);

const child = spawn(process.execPath, ['--enable-source-maps', bundle], {
  cwd: repoRoot,
  stdio: 'inherit',
});
// Ctrl-C reaches the child through the terminal's process group; forward SIGTERM ourselves.
process.on('SIGTERM', () => child.kill('SIGTERM'));
process.on('SIGINT', () => {});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
