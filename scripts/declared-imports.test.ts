// Every workspace declares what its code imports: a remote or a service is built and deployed
// on its own, so a package it reaches only through another workspace's declaration (hoisted
// into the root node_modules) would be missing, or a different version, in its own install.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from '@jest/globals';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  workspaces?: string[];
}

const readManifest = (dir: string): Manifest => JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as Manifest;

/** The workspace folders the root package.json lists (`packages/*` expanded). */
function workspaces(): string[] {
  return (readManifest(root).workspaces ?? []).flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern];
    const parent = pattern.slice(0, -2);
    return readdirSync(path.join(root, parent))
      .map((name) => `${parent}/${name}`)
      .filter((dir) => statSync(path.join(root, dir)).isDirectory());
  });
}

const SOURCE = /\.(?:[cm]?[jt]sx?)$/;
/**
 * Tests and their helpers (test-support, testing/, testing.tsx, *.harness.ts) run from the root
 * with the root's development tools (jest, Testing Library), never in a build.
 */
const TEST_ONLY = /(?:\.(?:test|harness)\.[cm]?[jt]sx?$|(?:^|\/)test-support(?:\/|\.)|(?:^|\/)testing(?:\/|\.[jt]sx?$))/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(full);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

const builtins = new Set(builtinModules);

/** `@scope/name/sub` -> `@scope/name`, `name/sub` -> `name`; undefined for relative paths and Node's own modules. */
function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return undefined;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  return builtins.has(name) ? undefined : name;
}

/**
 * The module specifiers a file loads: import and export-from declarations, import() and
 * require(). `import type` and `export type` are left out: nothing of them is in the build, and
 * a type a package hands out (a Knex from @cc/service-kit's db) is reached through that package.
 */
function specifiersOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && !node.isTypeOnly && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.arguments.length === 1 && ts.isStringLiteral(node.arguments[0]!)) {
      const dynamic = node.expression.kind === ts.SyntaxKind.ImportKeyword;
      const required = ts.isIdentifier(node.expression) && node.expression.text === 'require';
      if (dynamic || required) found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Packages imported by a workspace's own code (src/, or its top folder when it has none), outside its tests. */
function importedPackages(dir: string): Map<string, string> {
  const base = path.join(root, dir);
  const code = existsSync(path.join(base, 'src')) ? path.join(base, 'src') : base;
  const found = new Map<string, string>();
  for (const file of sourceFiles(code)) {
    const relative = path.relative(base, file).split(path.sep).join('/');
    if (TEST_ONLY.test(relative)) continue;
    for (const specifier of specifiersOf(file)) {
      const name = packageOf(specifier);
      if (name && !found.has(name)) found.set(name, relative);
    }
  }
  return found;
}

describe('each workspace declares the packages its code imports', () => {
  test.each(workspaces())('%s', (dir) => {
    const manifest = readManifest(path.join(root, dir));
    const declared = new Set([
      manifest.name,
      ...Object.keys(manifest.dependencies ?? {}),
      ...Object.keys(manifest.devDependencies ?? {}),
      ...Object.keys(manifest.peerDependencies ?? {}),
    ]);
    const undeclared = [...importedPackages(dir)].filter(([name]) => !declared.has(name)).map(([name, file]) => `${name} (${file})`);
    expect(undeclared).toEqual([]);
  });

  test('the UI kit and the remotes stay clear of @cc/ai (its model SDK is for the services)', () => {
    for (const dir of workspaces().filter((d) => d === 'packages/ui' || d === 'shell' || d.startsWith('mfe-'))) {
      const manifest = readManifest(path.join(root, dir));
      expect(`${dir}: ${Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).includes('@cc/ai')}`).toBe(`${dir}: false`);
      expect(`${dir}: ${importedPackages(dir).has('@cc/ai')}`).toBe(`${dir}: false`);
    }
  });
});
