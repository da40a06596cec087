/**
 * Hostile requests for one operation of the merged OpenAPI document (GET /api/docs/openapi.json),
 * as fast-check arbitraries: values shaped by the operation's schemas, then broken — wrong types,
 * missing and extra fields, huge strings, unicode, SQL and HTML injection, malformed JSON, wrong
 * content types, bad path parameters. The schema is the only input, so a new route is fuzzed
 * without a change here.
 */
import fc from 'fast-check';
import type { Arbitrary } from 'fast-check';

/** The parts of OpenAPI 3.0's schema object the services' zod schemas produce. */
export interface JsonSchema {
  type?: 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object';
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  nullable?: boolean;
  items?: JsonSchema;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

export interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

export interface Operation {
  method: string;
  /** OpenAPI path, `{param}` style. */
  path: string;
  parameters: Parameter[];
  body: JsonSchema | undefined;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
}

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths))
    for (const [method, operation] of Object.entries(item))
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content?.['application/json']?.schema,
      });
  return operations;
}

/** Who sends a request: the signed-in person, nobody, or a forged access cookie. */
export type Caller = 'user' | 'admin' | 'anonymous' | 'forged';

export interface FuzzRequest {
  caller: Caller;
  method: string;
  /** Path and query, encoded as sent. */
  url: string;
  body?: { contentType: string; text: string };
  /** What was broken, for the failure report. */
  label: string;
}

export interface FuzzContext {
  /** Ids of real objects (users, posts, comments, conversations), so some requests get past "not found". */
  knownIds: readonly string[];
  /** Slugs and other path strings that exist. */
  knownSlugs: readonly string[];
  /** Which callers to mix for this operation (admin routes add `admin`). */
  callers: readonly Caller[];
}

const SQL = [
  "' OR '1'='1",
  "'; DROP TABLE identity.users; --",
  "1' AND pg_sleep(3) IS NULL --",
  '" OR ""="',
  "admin'--",
  '1 UNION SELECT password_hash FROM identity.users',
  "\\'; SELECT 1; --",
];
const HTML = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '<iframe src="//evil.example">',
  '{{constructor.constructor("return 1")()}}',
  '${7*7}',
];
const ODD = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\u202eevil',
  '\uFEFF',
  '👩‍👩‍👧‍👦',
  '𝕊𝕒𝕒𝕥𝕙𝕚',
  'नमस्ते',
  'ﷺ',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  '\r\nX-Injected: 1',
  '../../../../etc/passwd',
  '%00',
  '%',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '__proto__',
  'constructor',
  '00000000-0000-0000-0000-000000000000',
];

const hostileString: Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...SQL, ...HTML, ...ODD) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  // Huge: far past every maxLength, still under the body limit.
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('a', 'é', '字', '😀', '<', "'"), fc.integer({ min: 1_000, max: 150_000 }))
      .map(([unit, n]) => unit.repeat(n)),
  },
);

/** Anything JSON can carry, leaning to the values that break parsers and databases. */
const hostileValue: Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      0,
      -1,
      1.5,
      -0,
      2 ** 31,
      2 ** 53 + 2,
      -(2 ** 63),
      1e308,
      -1e308,
      Number.MIN_VALUE,
      true,
      false,
      null,
    ),
  },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom([], {}, [null], { $gt: '' }, { __proto__: { admin: true } }) },
);

const EXTRA_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'role',
  'isAdmin',
  'userId',
  'id',
  'emailVerified',
  'x',
];

function lengths(schema: JsonSchema, cap: number): { minLength: number; maxLength: number } {
  const minLength = schema.minLength ?? 0;
  return { minLength, maxLength: Math.max(minLength, Math.min(schema.maxLength ?? cap, cap)) };
}

