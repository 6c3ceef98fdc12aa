/**
 * Writes deploy/k8s (write.ts): `npm run gen:k8s`. `--check` exits 1 when a committed file differs
 * from what the route table generates, or is missing or left over.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeK8s } from './write';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
if (writeK8s(repoRoot, process.argv.includes('--check'))) process.exit(1);
