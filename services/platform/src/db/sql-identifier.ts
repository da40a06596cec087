/**
 * Schema names end up spliced into DDL (CREATE SCHEMA, migrations), where parameters are not
 * allowed, so they are restricted to plain lower-case identifiers instead of being escaped.
 */
export function assertSchemaName(schema: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) {
    throw new Error(`invalid schema name ${JSON.stringify(schema)}: use lower-case letters, digits and _`);
  }
  return schema;
}
