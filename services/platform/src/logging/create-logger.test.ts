import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { createLogger } from './create-logger';
import { reasonOf } from './error-without-values';

interface LogRecord {
  name: string;
  msg: string;
  level: number;
  req: { headers: Record<string, string>; body: Record<string, string> };
}

function captureLogger(options: { prefix?: string } = {}) {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      callback();
    },
  });
  const logger = createLogger({ name: 'test', level: 'debug', destination, ...options });
  const records = () => lines.map((line) => JSON.parse(line) as LogRecord);
  return { logger, lines, records };
}

describe('createLogger', () => {
  it('removes cookies, authorization and set-cookie headers', () => {
    const { logger, lines, records } = captureLogger();
    logger.info(
      {
        req: {
          method: 'GET',
          headers: { cookie: 'access=secret-cookie', authorization: 'Bearer secret-jwt', host: 'x' },
        },
        res: { statusCode: 200, headers: { 'set-cookie': 'refresh=secret-refresh' } },
      },
      'request',
    );
    expect(lines.join('\n')).not.toMatch(/secret-(cookie|jwt|refresh)/);
    const [record] = records();
    expect(record!.req.headers.host).toBe('x');
    expect(record!.req.headers.cookie).toBe('[Redacted]');
  });

  it('removes passwords, tokens and image data at depth up to two', () => {
    const { logger, lines, records } = captureLogger();
    logger.info({ password: 'pw0', body: { password: 'pw1', confirmPassword: 'pw2', token: 'tk1' } }, 'top');
    logger.info(
      { req: { body: { password: 'pw3', imageData: 'data:image/png;base64,AAAA', email: 'a@b.c' } } },
      'nested',
    );
    expect(lines.join('\n')).not.toMatch(/pw[0-9]|tk1|base64/);
    expect(records()[1]!.req.body.email).toBe('a@b.c');
  });

  it('logs a failed query without its values: no hash, address or quoted row', () => {
    const { logger, lines, records } = captureLogger();
    // As drizzle and node-postgres raise a sign-up that lost a race for its address.
    const cause = Object.assign(
      new Error('duplicate key value violates unique constraint "users_email_key"'),
      {
        code: '23505',
        detail: 'Key (email)=(asha@example.com) already exists.',
      },
    );
    const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA';
    const failed = new DrizzleQueryError(
      'insert into "identity"."users" ("email", "password_hash") values ($1, $2)',
      ['asha@example.com', `multi\nline ${hash}`],
      cause,
    );
    logger.error({ err: failed }, 'request failed');
    logger.warn({ reason: reasonOf(failed) }, 'database unavailable');
    const text = lines.join('\n');
    expect(text).not.toContain('asha@example.com');
    expect(text).not.toContain('argon2id');
    // What an operator needs stays: the statement, the SQL state and the reason.
    const [logged] = records() as unknown as { err: { message: string; code?: string; stack: string } }[];
    expect(logged!.err.message).toContain('insert into "identity"."users"');
    expect(logged!.err.message).toContain('users_email_key');
    expect(logged!.err.stack).toContain('create-logger.test.ts');
    expect(reasonOf(failed)).toBe(
      'Failed query: insert into "identity"."users" ("email", "password_hash") values ($1, $2)',
    );
  });

  it('writes plain JSON with the name and an optional message prefix', () => {
    const { logger, records } = captureLogger({ prefix: '[feed] ' });
    logger.warn('careful');
    expect(records()[0]).toMatchObject({ name: 'test', msg: '[feed] careful', level: 40 });
  });
});
