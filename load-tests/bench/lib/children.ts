import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';

export interface Child {
  url: string;
  /** Everything the child reported when it was ready (at least its url). */
  message: Record<string, string>;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Starts a TypeScript entry in its own Node process (stdout discarded) and waits for its URL. */
export function startChild(
  entry: string,
  args: string[] = [],
  execArgv: string[] = [],
  env: Record<string, string> = {},
): Promise<Child> {
  const child = fork(entry, args, {
    execArgv: ['--import', 'tsx', ...execArgv],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: { ...process.env, ...env },
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${entry} did not start within 30 s`)), 30_000);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${entry} exited with ${code}`)));
    child.once('message', (message: Record<string, string> & { url: string }) => {
      clearTimeout(timer);
      resolve({
        url: message.url,
        message,
        process: child,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) {
              done();
              return;
            }
            child.once('exit', () => {
              done();
            });
            child.disconnect();
            setTimeout(() => child.kill('SIGKILL'), 5000).unref();
          }),
      });
    });
  });
}
