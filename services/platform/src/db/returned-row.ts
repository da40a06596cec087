/**
 * The row an `insert … returning` or an `update … returning` of a row known to exist gave back.
 * Throws (a 500, never a silent undefined) when the statement returned nothing.
 */
export function returnedRow<T>(rows: readonly T[], what: string): T {
  const [row] = rows;
  if (row === undefined) throw new Error(`expected ${what} to return a row`);
  return row;
}
