import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './create-logger';

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

  it('writes plain JSON with the name and an optional message prefix', () => {
    const { logger, records } = captureLogger({ prefix: '[feed] ' });
    logger.warn('careful');
    expect(records()[0]).toMatchObject({ name: 'test', msg: '[feed] careful', level: 40 });
  });
});
