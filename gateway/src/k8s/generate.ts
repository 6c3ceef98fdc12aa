/**
 * Writes deploy/k8s (render.ts): `npm run gen:k8s`. Files there it does not generate are removed.
 * `--check` exits 1 when a committed file differs from what the route table generates, or is missing
 * or left over.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { K8S_DIR, k8sFiles } from './render';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const check = process.argv.includes('--check');

function listFiles(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(path.join(repoRoot, dir), { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => (e.isDirectory() ? listFiles(`${dir}/${e.name}`) : [`${dir}/${e.name}`]));
}

const files = k8sFiles();
let stale = 0;
let written = 0;
for (const [rel, text] of Object.entries(files)) {
  const file = path.join(repoRoot, rel);
  let current: string | undefined;
  try {
    current = readFileSync(file, 'utf8');
  } catch {
    current = undefined;
  }
  if (current === text) continue;
  if (check) {
    console.error(`${rel}: ${current === undefined ? 'missing' : 'stale'} (run npm run gen:k8s)`);
    stale++;
  } else {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    written++;
  }
}
for (const rel of listFiles(K8S_DIR).filter((f) => !(f in files))) {
  if (check) {
    console.error(`${rel}: not generated (run npm run gen:k8s)`);
    stale++;
  } else {
    rmSync(path.join(repoRoot, rel));
    console.log(`${rel}: removed`);
  }
}
console.log(`${K8S_DIR}: ${Object.keys(files).length} files, ${check ? `${stale} stale` : `${written} written`}`);
if (stale) process.exit(1);
