import { generateKeyPairSync } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp, generateMailTokenKey, loadConfig } from '@saathi/platform';
import type { App } from '@saathi/platform';
import { configSchema } from './config';
import { networkPolicyOf } from '../../../infra/deploy/k8s-objects';
import { PROCESSES, processNamed } from '../../../infra/deploy/processes';

const privateKey = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();

const apps: App[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

/** The client address identity's per-IP limits would use, with identity's TRUST_PROXY. */
async function addressSeenBy(env: Record<string, string>) {
  const config = loadConfig(
    configSchema,
    { JWT_PRIVATE_KEY: privateKey, MAIL_TOKEN_KEY: generateMailTokenKey(), ...env },
    { exit: false },
  );
  const app = await createApp({
    name: 'identity',
    logLevel: 'silent',
    readiness: {},
    trustProxy: config.TRUST_PROXY,
  });
  apps.push(app);
  app.get('/ip', (request) => ({ ip: request.ip }));
  return async (peer: string, forwardedFor: string): Promise<string> =>
    (
      await app.inject({ url: '/ip', remoteAddress: peer, headers: { 'x-forwarded-for': forwardedFor } })
    ).json<{ ip: string }>().ip;
}

describe('identity TRUST_PROXY', () => {
  it('believes X-Forwarded-For only from the gateway on this machine by default, not from the private network', async () => {
    const seen = await addressSeenBy({});
    expect(await seen('127.0.0.1', '198.51.100.7')).toBe('198.51.100.7');
    // Another pod, container or VM on a private network claiming to forward for someone.
    expect(await seen('10.1.2.3', '198.51.100.7')).toBe('10.1.2.3');
    expect(await seen('192.168.4.4', '198.51.100.7')).toBe('192.168.4.4');
    expect(await seen('fd00::5', '198.51.100.7')).toBe('fd00::5');
  });

  it('in k8s trusts the pod network, which the network policy opens to the gateway alone', async () => {
    const identity = processNamed('identity');
    const trustProxy = identity.env['TRUST_PROXY'];
    expect(trustProxy).toBeDefined();
    const seen = await addressSeenBy({ TRUST_PROXY: trustProxy! });
    const gatewayPod = trustProxy!
      .split(',')[0]!
      .split('/')[0]!
      .replace(/\.\d+$/, '.9');
    expect(await seen(gatewayPod, '198.51.100.7')).toBe('198.51.100.7');
    // Only the gateway's pods may connect to identity's port.
    const policy = networkPolicyOf(identity, PROCESSES) as unknown as {
      spec: { ingress: { from: { podSelector?: { matchLabels: Record<string, string> } }[] }[] };
    };
    const fromPods = policy.spec.ingress.flatMap((rule) => rule.from).filter((peer) => peer.podSelector);
    expect(fromPods).toEqual([{ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'gateway' } } }]);
  });
});
