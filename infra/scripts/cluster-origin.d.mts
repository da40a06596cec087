// Types for cluster-origin.mjs.
export function gatewayAddress(
  env: Record<string, string | undefined>,
  tablePort: number,
): { port: string; publicOrigin: string };