/** A value the schema accepts (mostly: patterns and formats are followed, not proven). */
export function validValue(schema: JsonSchema | undefined, context: FuzzContext): Arbitrary<unknown> {
  if (!schema) return fc.jsonValue({ maxDepth: 2 });
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((variant) => validValue(variant, context)));
  const base = baseValue(schema, context);
  return schema.nullable ? fc.oneof({ weight: 4, arbitrary: base }, fc.constant(null)) : base;
}

function baseValue(schema: JsonSchema, context: FuzzContext): Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'string':
      if (schema.format === 'uuid')
        return context.knownIds.length > 0
          ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...context.knownIds) }, fc.uuid({ version: 4 }))
          : fc.uuid({ version: 4 });
      if (schema.pattern) {
        const matching = fc.stringMatching(new RegExp(schema.pattern), { maxLength: schema.maxLength ?? 60 });
        return context.knownSlugs.length > 0 && schema.pattern.startsWith('^[a-z0-9]+')
          ? fc.oneof(fc.constantFrom(...context.knownSlugs), matching)
          : matching;
      }
      return fc.string({ ...lengths(schema, 80), unit: 'grapheme-ascii' });
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1_000, max: schema.maximum ?? 1_000 });
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1_000,
        max: schema.maximum ?? 1_000,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(validValue(schema.items, context), { maxLength: Math.min(schema.maxItems ?? 5, 5) });
    case 'object': {
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(
        Object.entries(properties).map(([key, property]) => [key, validValue(property, context)]),
      );
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
    }
    case undefined:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** An object body with one thing wrong: a field of the wrong type or size, one missing, or extra ones. */
function brokenObject(schema: JsonSchema, context: FuzzContext): Arbitrary<unknown> {
  const valid = validValue(schema, context) as Arbitrary<Record<string, unknown>>;
  const keys = Object.keys(schema.properties ?? {});
  const required = schema.required ?? [];
  const options: { weight: number; arbitrary: Arbitrary<unknown> }[] = [
    {
      weight: 2,
      arbitrary: fc
        .tuple(valid, fc.dictionary(fc.constantFrom(...EXTRA_KEYS), hostileValue, { minKeys: 1, maxKeys: 3 }))
        .map(([body, extra]) => ({ ...body, ...extra })),
    },
  ];
  if (keys.length > 0)
    options.push({
      weight: 5,
      arbitrary: fc
        .tuple(valid, fc.constantFrom(...keys), hostileValue)
        .map(([body, key, value]) => ({ ...body, [key]: value })),
    });
  if (required.length > 0)
    options.push({
      weight: 2,
      arbitrary: fc
        .tuple(valid, fc.constantFrom(...required))
        .map(([body, missing]) =>
          Object.fromEntries(Object.entries(body).filter(([key]) => key !== missing)),
        ),
    });
  return fc.oneof(...options);
}

const MALFORMED_JSON = [
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  'nul',
  '[1,2',
  '{"a":"\\u12"}',
  '\u0000',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
  `{"a":${'1'.repeat(400)}}`,
];

/** The body text and its content type: mostly JSON of the (broken) value, sometimes not JSON at all. */
function encodedBody(value: Arbitrary<unknown>): Arbitrary<{ body: FuzzRequest['body']; label: string }> {
  return fc.oneof(
    {
      weight: 12,
      arbitrary: value.map((v) => ({
        body: { contentType: 'application/json', text: JSON.stringify(v) ?? 'null' },
        label: 'json',
      })),
    },
    {
      weight: 2,
      arbitrary: fc
        .oneof(fc.constantFrom(...MALFORMED_JSON), fc.string({ unit: 'binary', maxLength: 60 }))
        .map((text) => ({ body: { contentType: 'application/json', text }, label: 'malformed json' })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'application/xml',
            'application/json; charset=utf-7',
          ),
          value,
        )
        .map(([contentType, v]) => ({
          body: { contentType, text: JSON.stringify(v) ?? 'x' },
          label: `content-type ${contentType}`,
        })),
    },
    {
      weight: 1,
      arbitrary: fc.constant({ body: { contentType: 'application/json', text: '' }, label: 'empty json' }),
    },
  );
}

