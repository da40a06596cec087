import { unreachableInfra } from './infra';

/** Vitest global setup: refuse to run (never skip) when the real services are not there. */
export default async function setup(): Promise<void> {
  const missing = await unreachableInfra();
  if (missing.length > 0) {
    throw new Error(
      `Integration tests need the real services, which are unreachable: ${missing.join(', ')}. ` +
        'Start them (see README "Testing") or point TEST_DATABASE_URL / NATS_URL / REDIS_URL at them.',
    );
  }
}
