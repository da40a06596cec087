// How `npm test` finds PostgreSQL, NATS and Redis, checked without a Docker engine: the decision,
// the container definitions (the same images and settings as docker-compose.yml), and what
// would be handed to testcontainers (ports and env passed through).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  containerDefinitions,
  planInfrastructure,
  startContainers,
  urlFor,
} from '../scripts/test-infrastructure.mjs';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');

describe('npm test and its infrastructure', () => {
  it('runs against what answers, starts containers only for what does not, and fails without Docker', () => {
    expect(planInfrastructure({ unreachable: [], dockerAvailable: false })).toEqual({ action: 'run' });
    expect(planInfrastructure({ unreachable: ['NATS'], dockerAvailable: true })).toEqual({
      action: 'containers',
      start: ['NATS'],
    });
    const failed = planInfrastructure({ unreachable: ['PostgreSQL', 'Redis'], dockerAvailable: false });
    expect(failed.action).toBe('fail');
    expect((failed as { message: string }).message).toContain('PostgreSQL, Redis');
  });

  it('runs each dependency with the image and settings docker-compose.yml gives it', () => {
    const byName = Object.fromEntries(containerDefinitions(repoRoot).map((d) => [d.name, d]));
    expect(byName.PostgreSQL?.image).toBe('postgres:16');
    expect(byName.PostgreSQL?.environment).toMatchObject({ POSTGRES_USER: 'saathi', POSTGRES_DB: 'saathi' });
    expect(byName.NATS?.image).toMatch(/^nats:2\.12/);
    expect(byName.NATS?.command).toEqual(['-c', '/etc/nats/nats.conf']);
    expect(byName.NATS?.files).toEqual([
      { source: path.join(repoRoot, 'infra/nats/nats.conf'), target: '/etc/nats/nats.conf' },
    ]);
    expect(byName.Redis?.image).toBe('redis:7');
    expect(byName.Redis?.command).toEqual(expect.arrayContaining(['--maxmemory-policy', 'noeviction']));
  });

  it('hands testcontainers the image, port, command, env and files, and points the tests at the mapped ports', async () => {
    const calls: Record<string, unknown>[] = [];
    class FakeContainer {
      private readonly config: Record<string, unknown>;
      constructor(image: string) {
        this.config = { image };
        calls.push(this.config);
      }
      withExposedPorts(port: number) {
        this.config.port = port;
        return this;
      }
      withEnvironment(env: Record<string, string>) {
        this.config.env = env;
        return this;
      }
      withCommand(command: string[]) {
        this.config.command = command;
        return this;
      }
      withCopyFilesToContainer(files: unknown[]) {
        this.config.files = files;
        return this;
      }
      withWaitStrategy() {
        return this;
      }
      start() {
        const port = this.config.port as number;
        return Promise.resolve({
          getHost: () => 'docker.local',
          getMappedPort: (inner: number) => (inner === port ? 40_000 + port : 0),
          stop: () => Promise.resolve(),
        });
      }
    }
    const definitions = containerDefinitions(repoRoot);
    const { env } = await startContainers(['PostgreSQL', 'Redis'], definitions, FakeContainer);
    expect(calls.map((c) => c.image)).toEqual(['postgres:16', 'redis:7']);
    expect(calls[0]).toMatchObject({ port: 5432, env: { POSTGRES_PASSWORD: 'saathi' } });
    expect(env).toEqual({
      TEST_DATABASE_URL: 'postgres://saathi:saathi@docker.local:45432/saathi',
      REDIS_URL: 'redis://docker.local:46379',
    });
    expect(
      urlFor(
        definitions.find((d) => d.name === 'NATS')!,
        'h',
        1,
      ),
    ).toBe('nats://h:1');
  });
});
