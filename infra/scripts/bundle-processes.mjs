// Bundles every cluster process's entry (infra/deploy/processes.json) into one ES module each,
// under .build/processes/: our TypeScript (services, contracts, platform) compiled once, npm
// packages left as imports. A process then starts with plain `node`, without tsx compiling and
// resolving a few hundred modules through loader hooks at every start: about 1.4 s of CPU less per
// process, and a cluster starts 10 of them (docs/decisions.md, "Bundled processes").
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { readProcesses, repoRoot } from './lib.mjs';

export const BUNDLE_DIR = path.join(repoRoot, '.build', 'processes');

/** `services/feed/src/main.ts` → `.build/processes/services-feed-src-main.mjs`. */
export function bundlePathOf(entry) {
  return path.join(BUNDLE_DIR, `${entry.replace(/\.ts$/, '').replaceAll('/', '-')}.mjs`);
}

/** Packages bundled rather than imported: ours, and OpenTelemetry, which the platform pins apart from the root's. */
const BUNDLED_PACKAGES = /^@saathi\/|^@opentelemetry\//;

/**
 * Each source file's own `import.meta.url` and `import.meta.dirname`, written in as literals:
 * in one bundle they would all name the bundle, and a service finds its migrations by them.
 */
const ownImportMeta = {
  name: 'own-import-meta',
  setup(builder) {
    builder.onResolve({ filter: /^[^./#]/ }, (args) => {
      if (BUNDLED_PACKAGES.test(args.path) || args.kind === 'entry-point') return undefined;
      return { path: args.path, external: true };
    });
    builder.onLoad({ filter: /\.ts$/ }, (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const contents = readFileSync(args.path, 'utf8')
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)));
      return { contents, loader: 'ts' };
    });
  },
};

/**
 * A fingerprint of every `.ts` and `.json` file under these folders (path, mtime, size): what a
 * bundle is made from.
 */
/** What every process is made of; a change under them remakes every bundle. */
const SOURCE_DIRS = ['services', 'gateway/src'];

function sourceStamp(dirs) {
  const hash = createHash('sha256');
  const walk = (dir) => {
    for (const name of readdirSync(dir).sort()) {
      if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
      const full = path.join(dir, name);
      const stat = statSync(full);
      if (stat.isDirectory()) walk(full);
      else if (name.endsWith('.ts') || name.endsWith('.json'))
        hash.update(`${full}:${stat.mtimeMs}:${stat.size}\n`);
    }
  };
  for (const dir of dirs) walk(path.join(repoRoot, dir));
  return hash.digest('hex');
}

function writeInPlace(file, contents) {
  // Written beside and renamed into place: a process starting meanwhile (tests start several
  // clusters at once) reads an old bundle or a new one, never half of one.
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, file);
}

/**
 * Bundles each entry (a path from the repository root) whose sources changed since its last
 * bundle; resolves with the bundle path of each entry.
 */
export async function bundleProcesses(entries) {
  mkdirSync(BUNDLE_DIR, { recursive: true });
  const base = sourceStamp(SOURCE_DIRS);
  // An entry outside those folders (a test fixture) counts its own folder too.
  const stampOf = (entry) =>
    SOURCE_DIRS.some((dir) => entry.startsWith(`${dir}/`))
      ? base
      : `${base} ${sourceStamp([path.dirname(entry)])}`;
  const stale = entries.filter((entry) => {
    const stampFile = `${bundlePathOf(entry)}.stamp`;
    return (
      !existsSync(bundlePathOf(entry)) ||
      !existsSync(stampFile) ||
      readFileSync(stampFile, 'utf8') !== stampOf(entry)
    );
  });
  // Loaded only to bundle: the Docker image runs its bundle (bundlePathOf) after the bundler, a
  // dev dependency, is pruned.
  const { build } = stale.length > 0 ? await import('esbuild') : { build: undefined };
  await Promise.all(
    stale.map(async (entry) => {
      const result = await build({
        write: false,
        entryPoints: [path.join(repoRoot, entry)],
        outfile: bundlePathOf(entry),
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        sourcemap: 'linked',
        logLevel: 'warning',
        plugins: [ownImportMeta],
        // Packages left as imports may still use require(); an ES module has none of its own.
        banner: {
          js: "import { createRequire as __saathiRequire } from 'node:module'; const require = __saathiRequire(import.meta.url);",
        },
      });
      for (const file of result.outputFiles) writeInPlace(file.path, file.contents);
      writeInPlace(`${bundlePathOf(entry)}.stamp`, stampOf(entry));
    }),
  );
  return Object.fromEntries(entries.map((entry) => [entry, bundlePathOf(entry)]));
}

/** `node infra/scripts/bundle-processes.mjs <process name>…`: bundles those processes (the Docker build). */
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const processes = readProcesses();
  const names = process.argv.slice(2);
  const unknown = names.filter((name) => !processes.some((p) => p.name === name));
  if (names.length === 0 || unknown.length > 0) {
    console.error(`name one or more of: ${processes.map((p) => p.name).join(', ')}`);
    process.exit(64);
  }
  const bundles = await bundleProcesses(processes.filter((p) => names.includes(p.name)).map((p) => p.entry));
  for (const bundle of Object.values(bundles)) console.log(path.relative(repoRoot, bundle));
}
