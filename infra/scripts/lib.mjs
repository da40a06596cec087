// Helpers for the launch and test scripts. Plain Node (no dependencies): these run
// before `npm install` has happened on a fresh clone.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: repoRoot, ...options });
  return result.status ?? 1;
}

/** `run` without blocking the event loop (so other work of the script goes on); resolves with the exit status. */
export function runAsync(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd: repoRoot, ...options });
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

/**
 * The files `git status` shows now (tracked ones changed, and new ones not ignored), each with a fingerprint of its
 * content; empty outside a git checkout (a tarball has nothing to compare with).
 */
export function trackedChanges() {
  const status = spawnSync('git', ['status', '--porcelain', '--untracked-files=all'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (status.status !== 0) return new Map();
  const changes = new Map();
  for (const line of status.stdout.split('\n').filter(Boolean)) {
    const file = line.slice(3).split(' -> ').at(-1);
    const full = path.join(repoRoot, file);
    changes.set(
      file,
      existsSync(full) ? createHash('sha256').update(readFileSync(full)).digest('hex') : 'deleted',
    );
  }
  return changes;
}

/** Files changed or created since `before` (a `trackedChanges()`): a developer's own edits are not counted. */
export function trackedChangesSince(before) {
  const now = trackedChanges();
  return [...now].filter(([file, fingerprint]) => before.get(file) !== fingerprint).map(([file]) => file);
}

/** The one process table (infra/deploy/processes.json): every Saathi process, its entry and port. */
export function readProcesses() {
  return JSON.parse(readFileSync(path.join(repoRoot, 'infra', 'deploy', 'processes.json'), 'utf8')).processes;
}

/**
 * Runs a command with its output kept, then prints that output in one piece (so commands run
 * side by side stay readable); resolves with the name and exit status.
 */
export function runCaptured(name, command, args) {
  return new Promise((resolve) => {
    const chunks = [];
    const child = spawn(command, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('error', (error) => chunks.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => {
      const output = Buffer.concat(chunks).toString();
      if (output.trim()) process.stdout.write(`[test] ${name}:\n${output}`);
      resolve({ name, status: code ?? 1 });
    });
  });
}

/** Installs dependencies when node_modules is missing or older than the lockfile. */
export function ensureDependencies() {
  const modules = path.join(repoRoot, 'node_modules');
  const lock = path.join(repoRoot, 'package-lock.json');
  const marker = path.join(modules, '.package-lock.json');
  const fresh =
    existsSync(marker) && (!existsSync(lock) || statSync(marker).mtimeMs >= statSync(lock).mtimeMs);
  if (fresh) return;
  console.log('[saathi] installing dependencies (npm ci)…');
  const status = run('npm', [existsSync(lock) ? 'ci' : 'install', '--no-audit', '--no-fund']);
  if (status !== 0) {
    console.error('[saathi] npm install failed');
    process.exit(status);
  }
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'e2e') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds web/dist unless it is newer than every web and contracts source file. */
export function ensureWebBuild() {
  const index = path.join(repoRoot, 'web', 'dist', 'index.html');
  const sources = Math.max(
    newestMtime(path.join(repoRoot, 'web')),
    newestMtime(path.join(repoRoot, 'services', 'contracts', 'src')),
  );
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  console.log('[saathi] building the web app…');
  // Whatever NODE_ENV the caller has (a test runner sets `test`), the build is the shipped one.
  const status = run('npm', ['run', 'build', '-w', '@saathi/web'], {
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (status !== 0) {
    console.error('[saathi] web build failed');
    process.exit(status);
  }
}

export function tcpReachable(url, timeoutMs = 1500) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port) });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Spawns a child whose every output line is prefixed with its name (cluster mode). */
export function spawnPrefixed(name, command, args, env, color) {
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: a terminal's Ctrl-C reaches the launcher alone, which stops it once.
    detached: true,
  });
  const label = name.padEnd(22);
  const prefix = process.stdout.isTTY ? `\x1b[${color}m${label}\x1b[0m| ` : `${label}| `;
  for (const stream of [child.stdout, child.stderr]) {
    let buffered = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(prefix + line + '\n');
    });
  }
  return child;
}
