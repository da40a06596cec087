/** Fake services on real sockets and a gateway in front of them, for the edge's tests. */
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { createLogger } from '@saathi/platform';
import type { App } from '@saathi/platform';
import { buildGateway } from './app';
import type { GatewayOptions } from './app';
import type { Upstreams } from './routes';
import { configMapOf, deploymentOf } from '../../infra/deploy/k8s-objects';
import { PROCESSES, processNamed } from '../../infra/deploy/processes';

export const silentLogger = createLogger({ name: 'gateway-test', level: 'silent' });

/** Closes everything started through `track`, newest first (call from afterAll). */
export function closers(): { track: (close: () => Promise<unknown>) => void; closeAll: () => Promise<void> } {
  const list: (() => Promise<unknown>)[] = [];
  return {
    track: (close) => list.push(close),
    closeAll: async () => {
      for (const close of list.splice(0).reverse()) await close();
    },
  };
}

/**
 * A service that reads every body in full (as a real one validating JSON does) and answers
 * `{ service, url, ip }`; `setup` adds routes of its own.
 */
export async function startFakeService(
  name: string,
  setup?: (app: FastifyInstance) => void,
): Promise<{ url: string; app: FastifyInstance }> {
  // Closing drops open connections: a test that fails midway must not hang its clean-up.
  const app = Fastify({ bodyLimit: 50 * 1024 * 1024, forceCloseConnections: true });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  setup?.(app);
  app.all('/*', (request) => ({
    service: name,
    url: request.url,
    forwardedFor: request.headers['x-forwarded-for'] ?? null,
  }));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, app };
}

/** Every service at one URL. */
export const allAt = (url: string): Upstreams => ({
  identity: url,
  feed: url,
  messaging: url,
  blog: url,
  notification: url,
  moderation: url,
});

/** The gateway with in-memory rate limits and a silent log, not listening yet. */
export function buildTestGateway(options: Partial<GatewayOptions> & { upstreams: Upstreams }): Promise<App> {
  return buildGateway({ rateLimit: { store: 'memory' }, logger: silentLogger, ...options });
}

export async function startGateway(
  options: Partial<GatewayOptions> & { upstreams: Upstreams },
): Promise<{ app: App; url: string }> {
  const app = await buildTestGateway(options);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url };
}

/**
 * The env Kubernetes gives a process's container: its Deployment's `env` over the shared
 * ConfigMap, as k8s/base has them (generated from the same objects; a test keeps them equal).
 */
export function k8sEnv(processName: string): Record<string, string> {
  const env: Record<string, string> = {};
  Object.assign(env, configMapOf(PROCESSES).data as Record<string, string>);
  const deployment = deploymentOf(processNamed(processName)) as unknown as {
    spec: { template: { spec: { containers: { env: { name: string; value: string }[] }[] } } };
  };
  for (const { name, value } of deployment.spec.template.spec.containers[0]?.env ?? []) env[name] = value;
  return env;
}
