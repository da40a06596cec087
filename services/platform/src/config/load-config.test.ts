import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  boolVar,
  commonEnvSchema,
  infraEnvSchema,
  pemVar,
  portVar,
  trustProxyVar,
  urlVar,
} from './fragments';
import { ConfigError, loadConfig } from './load-config';

const PEM = '-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE\n-----END PUBLIC KEY-----';

function problemsOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('lists every problem in one message', () => {
    const schema = z.object({
      DATABASE_URL: urlVar(),
      PORT: portVar(3000),
      LOG_LEVEL: commonEnvSchema.shape.LOG_LEVEL,
      JWT_PUBLIC_KEY: pemVar(),
    });
    let message = '';
    try {
      loadConfig(schema, { PORT: 'eighty', LOG_LEVEL: 'loud' }, { exit: false });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message.split('\n')).toEqual([
      'Invalid configuration:',
      '- DATABASE_URL: Required',
      expect.stringMatching(/^- PORT: /),
      expect.stringMatching(/^- LOG_LEVEL: /),
      '- JWT_PUBLIC_KEY: Required',
    ]);
  });

  it('applies defaults and treats empty values as unset', () => {
    const schema = commonEnvSchema.extend(infraEnvSchema.omit({ JWT_PUBLIC_KEY: true }).shape).extend({
      FEATURE: boolVar(),
    });
    const config = loadConfig(schema, { PORT: '4001', HOST: '', FEATURE: 'yes' }, { exit: false });
    expect(config).toEqual({
      LOG_LEVEL: 'info',
      HOST: '0.0.0.0',
      PORT: 4001,
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/saathi',
      NATS_URL: 'nats://127.0.0.1:4222',
      REDIS_URL: 'redis://127.0.0.1:6379',
      SMTP_URL: 'smtp://127.0.0.1:1025',
      FEATURE: true,
    });
  });

  it('reads a public key inline (with escaped newlines) or from a file: path', () => {
    const schema = infraEnvSchema.pick({ JWT_PUBLIC_KEY: true });
    const dir = mkdtempSync(join(tmpdir(), 'saathi-config-'));
    writeFileSync(join(dir, 'key.pem'), `${PEM}\n`);
    expect(
      loadConfig(schema, { JWT_PUBLIC_KEY: PEM.replaceAll('\n', '\\n') }, { exit: false }).JWT_PUBLIC_KEY,
    ).toBe(PEM);
    expect(
      loadConfig(schema, { JWT_PUBLIC_KEY: `file:${join(dir, 'key.pem')}` }, { exit: false }).JWT_PUBLIC_KEY,
    ).toBe(PEM);
    expect(
      problemsOf(() =>
        loadConfig(schema, { JWT_PUBLIC_KEY: `file:${join(dir, 'nope.pem')}` }, { exit: false }),
      ),
    ).toEqual([expect.stringMatching(/^- JWT_PUBLIC_KEY: cannot read /)]);
    expect(problemsOf(() => loadConfig(schema, { JWT_PUBLIC_KEY: 'not a key' }, { exit: false }))).toEqual([
      expect.stringMatching(/^- JWT_PUBLIC_KEY: expected a PEM block/),
    ]);
  });

  it('does not choose behaviour by NODE_ENV', () => {
    const a = loadConfig(commonEnvSchema, { NODE_ENV: 'production' }, { exit: false });
    const b = loadConfig(commonEnvSchema, { NODE_ENV: 'test' }, { exit: false });
    expect(a).toEqual(b);
  });
});

describe('trustProxyVar', () => {
  it("reads Fastify's trustProxy forms: true, false, or a list of addresses", () => {
    const schema = trustProxyVar('loopback');
    expect(schema.parse(undefined)).toEqual(['loopback']);
    expect(schema.parse('true')).toBe(true);
    expect(schema.parse('false')).toBe(false);
    expect(schema.parse(' 10.0.0.0/8, loopback ,')).toEqual(['10.0.0.0/8', 'loopback']);
  });
});
