// `npm run start:cluster` stopped with Ctrl-C in a terminal (SIGINT to the whole foreground
// process group): every process drains once and the launcher exits 0.
import { afterAll, describe, expect, it } from 'vitest';
import { startTestCluster, type TestCluster } from './cluster-harness';

let cluster: TestCluster | undefined;
afterAll(async () => {
  await cluster?.close();
});

describe('start:cluster and Ctrl-C', () => {
  it('stops every process gracefully and exits 0', async () => {
    cluster = await startTestCluster();
    const served = await fetch(`${cluster.gatewayUrl}/api/blog/posts`);
    expect(served.status).toBeLessThan(500);

    const code = await cluster.interrupt();
    const output = cluster.output();
    expect(code, output.slice(-3000)).toBe(0);
    expect(output).toContain('[cluster] every process stopped gracefully');
    // A child that got the terminal's SIGINT and then the launcher's SIGTERM skips its drain.
    expect(output).not.toMatch(/second (SIGINT|SIGTERM)|exited non-zero/);
  }, 180_000);
});
