// The only place the test kit reads the environment (CONVENTIONS: env is read in one module).
export const testEnv = {
  databaseUrl: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  natsUrl: process.env.TEST_NATS_URL ?? process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
  natsServerBinary: process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server',
  redisServerBinary: process.env.REDIS_SERVER_BIN ?? '/usr/bin/redis-server',
};
