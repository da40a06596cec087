export { connectPostgres, type PostgresOptions } from './postgres';
export { openPglite } from './pglite';
export { sharedHandle } from './shared-handle';
export { loadMigrations } from './load-migrations';
export { queryRows, rowsOf, type Row } from './query-rows';
export { preparedRows } from './prepared-rows';
export { assertSchemaName } from './sql-identifier';
export { returnedRow } from './returned-row';
export { isDatabaseUnavailable } from './unavailable';
