// docs/configuration.md is the one list of what can be configured: every variable a process reads
// through its config schema has a row there, so a new setting cannot ship undocumented.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { configSchema as blog } from '@saathi/blog';
import { configSchema as feed } from '@saathi/feed';
import { configSchema as identity } from '@saathi/identity';
import { configSchema as messaging } from '@saathi/messaging';
import { configSchema as moderation } from '@saathi/moderation';
import { configSchema as notification } from '@saathi/notification';
import { gatewayEnvSchema } from '../../gateway/src/config';
import { embeddedEdgeLimitsSchema, embeddedEnvSchema, embeddedWebSchema } from '../../embedded/src/config';

const doc = readFileSync(path.join(import.meta.dirname, '..', '..', 'docs', 'configuration.md'), 'utf8');
/** The variables the table names, each in backticks at the start of a row (some rows name two). */
const documented = new Set(
  doc
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) =>
      [...(line.split('|')[1] ?? '').matchAll(/`([A-Z0-9_<>]+)`/g)].map((match) => match[1]),
    ),
);

const schemas: Record<string, z.ZodObject> = {
  blog,
  feed,
  identity,
  messaging,
  moderation,
  notification,
  gateway: gatewayEnvSchema,
  embedded: embeddedEnvSchema,
  'embedded edge limits': embeddedEdgeLimitsSchema,
  'embedded web': embeddedWebSchema,
};

describe('docs/configuration.md', () => {
  it.each(Object.entries(schemas))('has a row for every variable %s reads', (_name, schema) => {
    const missing = Object.keys(schema.shape).filter((variable) => !documented.has(variable));
    expect(missing).toEqual([]);
  });
});
