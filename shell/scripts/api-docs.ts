/**
 * Writes the API reference into the shell's build: `dist/openapi.json` (the route table as
 * OpenAPI 3.1, from @cc/contracts) and `dist/api/docs/` (Swagger UI rendering it). Static files,
 * loaded only by that page: no page of the app carries any of it (docs/api.md).
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildOpenApiDocument } from '@cc/contracts/openapi';

const shellDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(shellDir, 'dist');
const docsDir = path.join(dist, 'api', 'docs');
const swaggerDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const { version } = JSON.parse(readFileSync(path.join(shellDir, 'package.json'), 'utf8')) as { version: string };

mkdirSync(docsDir, { recursive: true });
writeFileSync(path.join(dist, 'openapi.json'), JSON.stringify(buildOpenApiDocument(version)));
for (const file of ['swagger-ui-bundle.js', 'swagger-ui.css']) copyFileSync(path.join(swaggerDir, file), path.join(docsDir, file));
writeFileSync(path.join(docsDir, 'index.html'), readFileSync(path.join(shellDir, 'src', 'api-docs', 'index.html')));
writeFileSync(path.join(docsDir, 'start.js'), readFileSync(path.join(shellDir, 'src', 'api-docs', 'start.js')));
console.log(`API reference: ${path.relative(shellDir, dist)}/openapi.json and /api/docs/`);
