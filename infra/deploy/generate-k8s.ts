// `npm run k8s:generate`: rewrites k8s/base from the process table.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderBase } from './render-k8s';

const baseDir = path.resolve(import.meta.dirname, '..', '..', 'k8s', 'base');
mkdirSync(baseDir, { recursive: true });
const files = renderBase();
for (const stale of readdirSync(baseDir)) if (!files.has(stale)) rmSync(path.join(baseDir, stale));
for (const [file, text] of files) writeFileSync(path.join(baseDir, file), text);
console.log(`k8s/base: ${files.size} files written`);
