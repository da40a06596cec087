// docker-compose.yml, offline: Debian's docker-compose validates it (`config`), it runs every
// process of the table with a healthcheck and its dependencies, and a broken file is refused.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { PROCESSES } from '../deploy/processes';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const composeFile = path.join(repoRoot, 'docker-compose.yml');
const scratch = mkdtempSync(path.join(tmpdir(), 'saathi-compose-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const KEYS = {
  JWT_PRIVATE_KEY: 'test-private',
  JWT_PUBLIC_KEY: 'test-public',
  MAIL_TOKEN_KEY: 'test-mail',
  // Each service's and the gateway's own password (make-keys.mjs).
  ...Object.fromEntries(
    PROCESSES.filter((p) => p.kind !== 'worker').map((p) => [
      `SAATHI_${p.name.toUpperCase()}_PASSWORD`,
      'test',
    ]),
  ),
};

function composeConfig(file: string, env: Record<string, string> = KEYS) {
  const result = spawnSync('docker-compose', ['-f', file, 'config'], {
    cwd: path.dirname(file),
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', ...env },
  });
  if (result.error)
    throw new Error(`docker-compose is needed (Debian package docker-compose): ${result.error.message}`);
  return result;
}

function brokenCopy(name: string, edit: (text: string) => string): string {
  const file = path.join(scratch, name, 'docker-compose.yml');
  rmSync(path.dirname(file), { recursive: true, force: true });
  spawnSync('mkdir', ['-p', path.dirname(file)]);
  const text = readFileSync(composeFile, 'utf8');
  const edited = edit(text);
  expect(edited, 'the edit must change the file').not.toBe(text);
  writeFileSync(file, edited);
  return file;
}

interface ComposeService {
  image?: string;
  build?: { args?: Record<string, string> };
  command?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
}

describe('docker-compose.yml', () => {
  const result = composeConfig(composeFile);
  const config = parse(result.stdout) as { services: Record<string, ComposeService> };

  it('validates with docker-compose config', () => {
    expect(result.status, result.stderr).toBe(0);
  });

  it('runs every process of the table from its own image, healthchecked, after its infrastructure', () => {
    for (const p of PROCESSES) {
      const service = config.services[p.name];
      expect(service, p.name).toBeDefined();
      expect(service?.build?.args?.PROCESS).toBe(p.name);
      expect(service?.image).toBe(`saathi/${p.name}:latest`);
      expect(service?.healthcheck?.test.join(' ')).toContain('healthcheck.mjs');
      for (const infra of p.needs.filter((n) => ['postgres', 'nats', 'redis'].includes(n)))
        expect(service?.depends_on?.[infra]?.condition, `${p.name} → ${infra}`).toBe('service_healthy');
      const hasMailKey = Boolean(service?.environment?.MAIL_TOKEN_KEY);
      expect(hasMailKey, `${p.name} and MAIL_TOKEN_KEY`).toBe(p.secretKeys.includes('MAIL_TOKEN_KEY'));
      // The signing key: identity's alone.
      expect(Boolean(service?.environment?.JWT_PRIVATE_KEY), p.name).toBe(p.name === 'identity');
    }
    const services = PROCESSES.filter((p) => p.kind === 'service').map((p) => p.name);
    expect(Object.keys(config.services.gateway?.depends_on ?? {})).toEqual(expect.arrayContaining(services));
  });

  it('brings PostgreSQL 16, NATS 2.12 with fsync on every write, Redis 7 that never evicts, and a mail catcher', () => {
    expect(config.services.postgres?.image).toBe('postgres:16');
    expect(config.services.nats?.image).toMatch(/^nats:2\.12/);
    expect(readFileSync(path.join(repoRoot, 'infra/nats/nats.conf'), 'utf8')).toMatch(
      /sync_interval:\s*always/,
    );
    expect(config.services.redis?.image).toBe('redis:7');
    expect(config.services.redis?.command).toEqual(
      expect.arrayContaining(['--maxmemory-policy', 'noeviction', '--appendonly', 'yes']),
    );
    expect(config.services.mailpit?.healthcheck).toBeDefined();
    for (const name of ['postgres', 'nats', 'redis'])
      expect(config.services[name]?.healthcheck, name).toBeDefined();
  });

  it('refuses to render without the signing keys', () => {
    const withoutKeys = composeConfig(composeFile, {});
    expect(withoutKeys.status).not.toBe(0);
    expect(withoutKeys.stderr).toContain('make-keys.mjs');
  });

  it('fails on a dependency that does not exist', () => {
    const file = brokenCopy('undefined-dependency', (text) =>
      text.replace('nats: { condition: service_healthy }', 'natz: { condition: service_healthy }'),
    );
    const broken = composeConfig(file);
    expect(broken.status).not.toBe(0);
    expect(broken.stderr).toContain('natz');
  });

  it('fails on a misspelt option', () => {
    const file = brokenCopy('misspelt-option', (text) =>
      text.replace(
        '    image: saathi/feed:latest',
        '    image: saathi/feed:latest\n    enviroment: { A: b }',
      ),
    );
    const broken = composeConfig(file);
    expect(broken.status).not.toBe(0);
    expect(broken.stderr).toContain('enviroment');
  });
});

describe('infra/docker/Dockerfile', () => {
  const dockerfile = readFileSync(path.join(repoRoot, 'infra/docker/Dockerfile'), 'utf8');
  const ignored = readFileSync(path.join(repoRoot, '.dockerignore'), 'utf8').split('\n');

  it('picks the process with a build argument, runs as a non-root user with node as PID 1', () => {
    expect(dockerfile).toMatch(/^ARG PROCESS=/m);
    expect(dockerfile).toMatch(/^ENV SAATHI_PROCESS=\$\{PROCESS\}/m);
    expect(dockerfile).toMatch(/^USER 10001$/m);
    // Exec form (a JSON array): no shell between the runtime's SIGTERM and node.
    expect(dockerfile).toMatch(/^CMD \["node", "--enable-source-maps", "infra\/docker\/run\.mjs"\]$/m);
    // The process is bundled before the bundler (a dev dependency) is pruned.
    const bundled = dockerfile.indexOf('RUN node infra/scripts/bundle-processes.mjs "$PROCESS"');
    expect(bundled).toBeGreaterThan(0);
    expect(bundled).toBeLessThan(dockerfile.indexOf('npm prune --omit=dev'));
    expect(dockerfile).toMatch(/^HEALTHCHECK .*CMD \["node", "infra\/docker\/healthcheck\.mjs"\]$/m);
    expect(dockerfile).toMatch(/npm prune --omit=dev/);
  });

  it('copies every workspace manifest before installing, and keeps secrets and local data out', () => {
    const workspaces = (
      JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { workspaces: string[] }
    ).workspaces;
    for (const workspace of workspaces)
      expect(dockerfile).toContain(`COPY ${workspace}/package.json ${workspace}/`);
    for (const entry of ['node_modules', '.env', '**/*.pem', '.data', '.git'])
      expect(ignored).toContain(entry);
  });

  it('every process entry exists and run.mjs refuses an unknown process', () => {
    for (const p of PROCESSES) expect(() => readFileSync(path.join(repoRoot, p.entry))).not.toThrow();
    const run = spawnSync(process.execPath, ['infra/docker/run.mjs'], {
      cwd: repoRoot,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', SAATHI_PROCESS: 'nope' },
    });
    expect(run.status).toBe(64);
    expect(run.stderr).toContain('gateway');
  });

  it('run.mjs runs the bundle the build step makes, with plain node', () => {
    const bundle = spawnSync(process.execPath, ['infra/scripts/bundle-processes.mjs', 'blog'], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    expect(bundle.status, bundle.stderr).toBe(0);
    expect(bundle.stdout.trim()).toBe('.build/processes/services-blog-src-main.mjs');
    // Without its configuration the service says what is missing: its own code ran, from the bundle.
    const run = spawnSync(process.execPath, ['--enable-source-maps', 'infra/docker/run.mjs'], {
      cwd: repoRoot,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', SAATHI_PROCESS: 'blog' },
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Invalid configuration');
    expect(run.stderr).toContain('JWT_PUBLIC_KEY');
    // Bundling a service (esbuild) and loading it took over 30 s on the 2 cores while other
    // infra files started clusters beside it.
  }, 120_000);
});
