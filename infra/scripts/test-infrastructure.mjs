// Where `npm test` gets PostgreSQL, NATS and Redis: the ones given by env (or the local
// standard ports) when they answer; otherwise, when a Docker engine is available, containers
// started with testcontainers from the same images and settings as docker-compose.yml; otherwise
// the run fails and names what is missing. The decision and the container definitions are pure
// functions, tested without Docker (infra/test/test-infrastructure.test.ts).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

/** The three dependencies, the env variable that points the tests at each, and its compose service. */
export const DEPENDENCIES = [
  { name: 'PostgreSQL', envVar: 'TEST_DATABASE_URL', compose: 'postgres', port: 5432 },
  { name: 'NATS', envVar: 'NATS_URL', compose: 'nats', port: 4222 },
  { name: 'Redis', envVar: 'REDIS_URL', compose: 'redis', port: 6379 },
];

/**
 * @param {{ unreachable: string[], dockerAvailable: boolean }} state names of unreachable dependencies
 * @returns {{ action: 'run' } | { action: 'containers', start: string[] } | { action: 'fail', message: string }}
 */
export function planInfrastructure({ unreachable, dockerAvailable }) {
  if (unreachable.length === 0) return { action: 'run' };
  if (dockerAvailable) return { action: 'containers', start: unreachable };
  return {
    action: 'fail',
    message:
      `unreachable: ${unreachable.join(', ')}, and no Docker engine to start them in — ` +
      'start them (see README, "Tests") or set TEST_DATABASE_URL, NATS_URL and REDIS_URL.',
  };
}

/**
 * How to run each dependency, read from docker-compose.yml so tests and compose cannot differ:
 * image, command, environment, and files the compose service mounts read-only (nats.conf).
 */
export function containerDefinitions(repoRoot) {
  const compose = parse(readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8'));
  return DEPENDENCIES.map((dependency) => {
    const service = compose.services[dependency.compose];
    if (!service) throw new Error(`docker-compose.yml has no ${dependency.compose} service`);
    const files = (service.volumes ?? [])
      .filter((volume) => typeof volume === 'string' && volume.startsWith('./'))
      .map((volume) => {
        const [source, target] = volume.split(':');
        return { source: path.join(repoRoot, source), target };
      });
    return {
      ...dependency,
      image: service.image,
      command: service.command ?? [],
      environment: service.environment ?? {},
      files,
    };
  });
}

/** The URL the tests use for a dependency running at host:port (credentials as compose sets them). */
export function urlFor(definition, host, port) {
  switch (definition.name) {
    case 'PostgreSQL': {
      const user = definition.environment.POSTGRES_USER ?? 'postgres';
      const password = definition.environment.POSTGRES_PASSWORD ?? '';
      return `postgres://${user}:${password}@${host}:${port}/${definition.environment.POSTGRES_DB ?? user}`;
    }
    case 'NATS':
      return `nats://${host}:${port}`;
    default:
      return `redis://${host}:${port}`;
  }
}

/** True when a Docker engine answers (the client alone is not enough). */
export function dockerAvailable() {
  const result = spawnSync('docker', ['info', '--format', '{{.ServerVersion}}'], {
    encoding: 'utf8',
    timeout: 10_000,
  });
  return result.status === 0 && result.stdout.trim().length > 0;
}

/**
 * Starts the named dependencies as containers and returns the env that points the tests at them.
 * `GenericContainer` is injectable so the definitions can be checked without Docker.
 */
export async function startContainers(names, definitions, GenericContainer) {
  if (!GenericContainer) ({ GenericContainer } = await import('testcontainers'));
  const { Wait } = await import('testcontainers').catch(() => ({ Wait: undefined }));
  const env = {};
  const started = [];
  for (const definition of definitions.filter((d) => names.includes(d.name))) {
    let container = new GenericContainer(definition.image)
      .withExposedPorts(definition.port)
      .withEnvironment(
        Object.fromEntries(Object.entries(definition.environment).map(([k, v]) => [k, String(v)])),
      );
    if (definition.command.length > 0) container = container.withCommand(definition.command);
    if (definition.files.length > 0) container = container.withCopyFilesToContainer(definition.files);
    if (Wait) container = container.withWaitStrategy(Wait.forListeningPorts());
    const running = await container.start();
    started.push(running);
    env[definition.envVar] = urlFor(definition, running.getHost(), running.getMappedPort(definition.port));
  }
  return { env, stop: () => Promise.all(started.map((c) => c.stop())) };
}
