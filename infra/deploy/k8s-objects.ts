// Kubernetes objects for every process in the table: what k8s/base holds, built in one place
// so each service and worker gets the same probes, drain, limits and policies.
import { secretKeysOf, secretNameOf } from './processes';
import type { Need, ProcessSpec } from './processes';

export type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string } & Record<string, unknown>;
} & Record<string, unknown>;

/** Seconds: endpoints drop the pod during preStop, then the process drains (≤ 11 s, see serve.ts). */
export const PRE_STOP_SECONDS = 5;
export const PROCESS_DRAIN_SECONDS = 11;
export const GRACE_PERIOD_SECONDS = 30;
/** Waiting jobs per worker pod the autoscaler aims for (an External metric, see docs/scaling.md). */
export const QUEUE_WAITING_METRIC = 'saathi_queue_jobs';
export const QUEUE_WAITING_PER_POD = '20';
export const INGRESS_NAMESPACE = 'ingress-nginx';
/**
 * The process that holds the sockets: the ingress sends `/socket.io` to it directly, without the
 * gateway's relay of every frame (about a fifth of the CPU a message costs our processes,
 * load-tests/RESULTS.md); it checks the Origin (SOCKET_ORIGIN) and the cookie itself.
 */
export const REALTIME_PROCESS = 'messaging';
export const MONITORING_NAMESPACE = 'monitoring';
export const PUBLIC_HOST = 'saathi.example.org';
/** The certificate for PUBLIC_HOST (cert-manager or `kubectl create secret tls`, k8s/README.md). */
export const TLS_SECRET = 'saathi-tls';

const NAME_LABEL = 'app.kubernetes.io/name';
const labelsOf = (p: ProcessSpec) => ({
  [NAME_LABEL]: p.name,
  'app.kubernetes.io/part-of': 'saathi',
  'app.kubernetes.io/component': p.kind,
});
const selectorOf = (p: ProcessSpec) => ({ matchLabels: { [NAME_LABEL]: p.name } });
/** The port probes and Prometheus use: the gateway's internal listener, else the main one. */
const probePortName = (p: ProcessSpec) => (p.internalPort ? 'internal' : 'http');

export function deploymentOf(p: ProcessSpec): K8sObject {
  const probe = (path: string, periodSeconds: number, failureThreshold: number) => ({
    httpGet: { path, port: probePortName(p) },
    periodSeconds,
    failureThreshold,
  });
  const ports = [{ name: 'http', containerPort: p.port }];
  if (p.internalPort) ports.push({ name: 'internal', containerPort: p.internalPort });
  // Each secret key by name from the process's own Secret (not envFrom): the manifest shows
  // exactly what the process can read, and a key added to the Secret by mistake reaches nobody.
  const keys = secretKeysOf(p);
  const fromSecret = (key: string, optional: boolean) => ({
    name: key,
    valueFrom: { secretKeyRef: { name: secretNameOf(p), key, ...(optional ? { optional: true } : {}) } },
  });
  const env = [
    { name: 'PORT', value: String(p.port) },
    ...(p.internalPort ? [{ name: 'METRICS_PORT', value: String(p.internalPort) }] : []),
    ...Object.entries(p.env).map(([name, value]) => ({ name, value })),
    ...keys.required.map((key) => fromSecret(key, false)),
    ...keys.optional.map((key) => fromSecret(key, true)),
  ];
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: p.name, labels: labelsOf(p) },
    spec: {
      replicas: p.replicas.min,
      revisionHistoryLimit: 5,
      // A new pod is ready before an old one goes: capacity never dips during a rollout.
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } },
      selector: selectorOf(p),
      template: {
        metadata: {
          labels: labelsOf(p),
          annotations: {
            'prometheus.io/scrape': 'true',
            'prometheus.io/port': String(p.internalPort ?? p.port),
            'prometheus.io/path': '/metrics',
          },
        },
        spec: {
          terminationGracePeriodSeconds: GRACE_PERIOD_SECONDS,
          automountServiceAccountToken: false,
          securityContext: {
            runAsNonRoot: true,
            runAsUser: 10001,
            fsGroup: 10001,
            seccompProfile: { type: 'RuntimeDefault' },
          },
          containers: [
            {
              name: p.name,
              image: `saathi/${p.name}:latest`,
              ports,
              env,
              envFrom: [{ configMapRef: { name: 'saathi-config' } }],
              readinessProbe: probe('/readyz', 5, 2),
              livenessProbe: probe('/healthz', 10, 3),
              startupProbe: probe('/healthz', 2, 30),
              // Endpoints drop the pod while it sleeps; SIGTERM then starts the drain.
              lifecycle: { preStop: { sleep: { seconds: PRE_STOP_SECONDS } } },
              resources: {
                requests: { cpu: p.resources.cpu, memory: p.resources.memory },
                limits: { memory: p.resources.memoryLimit },
              },
              securityContext: {
                allowPrivilegeEscalation: false,
                readOnlyRootFilesystem: true,
                capabilities: { drop: ['ALL'] },
              },
              // tsx keeps its transform cache in /tmp; the root filesystem stays read-only.
              volumeMounts: [{ name: 'tmp', mountPath: '/tmp' }],
            },
          ],
          volumes: [{ name: 'tmp', emptyDir: {} }],
        },
      },
    },
  };
}

