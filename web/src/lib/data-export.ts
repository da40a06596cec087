/** The one JSON file of "Download my data": each service's part under its name. */
export function dataExportFile(
  userId: string,
  parts: Record<string, unknown>,
  exportedAt: Date,
): { name: string; json: string } {
  const day = exportedAt.toISOString().slice(0, 10);
  return {
    name: `saathi-data-${day}.json`,
    json: JSON.stringify({ exportedAt: exportedAt.toISOString(), userId, ...parts }, null, 2),
  };
}
