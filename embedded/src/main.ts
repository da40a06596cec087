/** `npm start`: the whole product in one process at http://localhost:3000. */
import path from 'node:path';
import { loadConfig } from '@saathi/platform';
import { embeddedEnvSchema } from './config';
import { startEmbedded } from './embedded';

const config = loadConfig(embeddedEnvSchema);
const startedAt = performance.now();
const server = await startEmbedded({
  port: config.PORT,
  host: config.HOST,
  dataDir: path.resolve(config.SAATHI_DATA_DIR),
  logLevel: config.LOG_LEVEL,
});
const shownUrl = server.url.replace('127.0.0.1', 'localhost');
console.log(`\n  Saathi is ready at ${shownUrl} (${Math.round(performance.now() - startedAt)} ms)`);
console.log(`  mail is written to ${server.mailDir}\n`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1); // a second Ctrl-C forces it
    stopping = true;
    console.log('\n  stopping Saathi…');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
