// Offline checks of rendered Kubernetes manifests: each object's required fields (the parts of
// the API schema these kinds need) and the rules every Saathi process must follow. Returns
// readable problems rather than throwing, so a test can show them all at once.
import { z } from 'zod';
import { MONITORING_NAMESPACE, PROCESS_DRAIN_SECONDS } from './k8s-objects';
import type { ProcessSpec } from './processes';

const name = z.string().regex(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/, 'a DNS-1123 name');
const metadata = z.object({
  name,
  namespace: z.string().optional(),
  labels: z.record(z.string(), z.string()).optional(),
});
const labelSelector = z.object({ matchLabels: z.record(z.string(), z.string()) });
const portRef = z.union([z.number().int().min(1).max(65535), z.string().min(1).max(15)]);
const httpProbe = z.object({
  httpGet: z.object({ path: z.string().startsWith('/'), port: portRef }),
  periodSeconds: z.number().int().positive().optional(),
  failureThreshold: z.number().int().positive().optional(),
});
const quantity = z.union([z.string().regex(/^\d+(\.\d+)?(m|Ki|Mi|Gi)?$/), z.number()]);

const container = z.object({
  name,
  image: z.string().min(1),
  ports: z.array(
    z.object({ name: z.string().max(15).optional(), containerPort: z.number().int().min(1).max(65535) }),
  ),
  env: z
    .array(
      z.union([
        z.object({ name: z.string().min(1), value: z.string() }),
        z.object({
          name: z.string().min(1),
          valueFrom: z.object({
            secretKeyRef: z.object({ name, key: z.string().min(1), optional: z.boolean().optional() }),
          }),
        }),
      ]),
    )
    .optional(),
  envFrom: z
    .array(
      z.union([z.object({ configMapRef: z.object({ name }) }), z.object({ secretRef: z.object({ name }) })]),
    )
    .optional(),
  readinessProbe: httpProbe,
  livenessProbe: httpProbe,
  startupProbe: httpProbe.optional(),
  lifecycle: z.object({ preStop: z.object({ sleep: z.object({ seconds: z.number().int().positive() }) }) }),
  resources: z.object({
    requests: z.object({ cpu: quantity, memory: quantity }),
    limits: z.object({ memory: quantity }),
  }),
  securityContext: z.object({ allowPrivilegeEscalation: z.literal(false) }).loose(),
});

