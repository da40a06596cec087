// The Node.js line Saathi supports is production's (infra/docker/Dockerfile: Node 24). On a
// machine whose `node` is older, `npm start`, `npm run start:cluster` and `npm test` run under a
// pinned Node 24 taken from the npm registry (the `node-<platform>-<arch>` package, the binary
// the npm `node` package installs), so the product and its tests run on the same major as
// production. Plain Node, no dependencies: this runs before `npm install`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './lib.mjs';

/** The exact Node 24 the scripts fall back to (package.json "saathi.node"). */
function pinnedVersion() {
  const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
  return manifest.saathi.node;
}

const major = (version) => Number(version.replace(/^v/, '').split('.')[0]);

/**
 * Where pinned runtimes are kept between clones (like npm's own cache): SAATHI_NODE_CACHE, or
 * the user's cache directory.
 */
function cacheDir() {
  return (
    process.env.SAATHI_NODE_CACHE ??
    path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'saathi', 'node')
  );
}

/**
 * The pinned binary, installed from the npm registry on first use; undefined when that fails.
 * Installed into a private directory and renamed into place, so two first runs at once (a test
 * run and a bench, say) never see or leave a half-installed runtime: the second rename finds the
 * first one's complete copy and uses it.
 */
function pinnedNode(version) {
  const pkg = `node-${process.platform}-${process.arch}`;
  const prefix = path.join(cacheDir(), `${pkg}-${version}`);
  const binaryIn = (dir) => path.join(dir, 'node_modules', pkg, 'bin', 'node');
  if (existsSync(binaryIn(prefix))) return binaryIn(prefix);
  mkdirSync(cacheDir(), { recursive: true });
  const staging = mkdtempSync(path.join(cacheDir(), `.${pkg}-${version}-`));
  console.log(`[saathi] installing Node ${version} from the npm registry (${pkg}) into ${prefix}…`);
  const status = spawnSync(
    'npm',
    [
      'install',
      '--no-save',
      '--no-audit',
      '--no-fund',
      '--no-package-lock',
      '--prefix',
      staging,
      `${pkg}@${version}`,
    ],
    { stdio: 'inherit' },
  ).status;
  if (status === 0 && existsSync(binaryIn(staging)) && !existsSync(binaryIn(prefix))) {
    // A copy an interrupted run left without its binary is taken out of the way first.
    rmSync(prefix, { recursive: true, force: true });
    try {
      renameSync(staging, prefix);
    } catch {
      // Another run renamed its copy in first: it is complete, so use it.
    }
  }
  rmSync(staging, { recursive: true, force: true });
  return existsSync(binaryIn(prefix)) ? binaryIn(prefix) : undefined;
}

/**
 * Returns when this process already runs on the supported major. Otherwise runs this same script
 * under the pinned Node 24 (its `node` first on PATH, so npx, vitest and every process they start
 * use it too), passes signals on, and exits with its status. SAATHI_NODE=system keeps the
 * machine's own Node.
 */
export async function useSupportedNode() {
  const version = pinnedVersion();
  if (major(process.version) >= major(version) || process.env.SAATHI_NODE === 'system') return;
  const binary = pinnedNode(version);
  if (!binary) {
    console.warn(
      `[saathi] could not install Node ${version}; going on with this machine's ${process.version}`,
    );
    return;
  }
  console.log(
    `[saathi] this machine's Node is ${process.version}; running under Node ${version} (production's line) from ${path.dirname(binary)}`,
  );
  await relayTo(
    spawn(binary, [...process.execArgv, ...process.argv.slice(1)], {
      stdio: 'inherit',
      env: { ...process.env, PATH: `${path.dirname(binary)}${path.delimiter}${process.env.PATH ?? ''}` },
    }),
  );
}

/**
 * Stands in for `child` until it exits, then exits with its status (1 if a signal ended it).
 * Ctrl-C reaches the child through the terminal's process group; a signal sent to this process
 * alone (a supervisor's SIGTERM) is passed on.
 */
export async function relayTo(child) {
  process.on('SIGINT', () => {});
  for (const signal of ['SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  const [code, signal] = await new Promise((resolve) => child.on('exit', (...result) => resolve(result)));
  process.exit(code ?? (signal ? 1 : 0));
}
