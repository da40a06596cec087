// The gateway's address for `npm run start:cluster` (plain Node: the launcher loads it before
// anything builds; types in cluster-origin.d.mts).

/**
 * The port the gateway listens on and the origin the browser loads the site from. PORT wins;
 * else the process table's gateway port shifted by SAATHI_PORT_OFFSET (a second cluster beside
 * the first). PUBLIC_ORIGIN wins; else `http://localhost:<that port>`: the gateway refuses writes
 * and websockets from any other origin, and the services put it in mailed links, so a second
 * cluster on 3200 left at the default `http://localhost:3000` refused every write from its own
 * pages (403 CROSS_SITE_REQUEST) and mailed links to the first one.
 */
export function gatewayAddress(env, tablePort) {
  const offset = Number(env.SAATHI_PORT_OFFSET || 0);
  if (!Number.isInteger(offset) || offset < 0) {
    throw new Error(`SAATHI_PORT_OFFSET must be a whole number of ports, not ${env.SAATHI_PORT_OFFSET}`);
  }
  const port = env.PORT || String(tablePort + offset);
  return { port, publicOrigin: env.PUBLIC_ORIGIN || `http://localhost:${port}` };
}
