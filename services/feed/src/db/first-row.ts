/** The one row a write with RETURNING (or a count) gives back; its absence is a bug, not a case. */
export function firstRow<T>(rows: readonly T[], what: string): T {
  const [row] = rows;
  if (row === undefined) throw new Error(`expected a row from ${what}`);
  return row;
}
