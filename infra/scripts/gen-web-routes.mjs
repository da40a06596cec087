// Writes web/src/api/routes.ts, the web's zod-free route table, from the route descriptors of
// @saathi/contracts (web/build/web-routes.ts holds the generator). Run it under tsx, which loads
// the contracts' TypeScript: `npm run gen:routes -w @saathi/web`, or from the root
// `node --import tsx infra/scripts/gen-web-routes.mjs`. Every web build runs it first (`prebuild`).
// `--check` writes nothing and exits 1 when the committed file is out of date.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  renderWebRoutes,
  WEB_ROUTES_FILE,
  writeWebRoutes,
  GENERATE_COMMAND,
} from '../../web/build/web-routes.ts';

const relative = path.relative(process.cwd(), WEB_ROUTES_FILE);

if (process.argv.includes('--check')) {
  const current = readFileSync(WEB_ROUTES_FILE, 'utf8');
  if (current !== (await renderWebRoutes())) {
    console.error(`${relative} is out of date: run \`${GENERATE_COMMAND}\``);
    process.exit(1);
  }
} else if (await writeWebRoutes()) {
  console.log(`wrote ${relative}`);
}
