import { describe, expect, it } from 'vitest';
import { loadConfig } from '@saathi/platform';
import { apiDocsEnabled, edgeOptions, gatewayEnvSchema } from './config';
import { k8sEnv } from './test-upstreams';
import { deploymentOf } from '../../infra/deploy/k8s-objects';
import { processNamed } from '../../infra/deploy/processes';

interface Probe {
  httpGet: { port: string };
}
interface PodTemplate {
  metadata: { annotations: Record<string, string> };
  spec: {
    containers: {
      ports: { name: string; containerPort: number }[];
      readinessProbe: Probe;
      livenessProbe: Probe;
      startupProbe: Probe;
    }[];
  };
}

const load = (env: Record<string, string>) => loadConfig(gatewayEnvSchema, env, { exit: false });

describe('gateway config', () => {
  it('defaults to the local service ports, the built web app and an edge log of failures', () => {
    const config = loadConfig(gatewayEnvSchema, {}, { exit: false });
    expect(config).toMatchObject({
      PORT: 3000,
      IDENTITY_URL: 'http://127.0.0.1:4001',
      FEED_URL: 'http://127.0.0.1:4002',
      MESSAGING_URL: 'http://127.0.0.1:4003',
      BLOG_URL: 'http://127.0.0.1:4004',
      NOTIFICATION_URL: 'http://127.0.0.1:4005',
      REDIS_URL: 'redis://127.0.0.1:6379',
      ACCESS_LOG: 'errors',
      RATE_LIMIT_PER_MINUTE: 600,
      AUTH_RATE_LIMIT_PER_MINUTE: 10,
    });
    expect(config.WEB_DIST).toMatch(/[\\/]web[\\/]dist$/);
    expect(config.JWT_PUBLIC_KEY).toBeUndefined();
  });

  it('defaults the edge defences: the local origin, 32 requests in flight, client timeouts, no proxy trusted', () => {
    const config = load({});
    expect(config.METRICS_PORT).toBeUndefined();
    expect(edgeOptions(config)).toEqual({
      trustProxy: [],
      publicOrigin: 'http://localhost:3000',
      maxInFlightPerIp: 32,
      httpTimeouts: { headersTimeoutMs: 10_000, requestTimeoutMs: 120_000, connectionTimeoutMs: 120_000 },
    });
    expect(load({ PUBLIC_ORIGIN: 'https://saathi.example.org/' }).PUBLIC_ORIGIN).toBe(
      'https://saathi.example.org',
    );
  });

  it('serves /api/docs in development and not in production, unless API_DOCS says otherwise', () => {
    expect(apiDocsEnabled(load({}))).toBe(true);
    expect(apiDocsEnabled(load({ NODE_ENV: 'development' }))).toBe(true);
    expect(apiDocsEnabled(load({ NODE_ENV: 'production' }))).toBe(false);
    expect(apiDocsEnabled(load({ NODE_ENV: 'production', API_DOCS: 'true' }))).toBe(true);
    expect(apiDocsEnabled(load({ API_DOCS: 'false' }))).toBe(false);
    expect(() => load({ API_DOCS: 'sometimes' })).toThrow(/API_DOCS/);
  });

  it('takes TRUST_PROXY as proxy addresses and CIDRs, and refuses anything else, `true` included', () => {
    expect(load({ TRUST_PROXY: '10.244.0.0/16, 192.0.2.7,fd00::/8,loopback' }).TRUST_PROXY).toEqual([
      '10.244.0.0/16',
      '192.0.2.7',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['true', '10.0.0.0/33', 'ingress.local', '10.0.0.0/8/1', '::/129', '10.0.0.0/x']) {
      expect(() => load({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('k8s runs the gateway trusting the ingress for X-Forwarded-For, with probes on the internal port', () => {
    const config = load(k8sEnv('gateway'));
    expect(config.TRUST_PROXY.length).toBeGreaterThan(0);
    expect(config.PUBLIC_ORIGIN).toBe('https://saathi.example.org');
    expect(config.METRICS_PORT).toBeDefined();
    const pod = (deploymentOf(processNamed('gateway')) as unknown as { spec: { template: PodTemplate } }).spec
      .template;
    const container = pod.spec.containers[0]!;
    expect(container.ports).toContainEqual({ name: 'internal', containerPort: config.METRICS_PORT });
    for (const probe of [container.readinessProbe, container.livenessProbe, container.startupProbe])
      expect(probe.httpGet.port).toBe('internal');
    expect(pod.metadata.annotations['prometheus.io/port']).toBe(String(config.METRICS_PORT));
  });

  it('rejects a malformed upstream URL', () => {
    expect(() => loadConfig(gatewayEnvSchema, { FEED_URL: 'not a url' }, { exit: false })).toThrow(
      /FEED_URL/,
    );
  });
});
