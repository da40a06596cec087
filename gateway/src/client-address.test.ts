/**
 * Behind an ingress every connection comes from the ingress: the client's address must come
 * from the X-Forwarded-For it sets, and from nobody else's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@saathi/platform';
import type { App } from '@saathi/platform';
import { edgeOptions, gatewayEnvSchema } from './config';
import { allAt, closers, k8sEnv, startFakeService, startGateway } from './test-upstreams';
import type { Upstreams } from './routes';

const { track, closeAll } = closers();
afterAll(closeAll);

let upstreams: Upstreams;
beforeAll(async () => {
  const identity = await startFakeService('identity');
  track(() => identity.app.close());
  upstreams = allAt(identity.url);
});

/** The gateway as its k8s Deployment configures it, with a sign-in limit of 2 a minute. */
async function k8sGateway(): Promise<{ app: App; ingressAddress: string }> {
  const config = loadConfig(gatewayEnvSchema, k8sEnv('gateway'), { exit: false });
  const { app } = await startGateway({
    upstreams,
    ...edgeOptions(config),
    rateLimit: { store: 'memory', authMax: 2 },
  });
  track(() => app.close());
  // An address inside the first trusted range, e.g. 10.244.0.0/16 → 10.244.0.7.
  const range = config.TRUST_PROXY[0]!.split('/')[0]!;
  return { app, ingressAddress: range.replace(/\.\d+$/, '.7') };
}

const signIn = (app: App, peer: string, forwardedFor: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: 'asha', password: 'x' },
    remoteAddress: peer,
    headers: { 'x-forwarded-for': forwardedFor },
  });

describe('client address', () => {
  it('gives each client behind the k8s ingress its own sign-in bucket', async () => {
    const { app, ingressAddress } = await k8sGateway();
    const first = await signIn(app, ingressAddress, '198.51.100.1');
    expect(first.statusCode).toBe(200);
    expect(first.json().forwardedFor).toBe('198.51.100.1');
    expect((await signIn(app, ingressAddress, '198.51.100.1')).statusCode).toBe(200);
    expect((await signIn(app, ingressAddress, '198.51.100.1')).statusCode).toBe(429);
    // Another client through the same ingress is not locked out with the first.
    const other = await signIn(app, ingressAddress, '198.51.100.2');
    expect(other.statusCode).toBe(200);
    expect(other.json().forwardedFor).toBe('198.51.100.2');
    // A forged entry to the left of the ingress's own is the client's word, not the ingress's.
    const forged = await signIn(app, ingressAddress, '198.51.100.99, 198.51.100.1');
    expect(forged.statusCode).toBe(429);
  });

  it('ignores X-Forwarded-For from a peer outside TRUST_PROXY: spoofed addresses share one bucket', async () => {
    const { app } = await k8sGateway();
    const attacker = '203.0.113.50';
    const first = await signIn(app, attacker, '198.51.100.1');
    expect(first.statusCode).toBe(200);
    expect(first.json().forwardedFor).toBe(attacker);
    expect((await signIn(app, attacker, '198.51.100.2')).statusCode).toBe(200);
    expect((await signIn(app, attacker, '198.51.100.3')).statusCode).toBe(429);
  });
});
