// The image's HEALTHCHECK: the process answers /healthz on its port (run.mjs's default port
// when PORT is unset). Exits 0 when healthy.
import { readProcesses } from '../scripts/lib.mjs';

const spec = readProcesses().find((p) => p.name === process.env.SAATHI_PROCESS);
const port = process.env.PORT || spec?.port;
try {
  const res = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2000) });
  process.exit(res.ok ? 0 : 1);
} catch {
  process.exit(1);
}
