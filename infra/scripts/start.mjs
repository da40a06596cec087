// `npm start`: one process serving the whole product (gateway + every service + workers)
// on PGlite, the in-process bus and queue, and the file mailer. Installs and builds first when needed.
import { spawn } from 'node:child_process';
import { ensureDependencies, ensureWebBuild, repoRoot } from './lib.mjs';

ensureDependencies();
ensureWebBuild();

const child = spawn(process.execPath, ['--import', 'tsx', 'embedded/src/main.ts'], {
  cwd: repoRoot,
  stdio: 'inherit',
});
// Ctrl-C reaches the child through the terminal's process group; forward SIGTERM ourselves.
process.on('SIGTERM', () => child.kill('SIGTERM'));
process.on('SIGINT', () => {});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
