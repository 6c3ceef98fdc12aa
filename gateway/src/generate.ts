/**
 * Writes the generated nginx configs (see nginx.ts): `npm run gen:nginx`.
 * `--check` exits 1 when a committed file differs from what the route table generates.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NGINX_CONF_FILES, NGINX_TARGETS, generateNginxConf } from './nginx';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const check = process.argv.includes('--check');
let stale = 0;

for (const target of NGINX_TARGETS) {
  const file = path.join(repoRoot, NGINX_CONF_FILES[target]);
  const text = generateNginxConf(target);
  let current: string | undefined;
  try {
    current = readFileSync(file, 'utf8');
  } catch {
    current = undefined;
  }
  if (current === text) {
    console.log(`${NGINX_CONF_FILES[target]}: up to date`);
  } else if (check) {
    console.error(`${NGINX_CONF_FILES[target]}: stale (run npm run gen:nginx)`);
    stale++;
  } else {
    writeFileSync(file, text);
    console.log(`${NGINX_CONF_FILES[target]}: written`);
  }
}
if (stale) process.exit(1);