const schemas = {
  Deployment: z.object({
    apiVersion: z.literal('apps/v1'),
    metadata,
    spec: z.object({
      replicas: z.number().int().min(1),
      strategy: z.object({
        type: z.literal('RollingUpdate'),
        rollingUpdate: z.object({ maxUnavailable: z.literal(0), maxSurge: z.number().int().min(1) }),
      }),
      selector: labelSelector,
      template: z.object({
        metadata: z.object({ labels: z.record(z.string(), z.string()) }).loose(),
        spec: z
          .object({
            terminationGracePeriodSeconds: z.number().int(),
            securityContext: z.object({ runAsNonRoot: z.literal(true) }).loose(),
            containers: z.array(container).length(1),
          })
          .loose(),
      }),
    }),
  }),
  Service: z.object({
    apiVersion: z.literal('v1'),
    metadata,
    spec: z.object({
      selector: z.record(z.string(), z.string()),
      ports: z
        .array(z.object({ name: z.string().optional(), port: z.number().int(), targetPort: portRef }))
        .min(1),
    }),
  }),
  HorizontalPodAutoscaler: z.object({
    apiVersion: z.literal('autoscaling/v2'),
    metadata,
    spec: z
      .object({
        scaleTargetRef: z.object({ apiVersion: z.literal('apps/v1'), kind: z.literal('Deployment'), name }),
        minReplicas: z.number().int().min(1),
        maxReplicas: z.number().int().min(1),
        metrics: z
          .array(z.object({ type: z.enum(['Resource', 'External', 'Pods', 'Object']) }).loose())
          .min(1),
      })
      .loose(),
  }),
  PodDisruptionBudget: z.object({
    apiVersion: z.literal('policy/v1'),
    metadata,
    spec: z.union([
      z.object({ minAvailable: z.number().int().min(1), selector: labelSelector }),
      z.object({ maxUnavailable: z.number().int().min(1), selector: labelSelector }),
    ]),
  }),
  NetworkPolicy: z.object({
    apiVersion: z.literal('networking.k8s.io/v1'),
    metadata,
    spec: z.object({
      podSelector: labelSelector,
      policyTypes: z.array(z.enum(['Ingress', 'Egress'])).min(1),
      ingress: z.array(z.object({}).loose()).optional(),
      egress: z.array(z.object({}).loose()).optional(),
    }),
  }),
  Job: z.object({
    apiVersion: z.literal('batch/v1'),
    metadata,
    spec: z
      .object({
        template: z.object({
          metadata: z.object({ labels: z.record(z.string(), z.string()) }).loose(),
          spec: z
            .object({
              restartPolicy: z.enum(['OnFailure', 'Never']),
              securityContext: z.object({ runAsNonRoot: z.literal(true) }).loose(),
              containers: z
                .array(
                  container
                    .pick({ name: true, image: true, env: true, resources: true, securityContext: true })
                    .extend({ command: z.array(z.string()).min(1) }),
                )
                .length(1),
            })
            .loose(),
        }),
      })
      .loose(),
  }),
  ConfigMap: z.object({ apiVersion: z.literal('v1'), metadata, data: z.record(z.string(), z.string()) }),
  Ingress: z.object({
    apiVersion: z.literal('networking.k8s.io/v1'),
    metadata: metadata.extend({ annotations: z.record(z.string(), z.string()).optional() }),
    spec: z.object({
      ingressClassName: z.string().optional(),
      tls: z.array(z.object({ hosts: z.array(z.string()).min(1), secretName: name })).optional(),
      rules: z
        .array(
          z.object({
            host: z.string().optional(),
            http: z.object({
              paths: z
                .array(
                  z.object({
                    path: z.string().startsWith('/'),
                    pathType: z.enum(['Prefix', 'Exact', 'ImplementationSpecific']),
                    backend: z.object({
                      service: z.object({
                        name,
                        port: z.union([z.object({ name: z.string() }), z.object({ number: z.number() })]),
                      }),
                    }),
                  }),
                )
                .min(1),
            }),
          }),
        )
        .min(1),
    }),
  }),
} as const;
type Kind = keyof typeof schemas;
type ParsedByKind = { [K in Kind]: z.infer<(typeof schemas)[K]>[] };

/**
 * Secrets are created out of band (k8s/README.md), one per process: a Deployment may read its
 * own (`saathi-<name>`) and no other, and only identity may read the signing key.
 */
const ownSecretOf = (deployment: string) => `saathi-${deployment}`;
export const SIGNING_KEY = 'JWT_PRIVATE_KEY';
const SIGNING_KEY_HOLDERS = ['identity'];

const matches = (selector: Record<string, string>, labels: Record<string, string>) =>
  Object.entries(selector).every(([key, value]) => labels[key] === value);