/** Workers serve only probes and metrics, which Prometheus finds by pod annotation: no Service. */
export function serviceOf(p: ProcessSpec): K8sObject | null {
  if (p.kind === 'worker') return null;
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: p.name, labels: labelsOf(p) },
    spec: {
      selector: { [NAME_LABEL]: p.name },
      ports: [{ name: 'http', port: p.port, targetPort: 'http' }],
    },
  };
}

/** CPU for every process; a worker also follows its queues' waiting jobs (the larger wins). */
export function autoscalerOf(p: ProcessSpec): K8sObject {
  const metrics: unknown[] = [
    { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } },
  ];
  if (p.queues.length > 0)
    metrics.push({
      type: 'External',
      external: {
        metric: {
          name: QUEUE_WAITING_METRIC,
          selector: {
            matchExpressions: [
              { key: 'queue', operator: 'In', values: p.queues },
              { key: 'state', operator: 'In', values: ['waiting'] },
            ],
          },
        },
        target: { type: 'AverageValue', averageValue: QUEUE_WAITING_PER_POD },
      },
    });
  return {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: { name: p.name, labels: labelsOf(p) },
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: p.name },
      minReplicas: p.replicas.min,
      maxReplicas: p.replicas.max,
      metrics,
      // Scale in slowly: a feed burst often comes back within minutes.
      behavior: { scaleDown: { stabilizationWindowSeconds: 300 } },
    },
  };
}

/** Voluntary evictions (node drains) keep one pod serving; a single-replica process may move. */
export function disruptionBudgetOf(p: ProcessSpec): K8sObject {
  return {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: { name: p.name, labels: labelsOf(p) },
    spec: {
      ...(p.replicas.min >= 2 ? { minAvailable: 1 } : { maxUnavailable: 1 }),
      selector: selectorOf(p),
    },
  };
}

const fromNamespace = (name: string) => ({
  namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': name } },
});
const EGRESS_PORTS: Record<Exclude<Need, 'services' | 'gateway'>, number[]> = {
  postgres: [5432],
  nats: [4222],
  redis: [6379],
  smtp: [25, 465, 587],
  https: [443],
};

/**
 * Private and link-local ranges: what an Internet-bound rule (SMTP, HTTPS) must not reach, so a
 * process allowed out to port 443 cannot use it to reach another pod, a node or the cloud's
 * metadata address (169.254.169.254) instead.
 */
export const PRIVATE_RANGES = [
  '10.0.0.0/8',
  '172.16.0.0/12',
  '192.168.0.0/16',
  '169.254.0.0/16',
  '100.64.0.0/10',
];

/**
 * Where the infrastructure lives: pods labelled `app.kubernetes.io/name: <need>` in this
 * namespace (an operator's PostgreSQL, NATS or Redis, reached as `postgres`, `nats`, `redis`).
 * A managed service outside the cluster: replace its entry by `{ ipBlock: { cidr: '<its
 * address>/32' } }` here and regenerate. Never an empty `to:`, which would mean anywhere.
 */
export const EGRESS_PEERS: Record<Exclude<Need, 'services' | 'gateway'>, unknown[]> = {
  postgres: [{ podSelector: { matchLabels: { [NAME_LABEL]: 'postgres' } } }],
  nats: [{ podSelector: { matchLabels: { [NAME_LABEL]: 'nats' } } }],
  redis: [{ podSelector: { matchLabels: { [NAME_LABEL]: 'redis' } } }],
  smtp: [{ ipBlock: { cidr: '0.0.0.0/0', except: PRIVATE_RANGES } }],
  https: [{ ipBlock: { cidr: '0.0.0.0/0', except: PRIVATE_RANGES } }],
};

/**
 * Who may reach the process, and what it may reach. In: the ingress controller → gateway (and
 * → messaging, for `/socket.io`), gateway → services, a service that needs the gateway → gateway, Prometheus → the metrics
 * port alone (a service's API port believes X-Forwarded-For from any pod of TRUST_PROXY's range,
 * so a scraper there could pick its address for the per-IP limits). Out: DNS and exactly what
 * the table says it needs, each rule with its peers (EGRESS_PEERS; the services by pod).
 */
