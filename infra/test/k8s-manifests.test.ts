// The Kubernetes manifests, offline: k8s/base is what the process table generates, both
// kustomizations render, and every object has its required fields and follows the rules
// (probes, drain, rollout, autoscaling, budgets, policies) — and a broken manifest is caught.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { checkManifests } from '../deploy/manifest-rules';
import { PROCESSES } from '../deploy/processes';
import { renderBase } from '../deploy/render-k8s';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const k8sDir = path.join(repoRoot, 'k8s');
const scratch = mkdtempSync(path.join(tmpdir(), 'saathi-k8s-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function kustomize(dir: string): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8' });
  if (result.error) throw new Error(`kubectl is needed to render the manifests (${result.error.message})`);
  return result;
}

function render(dir: string): unknown[] {
  const result = kustomize(dir);
  expect(result.status, result.stderr).toBe(0);
  return parseAllDocuments(result.stdout).map((doc) => {
    expect(doc.errors).toEqual([]);
    return doc.toJS() as unknown;
  });
}

const clone = <T>(value: T): T => structuredClone(value);
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- fixtures are mutated freely to break them
type Obj = { kind: string; metadata: { name: string }; spec: Record<string, any> };

describe('k8s manifests', () => {
  it('k8s/base is exactly what `npm run k8s:generate` writes from the process table', () => {
    const expected = renderBase();
    const committed = readdirSync(path.join(k8sDir, 'base')).sort();
    expect(committed).toEqual([...expected.keys()].sort());
    for (const [file, text] of expected)
      expect(readFileSync(path.join(k8sDir, 'base', file), 'utf8'), `k8s/base/${file} is stale`).toBe(text);
  });

  it('the base renders and every object passes the checks, for every process in the table', () => {
    const objects = render(path.join(k8sDir, 'base'));
    expect(checkManifests(objects, PROCESSES)).toEqual([]);
    const deployments = objects.filter((o) => (o as Obj).kind === 'Deployment') as Obj[];
    expect(deployments.map((d) => d.metadata.name).sort()).toEqual(PROCESSES.map((p) => p.name).sort());
  });

  it('the production overlay renders, passes, pins every image by digest and raises the crowd-facing tiers', () => {
    const objects = render(path.join(k8sDir, 'overlays', 'production')) as Obj[];
    expect(checkManifests(objects, PROCESSES)).toEqual([]);
    for (const d of objects.filter((o) => o.kind === 'Deployment')) {
      const image = d.spec.template.spec.containers[0].image as string;
      // A digest, not a tag: a tag may be moved to another image after review.
      expect(image, d.metadata.name).toMatch(/^registry\.example\.org\/saathi\/[a-z-]+@sha256:[0-9a-f]{64}$/);
    }
    const feedScaler = objects.find(
      (o) => o.kind === 'HorizontalPodAutoscaler' && o.metadata.name === 'feed',
    );
    expect(feedScaler?.spec.minReplicas).toBe(3);
  });

  it('serves the site over TLS only, with a Secure affinity cookie', () => {
    const ingresses = (render(path.join(k8sDir, 'base')) as Obj[]).filter((o) => o.kind === 'Ingress');
    expect(ingresses).toHaveLength(2);
    for (const ingress of ingresses) {
      const hosts = (ingress.spec.rules as { host: string }[]).map((rule) => rule.host);
      expect(ingress.spec.tls, ingress.metadata.name).toEqual([{ hosts, secretName: 'saathi-tls' }]);
    }
    const realtime = ingresses.find((o) => o.metadata.name === 'saathi-realtime') as unknown as {
      metadata: { annotations: Record<string, string> };
    };
    expect(realtime.metadata.annotations).toMatchObject({
      'nginx.ingress.kubernetes.io/affinity': 'cookie',
      'nginx.ingress.kubernetes.io/session-cookie-secure': 'true',
    });
  });

  it('sends /socket.io straight to messaging, which the ingress may reach and which checks the Origin', () => {
    const objects = render(path.join(k8sDir, 'base')) as Obj[];
    const backendOf = (name: string) =>
      (
        objects.find((o) => o.kind === 'Ingress' && o.metadata.name === name)!.spec.rules as {
          http: { paths: { path: string; backend: { service: { name: string } } }[] };
        }[]
      ).flatMap((rule) => rule.http.paths.map((p) => `${p.path} → ${p.backend.service.name}`));
    expect(backendOf('saathi-realtime')).toEqual(['/socket.io → messaging']);
    expect(backendOf('saathi')).toEqual(['/ → gateway']);
    const fromIngress = (name: string) =>
      (
        objects.find((o) => o.kind === 'NetworkPolicy' && o.metadata.name === name)!.spec.ingress as {
          from: unknown[];
        }[]
      ).some((rule) => JSON.stringify(rule.from).includes('"ingress-nginx"'));
    expect(PROCESSES.filter((p) => fromIngress(p.name)).map((p) => p.name)).toEqual(['gateway', 'messaging']);
    const config = objects.find(
      (o) => o.kind === 'ConfigMap' && o.metadata.name === 'saathi-config',
    ) as unknown as {
      data: Record<string, string>;
    };
    expect(config.data.SOCKET_ORIGIN).toBe(config.data.PUBLIC_ORIGIN);
  });

  it('names the peers of every egress rule and lets Prometheus reach only the metrics port', () => {
    const policies = (render(path.join(k8sDir, 'base')) as Obj[]).filter((o) => o.kind === 'NetworkPolicy');
    // One per process, and the database setup Job's.
    expect(policies).toHaveLength(PROCESSES.length + 1);
    for (const policy of policies) {
      for (const rule of policy.spec.egress as { to?: unknown[] }[])
        expect(rule.to?.length, `${policy.metadata.name} egress ${JSON.stringify(rule)}`).toBeGreaterThan(0);
      // An Internet-bound rule (SMTP, HTTPS) never reaches private addresses (pods, nodes, metadata).
      for (const rule of policy.spec.egress as { to: { ipBlock?: { cidr: string; except?: string[] } }[] }[])
        for (const peer of rule.to)
          if (peer.ipBlock?.cidr === '0.0.0.0/0')
            expect(peer.ipBlock.except).toEqual(expect.arrayContaining(['10.0.0.0/8', '169.254.0.0/16']));
      const fromMonitoring = (policy.spec.ingress as { from: unknown[]; ports: { port: string }[] }[]).filter(
        (rule) => JSON.stringify(rule.from).includes('"monitoring"'),
      );
      const spec = PROCESSES.find((p) => p.name === policy.metadata.name);
      // The gateway and the services serve their API on `http`; a worker serves nothing else
      // there; the setup Job serves nothing.
      const expected = !spec ? [] : spec.kind === 'worker' ? ['http'] : ['internal'];
      expect(fromMonitoring.flatMap((rule) => rule.ports.map((port) => port.port))).toEqual(expected);
    }
  });

  it('gives each process its own Secret, and the signing key to identity alone', () => {
    for (const dir of [path.join(k8sDir, 'base'), path.join(k8sDir, 'overlays', 'production')]) {
      const deployments = (render(dir) as Obj[]).filter((o) => o.kind === 'Deployment');
      const keysOf = new Map<string, string[]>();
      for (const d of deployments) {
        const container = d.spec.template.spec.containers[0] as {
          env: { name: string; valueFrom?: { secretKeyRef: { name: string; key: string } } }[];
          envFrom: Record<string, unknown>[];
        };
        // No whole Secret in the environment: each key is named, from the process's own Secret.
        expect(container.envFrom.filter((source) => 'secretRef' in source)).toEqual([]);
        const refs = container.env.flatMap((variable) => variable.valueFrom?.secretKeyRef ?? []);
        expect(new Set(refs.map((ref) => ref.name))).toEqual(new Set([`saathi-${d.metadata.name}`]));
        keysOf.set(
          d.metadata.name,
          refs.map((ref) => ref.key),
        );
      }
      const holders = [...keysOf].filter(([, keys]) => keys.includes('JWT_PRIVATE_KEY')).map(([n]) => n);
      expect(holders).toEqual(['identity']);
      // Google's client secret and the mail-token key only where they are read.
      const holding = (key: string) =>
        [...keysOf]
          .filter(([, keys]) => keys.includes(key))
          .map(([n]) => n)
          .sort();
      expect(holding('GOOGLE_CLIENT_SECRET')).toEqual(['identity']);
      expect(holding('MAIL_TOKEN_KEY')).toEqual(['identity', 'notification', 'notification-worker']);
      expect(holding('SMTP_URL')).toEqual(['notification-worker']);
      expect(holding('DATABASE_URL')).not.toContain('gateway');
    }
  });

  it('runs the database setup Job with its own Secret, reaching only PostgreSQL', () => {
    const objects = render(path.join(k8sDir, 'base')) as Obj[];
    const job = objects.find((o) => o.kind === 'Job' && o.metadata.name === 'database-setup')!;
    const container = job.spec.template.spec.containers[0] as {
      command: string[];
      env: { name: string; valueFrom: { secretKeyRef: { name: string } } }[];
    };
    expect(container.command).toEqual(['node', 'infra/scripts/database-roles.mjs']);
    expect(new Set(container.env.map((v) => v.valueFrom.secretKeyRef.name))).toEqual(
      new Set(['saathi-database-setup']),
    );
    const services = PROCESSES.filter((p) => p.kind === 'service').map((p) => p.name);
    expect(container.env.map((v) => v.name).sort()).toEqual(
      ['DATABASE_URL', ...services.map((s) => `DATABASE_PASSWORD_${s.toUpperCase()}`)].sort(),
    );
    const policy = objects.find((o) => o.kind === 'NetworkPolicy' && o.metadata.name === 'database-setup')!;
    expect(policy.spec.ingress).toEqual([]);
    expect(JSON.stringify(policy.spec.egress)).not.toMatch(/4222|6379|443/);
  });

  it('keeps secrets out: only references to secrets created out of band', () => {
    const objects = render(path.join(k8sDir, 'base')) as Obj[];
    expect(objects.filter((o) => o.kind === 'Secret')).toEqual([]);
  });

  describe('catches broken manifests', () => {
    const good = render(path.join(k8sDir, 'base')) as Obj[];
    const broken = (mutate: (objects: Obj[]) => void): string[] => {
      const objects = clone(good);
      mutate(objects);
      return checkManifests(objects, PROCESSES);
    };
    const find = (objects: Obj[], kind: string, name: string) => {
      const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
      if (!found) throw new Error(`${kind}/${name} missing from the fixture`);
      return found;
    };

    it('a Deployment without its readiness probe or with a short grace period', () => {
      const problems = broken((objects) => {
        const feed = find(objects, 'Deployment', 'feed');
        delete feed.spec.template.spec.containers[0].readinessProbe;
        find(objects, 'Deployment', 'blog').spec.template.spec.terminationGracePeriodSeconds = 10;
      });
      expect(
        problems.some((p) => p.startsWith('Deployment/feed: spec.template.spec.containers.0.readinessProbe')),
      ).toBe(true);
      expect(problems.some((p) => p.startsWith('Deployment/blog: grace period 10s'))).toBe(true);
    });

    it('a rollout that may drop capacity, a selector that misses its pods, a probe on a missing port', () => {
      const problems = broken((objects) => {
        find(objects, 'Deployment', 'identity').spec.strategy.rollingUpdate.maxUnavailable = 1;
        find(objects, 'Deployment', 'messaging').spec.selector.matchLabels['app.kubernetes.io/name'] = 'chat';
        find(objects, 'Deployment', 'gateway').spec.template.spec.containers[0].livenessProbe.httpGet.port =
          'admin';
      });
      expect(problems).toContain('Deployment/messaging: selector does not match its pod labels');
      expect(
        problems.some((p) => p.startsWith('Deployment/identity: spec.strategy.rollingUpdate.maxUnavailable')),
      ).toBe(true);
      expect(problems).toContain(
        'Deployment/gateway: a probe names port admin, which the container does not have',
      );
    });

    it('an autoscaler for a missing Deployment, a process without a budget, an unknown Secret', () => {
      const problems = broken((objects) => {
        find(objects, 'HorizontalPodAutoscaler', 'blog').spec.scaleTargetRef.name = 'blogs';
        objects.splice(objects.indexOf(find(objects, 'PodDisruptionBudget', 'notification-worker')), 1);
        const feed = find(objects, 'Deployment', 'feed').spec.template.spec.containers[0] as {
          envFrom: unknown[];
        };
        feed.envFrom.push({ secretRef: { name: 'prod-db' } });
      });
      expect(problems).toContain('HorizontalPodAutoscaler/blog: scales a missing Deployment blogs');
      expect(problems).toContain('notification-worker: no PodDisruptionBudget');
      expect(problems.some((p) => p.startsWith('Deployment/feed: Secret prod-db'))).toBe(true);
    });

    it('an Ingress without TLS, an insecure affinity cookie, open egress, Prometheus on the API port', () => {
      const problems = broken((objects) => {
        delete find(objects, 'Ingress', 'saathi').spec.tls;
        const realtime = find(objects, 'Ingress', 'saathi-realtime') as unknown as {
          metadata: { annotations: Record<string, string> };
        };
        delete realtime.metadata.annotations['nginx.ingress.kubernetes.io/session-cookie-secure'];
        const feed = find(objects, 'NetworkPolicy', 'feed');
        delete feed.spec.egress[1].to;
        const identity = find(objects, 'NetworkPolicy', 'identity');
        for (const rule of identity.spec.ingress)
          if (JSON.stringify(rule.from).includes('"monitoring"')) rule.ports = [{ port: 'http' }];
      });
      expect(problems).toContain('Ingress/saathi: host saathi.example.org has no tls');
      expect(problems).toContain('Ingress/saathi-realtime: the affinity cookie must be Secure');
      expect(problems).toContain('NetworkPolicy/feed: an egress rule without to:');
      expect(problems).toContain(
        'NetworkPolicy/identity: the monitoring namespace may reach only the internal (metrics) port',
      );
    });

    it('a process that reads the signing key, or the Secret of another process', () => {
      const problems = broken((objects) => {
        const blog = find(objects, 'Deployment', 'blog').spec.template.spec.containers[0] as {
          env: unknown[];
        };
        blog.env.push({
          name: 'JWT_PRIVATE_KEY',
          valueFrom: { secretKeyRef: { name: 'saathi-identity', key: 'JWT_PRIVATE_KEY' } },
        });
      });
      expect(problems).toContain('Deployment/blog: Secret saathi-identity is not its own (saathi-blog)');
      expect(problems).toContain('Deployment/blog: reads JWT_PRIVATE_KEY, which only identity may hold');
    });

    it('an unknown kind and an object without a name', () => {
      const problems = checkManifests(
        [{ kind: 'CronJob', metadata: { name: 'x' } }, { kind: 'Service' }],
        PROCESSES,
      );
      expect(problems).toContain('CronJob/x: unexpected kind');
      expect(problems.some((p) => p.startsWith('an object without kind or metadata.name'))).toBe(true);
    });

    it('a kustomization that lists a missing file does not render', () => {
      const dir = path.join(scratch, 'base');
      cpSync(path.join(k8sDir, 'base'), dir, { recursive: true });
      const kustomization = path.join(dir, 'kustomization.yaml');
      writeFileSync(
        kustomization,
        readFileSync(kustomization, 'utf8').replace('- feed.yaml', '- feeds.yaml'),
      );
      expect(kustomize(dir).status).not.toBe(0);
    });
  });
});
