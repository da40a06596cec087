// The Node.js line of the launch and test scripts (infra/scripts/node-runtime.mjs, issue 29):
// production's major, stated truly in `engines`, and used by the tests themselves even on a
// machine whose own `node` is older.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
  engines: { node: string };
  saathi: { node: string };
};
const productionMajor = Number(
  /^FROM node:(\d+)/m.exec(readFileSync(path.join(repoRoot, 'infra', 'docker', 'Dockerfile'), 'utf8'))![1],
);
const major = (version: string) => Number(version.replace(/^v/, '').split('.')[0]);

describe('the Node.js line', () => {
  it('is production’s in engines and in the pinned fallback', () => {
    expect(productionMajor).toBeGreaterThanOrEqual(24);
    expect(manifest.engines.node).toBe(`>=${productionMajor}`);
    expect(major(manifest.saathi.node)).toBe(productionMajor);
  });

  it('runs these tests (npm test re-runs itself under the pinned Node when the machine’s is older)', () => {
    expect(major(process.version)).toBe(productionMajor);
  });

  it('moves a script started on an older node onto the pinned one, and says so in one line', () => {
    // The machine's own node, whatever PATH the test runner was given.
    const systemNode = ['/usr/bin/node', '/usr/local/bin/node'].find((candidate) => {
      const probe = spawnSync(candidate, ['--version'], { encoding: 'utf8' });
      return probe.status === 0;
    });
    expect(systemNode).toBeDefined();
    const script =
      "import { useSupportedNode } from './infra/scripts/node-runtime.mjs';" +
      'await useSupportedNode(); console.log(`running on ${process.version}`);';
    const result = spawnSync(systemNode!, ['--input-type=module', '-e', script], {
      cwd: repoRoot,
      encoding: 'utf8',
      env: { ...process.env, SAATHI_NODE: '' },
      timeout: 120_000,
    });
    expect(result.status).toBe(0);
    const systemVersion = spawnSync(systemNode!, ['--version'], { encoding: 'utf8' }).stdout.trim();
    if (major(systemVersion) >= productionMajor)
      expect(result.stdout).toContain(`running on ${systemVersion}`);
    else {
      expect(result.stdout).toContain(`running on v${manifest.saathi.node}`);
      expect(result.stdout).toContain(
        `this machine's Node is ${systemVersion}; running under Node ${manifest.saathi.node}`,
      );
    }
  });
});
