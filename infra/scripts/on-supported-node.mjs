// `node infra/scripts/on-supported-node.mjs <command> [args…]`: runs a command (a bench, the web
// audit) on Node 24, production's line, as `npm test` does (node-runtime.mjs): figures measured
// on the machine's older Node would describe a runtime nobody ships.
import { spawn } from 'node:child_process';
import { relayTo, useSupportedNode } from './node-runtime.mjs';

await useSupportedNode();
const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node infra/scripts/on-supported-node.mjs <command> [args…]');
  process.exit(2);
}
await relayTo(spawn(command, args, { stdio: 'inherit' }));
