/** Raw queries get timestamptz as a string from node-postgres and as a Date from PGlite. */
export type DbTime = Date | string;

export const asDate = (value: DbTime): Date => (value instanceof Date ? value : new Date(value));