export function networkPolicyOf(p: ProcessSpec, all: readonly ProcessSpec[]): K8sObject {
  const ingress: unknown[] = [];
  if (p.kind === 'gateway') {
    ingress.push({ from: [fromNamespace(INGRESS_NAMESPACE)], ports: [{ port: 'http' }] });
    const callers = all.filter((other) => other.needs.includes('gateway')).map((other) => other.name);
    if (callers.length > 0)
      ingress.push({
        from: [{ podSelector: { matchExpressions: [{ key: NAME_LABEL, operator: 'In', values: callers }] } }],
        ports: [{ port: 'http' }],
      });
  }
  if (p.kind === 'service')
    ingress.push({
      from: [{ podSelector: { matchLabels: { [NAME_LABEL]: 'gateway' } } }],
      ports: [{ port: 'http' }],
    });
  if (p.name === REALTIME_PROCESS)
    ingress.push({ from: [fromNamespace(INGRESS_NAMESPACE)], ports: [{ port: 'http' }] });
  ingress.push({ from: [fromNamespace(MONITORING_NAMESPACE)], ports: [{ port: probePortName(p) }] });

  const egress: unknown[] = [
    {
      to: [fromNamespace('kube-system')],
      ports: [
        { protocol: 'UDP', port: 53 },
        { protocol: 'TCP', port: 53 },
      ],
    },
  ];
  for (const need of p.needs) {
    if (need === 'services') {
      for (const target of all.filter((other) => other.kind === 'service'))
        egress.push({
          to: [{ podSelector: { matchLabels: { [NAME_LABEL]: target.name } } }],
          ports: [{ protocol: 'TCP', port: target.port }],
        });
      continue;
    }
    if (need === 'gateway') {
      for (const target of all.filter((other) => other.kind === 'gateway'))
        egress.push({
          to: [{ podSelector: { matchLabels: { [NAME_LABEL]: target.name } } }],
          ports: [{ protocol: 'TCP', port: target.port }],
        });
      continue;
    }
    egress.push({
      to: EGRESS_PEERS[need],
      ports: EGRESS_PORTS[need].map((port) => ({ protocol: 'TCP', port })),
    });
  }
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: { name: p.name, labels: labelsOf(p) },
    spec: { podSelector: selectorOf(p), policyTypes: ['Ingress', 'Egress'], ingress, egress },
  };
}

/**
 * Non-secret settings every process reads, including where each service answers. The URLs of
 * PostgreSQL, NATS and Redis carry each process's own credentials: they are in its Secret.
 */
export function configMapOf(all: readonly ProcessSpec[]): K8sObject {
  const urls = Object.fromEntries(
    all
      .filter((p) => p.kind === 'service')
      .map((p) => [`${p.name.toUpperCase()}_URL`, `http://${p.name}:${p.port}`]),
  );
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: 'saathi-config' },
    data: {
      LOG_LEVEL: 'info',
      HOST: '0.0.0.0',
      PUBLIC_ORIGIN: 'https://saathi.example.org',
      // Read by messaging, which the ingress reaches directly for `/socket.io`.
      SOCKET_ORIGIN: 'https://saathi.example.org',
      COOKIE_SECURE: 'true',
      MAIL_FROM: 'Saathi <no-reply@saathi.example.org>',
      ...urls,
    },
  };
}

/**
 * Two Ingresses on one host: `/socket.io` straight to messaging (REALTIME_PROCESS) with cookie
 * affinity (a client that reconnects comes back to the pod that knows it) and a long read timeout
 * for websockets; everything else to the gateway, spread freely. Both serve TLS only (ingress-nginx
 * redirects plain HTTP once a host has a certificate). The affinity cookie is `Secure` (never
 * sent in clear, where it would tie a tapped connection to a person's later ones) and SameSite
 * Strict; ingress-nginx always sets HttpOnly on it (no annotation turns that off).
 */
export function ingressesOf(): K8sObject[] {
  const tls = [{ hosts: [PUBLIC_HOST], secretName: TLS_SECRET }];
  const rule = (path: string, backend: string) => ({
    host: PUBLIC_HOST,
    http: {
      paths: [{ path, pathType: 'Prefix', backend: { service: { name: backend, port: { name: 'http' } } } }],
    },
  });
  return [
    {
      apiVersion: 'networking.k8s.io/v1',
      kind: 'Ingress',
      metadata: { name: 'saathi' },
      spec: { ingressClassName: 'nginx', tls, rules: [rule('/', 'gateway')] },
    },
    {
      apiVersion: 'networking.k8s.io/v1',
      kind: 'Ingress',
      metadata: {
        name: 'saathi-realtime',
        annotations: {
          'nginx.ingress.kubernetes.io/affinity': 'cookie',
          'nginx.ingress.kubernetes.io/session-cookie-name': 'saathi_rt_route',
          'nginx.ingress.kubernetes.io/session-cookie-secure': 'true',
          'nginx.ingress.kubernetes.io/session-cookie-samesite': 'Strict',
          'nginx.ingress.kubernetes.io/proxy-read-timeout': '3600',
          'nginx.ingress.kubernetes.io/proxy-send-timeout': '3600',
        },
      },
      spec: { ingressClassName: 'nginx', tls, rules: [rule('/socket.io', REALTIME_PROCESS)] },
    },
  ];
}

