// @saathi/platform/testing — helpers for tests against the real local infrastructure.
export { createTestDatabase, type TestDatabase } from './test-database';
export { startNatsServer, type NatsServerHandle, type StartNatsServerOptions } from './nats-server';
export { ephemeralRedisArgs, startRedisServer, type RedisServerHandle } from './redis-server';
export { launchServer, sparePort, terminate, type LaunchOptions } from './server-process';
export { uniqueName, uniqueToken } from './unique-name';
export { testEnv } from './env';
export { waitFor, sleep } from './wait-for';
export { schemaDrift, type ColumnShape } from './schema-drift';
export { TestClock } from './test-clock';
export { countingLogger } from './counting-logger';
export { startTcpProxy, type TcpProxy } from './tcp-proxy';
export { buildTestUser, startTestService, type TestService, type TestServiceOptions } from './test-service';
export { countRowsNaming, type RowReader } from './rows-naming';
export {
  consumed,
  envelopeOf,
  fake,
  fakeClock,
  fakeMeta,
  fakeQueue,
  fakeTx,
  fakeUnitOfWork,
  outcomeOf,
  routeInput,
  type Emitted,
  type QueuedJob,
} from './use-case-fakes';