function bodyArbitrary(operation: Operation, context: FuzzContext) {
  const schema = operation.body;
  if (!schema) {
    // No body expected: mostly none, sometimes one anyway (GET cannot carry one through fetch).
    if (operation.method === 'GET') return fc.constant({ body: undefined, label: 'no body' });
    return fc.oneof(
      { weight: 4, arbitrary: fc.constant({ body: undefined, label: 'no body' }) },
      { weight: 1, arbitrary: encodedBody(hostileValue) },
    );
  }
  const value =
    schema.type === 'object'
      ? fc.oneof(
          { weight: 3, arbitrary: validValue(schema, context) },
          { weight: 6, arbitrary: brokenObject(schema, context) },
          { weight: 1, arbitrary: hostileValue },
        )
      : fc.oneof(validValue(schema, context), hostileValue);
  return encodedBody(value);
}

/** Percent-encodes anything, lone surrogates too (as U+FFFD: they cannot be encoded as UTF-8). */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
  }
}

/** A path segment: the schema's kind of value, or anything at all — encoded, or raw and broken. */
function pathValue(parameter: Parameter, context: FuzzContext): Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: validValue(parameter.schema, context).map((v) => encode(String(v))) },
    { weight: 3, arbitrary: hostileString.map((s) => encode(s.slice(0, 3_000))) },
    { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '%E0%A4%A', '..', '%2e%2e', '%2F', '%00', ';', '*') },
  );
}

function queryPairs(parameter: Parameter, context: FuzzContext): Arbitrary<[string, string][]> {
  const one = fc.oneof(
    { weight: 3, arbitrary: validValue(parameter.schema, context).map((v) => String(v)) },
    { weight: 3, arbitrary: hostileString.map((s) => s.slice(0, 3_000)) },
  );
  return fc.oneof(
    { weight: parameter.required ? 1 : 3, arbitrary: fc.constant<[string, string][]>([]) },
    { weight: 6, arbitrary: one.map((v): [string, string][] => [[parameter.name, v]]) },
    // Repeated: Fastify's query parser makes it an array.
    {
      weight: 1,
      arbitrary: fc
        .array(one, { minLength: 2, maxLength: 3 })
        .map((vs) => vs.map((v): [string, string] => [parameter.name, v])),
    },
  );
}

/** One hostile request for the operation. */
export function requestArbitrary(operation: Operation, context: FuzzContext): Arbitrary<FuzzRequest> {
  const pathParameters = operation.parameters.filter((p) => p.in === 'path');
  const queryParameters = operation.parameters.filter((p) => p.in === 'query');
  const path = fc
    .tuple(...pathParameters.map((p) => pathValue(p, context)))
    .map((values) =>
      pathParameters.reduce((url, p, i) => url.replace(`{${p.name}}`, values[i] ?? ''), operation.path),
    );
  const query = fc
    .tuple(
      fc.tuple(...queryParameters.map((p) => queryPairs(p, context))),
      fc.array(fc.tuple(fc.constantFrom(...EXTRA_KEYS, 'limit[]', 'a[b]'), hostileString), { maxLength: 1 }),
    )
    .map(([lists, extra]) => [...lists.flat(), ...extra.map((pair) => [pair[0], pair[1].slice(0, 500)])])
    .map((pairs) =>
      pairs.length === 0
        ? ''
        : `?${pairs.map(([k, v]) => `${encode(k ?? '')}=${encode(v ?? '')}`).join('&')}`,
    );
  return fc
    .tuple(fc.constantFrom(...context.callers), path, query, bodyArbitrary(operation, context))
    .map(([caller, p, q, { body, label }]) => ({
      caller,
      method: operation.method,
      url: p + q,
      ...(body ? { body } : {}),
      label,
    }));
}