export const DATABASE_SETUP = 'database-setup';

/**
 * The Job that gives each service its PostgreSQL role, owning its schema and granted nothing
 * else (infra/scripts/database-roles.mjs), before the services start. It runs from identity's
 * image (any Saathi image carries the script) with an administrator's DATABASE_URL and each
 * role's password from its own Secret, `saathi-database-setup`, which no process reads. Safe
 * to run again (after a finished run is cleaned up); on a managed database where an operator
 * creates roles, leave it out (infra/deploy/database-roles.md).
 */
export function databaseSetupOf(all: readonly ProcessSpec[]): K8sObject[] {
  const services = all.filter((p) => p.kind === 'service').map((p) => p.name);
  const secret = `saathi-${DATABASE_SETUP}`;
  const labels = {
    [NAME_LABEL]: DATABASE_SETUP,
    'app.kubernetes.io/part-of': 'saathi',
    'app.kubernetes.io/component': 'setup',
  };
  const fromSecret = (key: string) => ({ name: key, valueFrom: { secretKeyRef: { name: secret, key } } });
  const job: K8sObject = {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name: DATABASE_SETUP, labels },
    spec: {
      backoffLimit: 10,
      // Gone an hour after it finished, so the next `kubectl apply` runs it again.
      ttlSecondsAfterFinished: 3600,
      template: {
        metadata: { labels },
        spec: {
          restartPolicy: 'OnFailure',
          automountServiceAccountToken: false,
          securityContext: {
            runAsNonRoot: true,
            runAsUser: 10001,
            fsGroup: 10001,
            seccompProfile: { type: 'RuntimeDefault' },
          },
          containers: [
            {
              name: DATABASE_SETUP,
              image: 'saathi/identity:latest',
              command: ['node', 'infra/scripts/database-roles.mjs'],
              env: [
                fromSecret('DATABASE_URL'),
                ...services.map((service) => fromSecret(`DATABASE_PASSWORD_${service.toUpperCase()}`)),
              ],
              resources: { requests: { cpu: '50m', memory: '64Mi' }, limits: { memory: '256Mi' } },
              securityContext: {
                allowPrivilegeEscalation: false,
                readOnlyRootFilesystem: true,
                capabilities: { drop: ['ALL'] },
              },
            },
          ],
        },
      },
    },
  };
  const policy: K8sObject = {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: { name: DATABASE_SETUP, labels },
    spec: {
      podSelector: { matchLabels: { [NAME_LABEL]: DATABASE_SETUP } },
      policyTypes: ['Ingress', 'Egress'],
      ingress: [],
      egress: [
        {
          to: [fromNamespace('kube-system')],
          ports: [
            { protocol: 'UDP', port: 53 },
            { protocol: 'TCP', port: 53 },
          ],
        },
        {
          to: EGRESS_PEERS.postgres,
          ports: EGRESS_PORTS.postgres.map((port) => ({ protocol: 'TCP', port })),
        },
      ],
    },
  };
  return [job, policy];
}

/** Every file of k8s/base: one per process, plus the shared config, ingress and kustomization. */
export function baseFiles(all: readonly ProcessSpec[]): Map<string, K8sObject[] | Record<string, unknown>> {
  const files = new Map<string, K8sObject[] | Record<string, unknown>>();
  files.set('config.yaml', [configMapOf(all)]);
  files.set('ingress.yaml', ingressesOf());
  files.set(`${DATABASE_SETUP}.yaml`, databaseSetupOf(all));
  for (const p of all) {
    const objects = [
      deploymentOf(p),
      serviceOf(p),
      autoscalerOf(p),
      disruptionBudgetOf(p),
      networkPolicyOf(p, all),
    ];
    files.set(
      `${p.name}.yaml`,
      objects.filter((o): o is K8sObject => o !== null),
    );
  }
  files.set('kustomization.yaml', {
    apiVersion: 'kustomize.config.k8s.io/v1beta1',
    kind: 'Kustomization',
    namespace: 'saathi',
    resources: [...files.keys()],
  });
  return files;
}
