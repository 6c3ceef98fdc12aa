/**
 * Writes deploy/k8s (render.ts) under the repo root, removing files there it does not generate;
 * with `check`, only reports what differs. Returns how many files are stale (0 when written).
 * Run by `npm run gen:k8s` (generate.ts) and by `npm run gen:nginx`, whose output the gateway's
 * ConfigMap carries.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { K8S_DIR, k8sFiles } from './render';

function listFiles(repoRoot: string, dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(path.join(repoRoot, dir), { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => (e.isDirectory() ? listFiles(repoRoot, `${dir}/${e.name}`) : [`${dir}/${e.name}`]));
}

const readOrUndefined = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
};

export function writeK8s(repoRoot: string, check: boolean): number {
  const files = k8sFiles();
  let stale = 0;
  let written = 0;
  for (const [rel, text] of Object.entries(files)) {
    const file = path.join(repoRoot, rel);
    const current = readOrUndefined(file);
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
  for (const rel of listFiles(repoRoot, K8S_DIR).filter((f) => !(f in files))) {
    if (check) {
      console.error(`${rel}: not generated (run npm run gen:k8s)`);
      stale++;
    } else {
      rmSync(path.join(repoRoot, rel));
      console.log(`${rel}: removed`);
    }
  }
  console.log(`${K8S_DIR}: ${Object.keys(files).length} files, ${check ? `${stale} stale` : `${written} written`}`);
  return stale;
}
