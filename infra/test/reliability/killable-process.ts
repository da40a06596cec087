/**
 * A TypeScript entry (a service, a worker, a test fixture), bundled, run as a child process that a fault
 * test can SIGKILL and start again, as an orchestrator would after a crash. Output is kept (the
 * tail) so a failure can say what the process printed.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { waitFor } from '@saathi/platform/testing';
import { bundleProcesses } from '../../scripts/bundle-processes.mjs';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');

export interface KillableProcess {
  /** Starts it (again) and resolves once `ready` says so. */
  start(): Promise<void>;
  /** SIGKILL: no shutdown hook runs, in-flight work is cut where it stands. Resolves once it is gone. */
  kill(): Promise<void>;
  /** SIGTERM, for the end of the test. */
  stop(): Promise<void>;
  /** How many times kill() found it running. */
  readonly kills: number;
  output(): string;
}

export function killableProcess(options: {
  /** Path from the repository root, e.g. `services/notification/src/worker.ts`. */
  entry: string;
  env: Record<string, string>;
  /** Whether the started process is ready; `output` is everything it printed since this start. */
  ready(output: string): boolean | Promise<boolean>;
  startTimeoutMs?: number;
}): KillableProcess {
  let child: ChildProcess | undefined;
  let output = '';
  let kills = 0;

  const exited = (proc: ChildProcess) =>
    proc.exitCode !== null || proc.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => proc.once('exit', () => resolve()));

  return {
    get kills() {
      return kills;
    },
    output: () => output.slice(-4000),
    async start() {
      let sinceStart = '';
      // The entry's bundle, as the cluster runs its processes (infra/scripts/bundle-processes.mjs).
      const bundle = (await bundleProcesses([options.entry]))[options.entry]!;
      const proc = spawn(process.execPath, ['--enable-source-maps', bundle], {
        cwd: repoRoot,
        env: { ...process.env, ...options.env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = proc;
      const keep = (chunk: Buffer) => {
        sinceStart += chunk.toString();
        output = (output + chunk.toString()).slice(-20_000);
      };
      proc.stdout?.on('data', keep);
      proc.stderr?.on('data', keep);
      await waitFor(
        async () => {
          if (proc.exitCode !== null || proc.signalCode !== null)
            throw new Error(
              `${options.entry} exited (${proc.exitCode ?? proc.signalCode}): ${output.slice(-2000)}`,
            );
          return options.ready(sinceStart);
        },
        // Generous: a loaded CI machine takes many seconds to load a service's modules.
        options.startTimeoutMs ?? 90_000,
        `${options.entry} to be ready`,
      );
    },
    async kill() {
      const proc = child;
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
      kills += 1;
      proc.kill('SIGKILL');
      await exited(proc);
    },
    async stop() {
      const proc = child;
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
      const force = setTimeout(() => proc.kill('SIGKILL'), 5_000);
      proc.kill('SIGTERM');
      await exited(proc);
      clearTimeout(force);
    },
  };
}