/** Every problem found in the rendered objects, as "Kind/name: what is wrong". */
export function checkManifests(objects: readonly unknown[], processes: readonly ProcessSpec[]): string[] {
  const problems: string[] = [];
  const parsed: ParsedByKind = {
    Deployment: [],
    Service: [],
    HorizontalPodAutoscaler: [],
    PodDisruptionBudget: [],
    NetworkPolicy: [],
    Job: [],
    ConfigMap: [],
    Ingress: [],
  };
  for (const raw of objects) {
    const header = z
      .object({ kind: z.string(), metadata: z.object({ name: z.string() }).loose() })
      .loose()
      .safeParse(raw);
    if (!header.success) {
      problems.push(`an object without kind or metadata.name: ${JSON.stringify(raw).slice(0, 120)}`);
      continue;
    }
    const kind = header.data.kind;
    const id = `${kind}/${header.data.metadata.name}`;
    if (!(kind in schemas)) {
      problems.push(`${id}: unexpected kind`);
      continue;
    }
    const result = schemas[kind as Kind].safeParse(raw);
    if (!result.success) {
      for (const issue of result.error.issues)
        problems.push(`${id}: ${issue.path.join('.')}: ${issue.message}`);
      continue;
    }
    (parsed[kind as Kind] as unknown[]).push(result.data);
  }

  const byKind = <K extends Kind>(kind: K): ParsedByKind[K] => parsed[kind];
  const deployments = byKind('Deployment');
  const configMaps = new Set(byKind('ConfigMap').map((c) => c.metadata.name));

  for (const d of deployments) {
    const id = `Deployment/${d.metadata.name}`;
    const pod = d.spec.template;
    if (!matches(d.spec.selector.matchLabels, pod.metadata.labels))
      problems.push(`${id}: selector does not match its pod labels`);
    for (const c of pod.spec.containers) {
      const portNames = new Set(c.ports.map((port) => port.name));
      if (c.readinessProbe.httpGet.path !== '/readyz') problems.push(`${id}: readiness must probe /readyz`);
      if (c.livenessProbe.httpGet.path !== '/healthz') problems.push(`${id}: liveness must probe /healthz`);
      for (const probe of [c.readinessProbe, c.livenessProbe])
        if (typeof probe.httpGet.port === 'string' && !portNames.has(probe.httpGet.port))
          problems.push(`${id}: a probe names port ${probe.httpGet.port}, which the container does not have`);
      const preStop = c.lifecycle.preStop.sleep.seconds;
      if (pod.spec.terminationGracePeriodSeconds <= preStop + PROCESS_DRAIN_SECONDS)
        problems.push(
          `${id}: grace period ${pod.spec.terminationGracePeriodSeconds}s must exceed preStop ${preStop}s + drain ${PROCESS_DRAIN_SECONDS}s`,
        );
      const own = ownSecretOf(d.metadata.name);
      for (const source of c.envFrom ?? []) {
        if ('configMapRef' in source && !configMaps.has(source.configMapRef.name))
          problems.push(`${id}: ConfigMap ${source.configMapRef.name} is not in the manifests`);
        // A whole Secret in the environment hides which keys the process gets: name each key.
        if ('secretRef' in source)
          problems.push(`${id}: Secret ${source.secretRef.name} in envFrom (use secretKeyRef to ${own})`);
      }
      for (const variable of c.env ?? []) {
        if (!('valueFrom' in variable)) continue;
        const ref = variable.valueFrom.secretKeyRef;
        if (ref.name !== own) problems.push(`${id}: Secret ${ref.name} is not its own (${own})`);
        if (ref.key === SIGNING_KEY && !SIGNING_KEY_HOLDERS.includes(d.metadata.name))
          problems.push(`${id}: reads ${SIGNING_KEY}, which only ${SIGNING_KEY_HOLDERS.join(', ')} may hold`);
      }
    }
  }

  const podLabelsOf = (deploymentName: string) =>
    deployments.find((d) => d.metadata.name === deploymentName)?.spec.template.metadata.labels;
  const selects = (selector: Record<string, string>) =>
    deployments.some((d) => matches(selector, d.spec.template.metadata.labels)) ||
    byKind('Job').some((j) => matches(selector, j.spec.template.metadata.labels));
  // A Job reads its own Secret alone too, and never the signing key.
  for (const j of byKind('Job'))
    for (const variable of j.spec.template.spec.containers[0]?.env ?? []) {
      if (!('valueFrom' in variable)) continue;
      const ref = variable.valueFrom.secretKeyRef;
      if (ref.name !== ownSecretOf(j.metadata.name))
        problems.push(
          `Job/${j.metadata.name}: Secret ${ref.name} is not its own (${ownSecretOf(j.metadata.name)})`,
        );
      if (ref.key === SIGNING_KEY) problems.push(`Job/${j.metadata.name}: reads ${SIGNING_KEY}`);
    }
  for (const s of byKind('Service'))
    if (!selects(s.spec.selector)) problems.push(`Service/${s.metadata.name}: selects no Deployment's pods`);
  for (const h of byKind('HorizontalPodAutoscaler')) {
    if (!podLabelsOf(h.spec.scaleTargetRef.name))
      problems.push(
        `HorizontalPodAutoscaler/${h.metadata.name}: scales a missing Deployment ${h.spec.scaleTargetRef.name}`,
      );
    if (h.spec.minReplicas > h.spec.maxReplicas)
      problems.push(`HorizontalPodAutoscaler/${h.metadata.name}: minReplicas above maxReplicas`);
  }
  for (const b of byKind('PodDisruptionBudget'))
    if (!selects(b.spec.selector.matchLabels))
      problems.push(`PodDisruptionBudget/${b.metadata.name}: selects no pods`);
  for (const n of byKind('NetworkPolicy'))
    if (!selects(n.spec.podSelector.matchLabels))
      problems.push(`NetworkPolicy/${n.metadata.name}: selects no pods`);
  // Out: every rule names its peers (a rule without `to:` allows any address on its ports).
  // In from the monitoring namespace: only the metrics port of a process that has one.
  const processByName = new Map(processes.map((p) => [p.name, p]));
  for (const n of byKind('NetworkPolicy')) {
    const id = `NetworkPolicy/${n.metadata.name}`;
    for (const rule of n.spec.egress ?? [])
      if (!Array.isArray(rule.to) || rule.to.length === 0) problems.push(`${id}: an egress rule without to:`);
    const spec = processByName.get(n.metadata.name);
    for (const rule of n.spec.ingress ?? []) {
      const fromMonitoring = JSON.stringify(rule.from ?? []).includes(`"${MONITORING_NAMESPACE}"`);
      const ports = (rule.ports as { port?: unknown }[] | undefined) ?? [];
      if (fromMonitoring && spec?.internalPort && ports.some((port) => port.port !== 'internal'))
        problems.push(`${id}: the monitoring namespace may reach only the internal (metrics) port`);
    }
  }
  // TLS for every host an Ingress serves; the affinity cookie only over TLS.
  for (const ingress of byKind('Ingress')) {
    const id = `Ingress/${ingress.metadata.name}`;
    const covered = new Set((ingress.spec.tls ?? []).flatMap((entry) => entry.hosts));
    for (const rule of ingress.spec.rules)
      if (!rule.host || !covered.has(rule.host)) problems.push(`${id}: host ${rule.host ?? '*'} has no tls`);
    const annotations = ingress.metadata.annotations ?? {};
    if (
      annotations['nginx.ingress.kubernetes.io/affinity'] === 'cookie' &&
      annotations['nginx.ingress.kubernetes.io/session-cookie-secure'] !== 'true'
    )
      problems.push(`${id}: the affinity cookie must be Secure`);
  }

  const services = new Map(byKind('Service').map((s) => [s.metadata.name, s]));
  for (const ingress of byKind('Ingress'))
    for (const rule of ingress.spec.rules)
      for (const path of rule.http.paths) {
        const backend = services.get(path.backend.service.name);
        if (!backend)
          problems.push(
            `Ingress/${ingress.metadata.name}: backend ${path.backend.service.name} is no Service`,
          );
        else if (
          'name' in path.backend.service.port &&
          !backend.spec.ports.some((p) => p.name === (path.backend.service.port as { name: string }).name)
        )
          problems.push(
            `Ingress/${ingress.metadata.name}: Service ${backend.metadata.name} has no such port`,
          );
      }

  // Every process of the table is deployed, scaled, protected and fenced.
  const named = (kind: Kind) => new Set(parsed[kind].map((object) => object.metadata.name));
  const required: Kind[] = ['Deployment', 'HorizontalPodAutoscaler', 'PodDisruptionBudget', 'NetworkPolicy'];
  for (const p of processes) {
    for (const kind of required) if (!named(kind).has(p.name)) problems.push(`${p.name}: no ${kind}`);
    if (p.kind !== 'worker' && !named('Service').has(p.name)) problems.push(`${p.name}: no Service`);
  }
  return problems;
}
