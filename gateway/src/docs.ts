import type { FastifyInstance } from 'fastify';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { request as undiciRequest } from 'undici';
import type { Dispatcher } from 'undici';
import type { UpstreamName, Upstreams } from './routes';

type Json = Record<string, unknown>;
interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, unknown> };
  tags: { name: string; description?: string }[];
}

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Merges the services' OpenAPI documents into one. Operations are tagged with their service;
 * a component schema whose name another service already uses with a different shape is
 * renamed `<service>_<name>` and that document's `$ref`s are rewritten to match.
 */
export function mergeOpenApi(
  documents: Partial<Record<UpstreamName, unknown>>,
  info: { title: string; version: string },
): OpenApiDocument {
  const merged: OpenApiDocument = {
    openapi: '3.0.3',
    info: { ...info },
    paths: {},
    components: { schemas: {} },
    tags: [],
  };
  const missing: string[] = [];
  for (const [service, raw] of Object.entries(documents)) {
    if (!isObject(raw) || !isObject(raw.paths)) {
      missing.push(service);
      continue;
    }
    let text = JSON.stringify(raw);
    const schemas =
      isObject(raw.components) && isObject(raw.components.schemas) ? raw.components.schemas : {};
    for (const [name, schema] of Object.entries(schemas)) {
      const existing = merged.components.schemas[name];
      if (existing !== undefined && JSON.stringify(existing) !== JSON.stringify(schema)) {
        text = text.replaceAll(`"#/components/schemas/${name}"`, `"#/components/schemas/${service}_${name}"`);
      }
    }
    const doc = JSON.parse(text) as Json;
    const docSchemas =
      isObject(doc.components) && isObject(doc.components.schemas) ? doc.components.schemas : {};
    for (const [name, schema] of Object.entries(docSchemas)) {
      const existing = merged.components.schemas[name];
      const target =
        existing !== undefined && JSON.stringify(existing) !== JSON.stringify(schema)
          ? `${service}_${name}`
          : name;
      merged.components.schemas[target] = schema;
    }
    for (const [path, item] of Object.entries(doc.paths as Json)) {
      if (!isObject(item)) continue;
      const operations: Record<string, unknown> = { ...(merged.paths[path] ?? {}) };
      for (const [method, operation] of Object.entries(item)) {
        if (HTTP_METHODS.has(method) && isObject(operation)) {
          const tags =
            Array.isArray(operation.tags) && operation.tags.length > 0 ? operation.tags : [service];
          operations[method] = { ...operation, tags };
        } else {
          operations[method] = operation;
        }
      }
      merged.paths[path] = operations;
    }
    merged.tags.push({ name: service });
  }
  if (missing.length > 0) merged.info.description = `Not included (unreachable): ${missing.join(', ')}.`;
  return merged;
}

async function fetchDocument(url: string, dispatcher: Dispatcher, timeoutMs: number): Promise<unknown> {
  const response = await undiciRequest(url, {
    dispatcher,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (response.statusCode !== 200) {
    await response.body.dump();
    return undefined;
  }
  return response.body.json();
}

export interface DocsOptions {
  upstreams: Upstreams;
  dispatcher: Dispatcher;
  /** How long a merged document is reused (default 30 s). */
  cacheMs?: number;
  fetchTimeoutMs?: number;
}

/**
 * `GET /api/docs` — Swagger UI over the merged document; `GET /api/docs/openapi.json` — the
 * merged JSON. Each service's `GET /openapi.json` is fetched on demand (cached briefly); a
 * service that does not answer is left out.
 */
export async function registerDocs(app: FastifyInstance, options: DocsOptions): Promise<void> {
  const cacheMs = options.cacheMs ?? 30_000;
  const timeoutMs = options.fetchTimeoutMs ?? 1000;
  let cached: { at: number; doc: OpenApiDocument } | undefined;
  let pending: Promise<OpenApiDocument> | undefined;

  async function build(): Promise<OpenApiDocument> {
    const names = Object.keys(options.upstreams) as UpstreamName[];
    const results = await Promise.allSettled(
      names.map((name) =>
        fetchDocument(
          new URL('/openapi.json', options.upstreams[name].split(',')[0]).href,
          options.dispatcher,
          timeoutMs,
        ),
      ),
    );
    const documents: Partial<Record<UpstreamName, unknown>> = {};
    names.forEach((name, i) => {
      const result = results[i];
      documents[name] = result?.status === 'fulfilled' ? result.value : undefined;
    });
    return mergeOpenApi(documents, { title: 'Saathi API', version: '1.0.0' });
  }

  async function current(): Promise<OpenApiDocument> {
    if (cached && Date.now() - cached.at < cacheMs) return cached.doc;
    pending ??= build().finally(() => {
      pending = undefined;
    });
    const doc = await pending;
    // A document missing a service (slow to answer its first, uncached generation, or down) is
    // served but not kept: the next request asks again instead of hiding it for cacheMs.
    if (doc.info.description === undefined) cached = { at: Date.now(), doc };
    return doc;
  }

  await app.register(async (scope) => {
    let latest: OpenApiDocument | undefined;
    // Swagger UI reads the spec synchronously from `swagger()` (normally @fastify/swagger's);
    // here it is the merged document, refreshed before each docs request.
    await scope.register(
      fp(
        (instance, _options, done) => {
          instance.decorate('swagger', (() => latest ?? {}) as FastifyInstance['swagger']);
          done();
        },
        { name: '@fastify/swagger' },
      ),
    );
    scope.addHook('onRequest', async () => {
      latest = await current();
    });
    scope.get('/api/docs/openapi.json', { config: { accessLog: false } }, async () => current());
    await scope.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  });
}
