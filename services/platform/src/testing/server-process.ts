import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

export interface LaunchOptions {
  /** The server's environment (default: this process's). */
  env?: NodeJS.ProcessEnv;
  /** How long it may take to listen; default 10 s. */
  timeoutMs?: number;
  /** Everything it writes, stdout and stderr, as it comes (a test may read its log later). */
  output?: (chunk: string) => void;
}

/**
 * Starts a server binary (nats-server, redis-server) for a test and waits until it accepts
 * connections on `port`; fails with the tail of its output when it exits or never listens.
 */
export async function launchServer(
  name: string,
  binary: string,
  args: string[],
  port: number,
  options: LaunchOptions = {},
): Promise<ChildProcess> {
  const child = spawn(binary, args, {
    env: options.env ?? process.env,
    stdio: ['ignore', options.output ? 'pipe' : 'ignore', 'pipe'],
  });
  let log = '';
  const take = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
    options.output?.(chunk.toString());
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  while (!(await accepts(port))) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}: ${log}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${name} did not listen on ${port}: ${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return child;
}

/** SIGTERM, then SIGKILL after 5 s; resolves once the process has exited. */
export function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A TCP port nobody listens on right now. */
export function sparePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
