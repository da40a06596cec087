import { afterEach } from 'vitest';
import type { TestCluster } from './cluster-harness';

/**
 * For a test file's top level: after any failed test, the cluster's whole output is saved and
 * its path and last lines printed, so an intermittent failure in a long run can be read later.
 */
export function keepOutputOfFailures(cluster: () => TestCluster | undefined, label: string): void {
  afterEach((context) => {
    const current = cluster();
    if (context.task.result?.state !== 'fail' || !current) return;
    const file = current.saveOutput(`${label}-${context.task.name.slice(0, 40)}`);
    console.error(`[cluster log] ${context.task.name}: ${file}\n${current.output().slice(-3000)}`);
  });
}
