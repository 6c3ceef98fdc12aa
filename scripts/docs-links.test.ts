/**
 * The docs live with the code (docs/README.md): a comment or a markdown file that points at a
 * docs/ file or section must find it, and nothing may point at documents outside the repository
 * (the shared folder the product was first described in: its design and spec documents), which a newcomer who clones the repo
 * does not have. Also: docs/api.md lists every call of the route table.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from '@jest/globals';
import ts from 'typescript';
import { API_ROUTES } from '../packages/contracts/src/routes';

const root = path.resolve(import.meta.dirname, '..');

/** Tracked files and new ones not ignored, without builds and dependencies. */
function repoFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8' });
  return out
    .split('\0')
    .filter((f) => f && !/(^|\/)(node_modules|dist|\.mf)\//.test(f))
    .filter((f) => existsSync(path.join(root, f)) && statSync(path.join(root, f)).isFile());
}

interface Passage {
  file: string;
  line: number;
  text: string;
}

const lineOf = (source: string, pos: number) => source.slice(0, pos).split('\n').length;

/** Every comment of a script, found by the TypeScript parser (so a `//` inside a string or a regex is none). */
function scriptComments(file: string, source: string): Passage[] {
  const kind =
    file.endsWith('.tsx') || file.endsWith('.jsx') ? ts.ScriptKind.TSX : file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
  const seen = new Set<number>();
  const passages: Passage[] = [];
  const take = (ranges: ts.CommentRange[] | undefined) => {
    for (const r of ranges ?? []) {
      if (seen.has(r.pos)) continue;
      seen.add(r.pos);
      passages.push({ file, line: lineOf(source, r.pos), text: source.slice(r.pos, r.end) });
    }
  };
  const visit = (node: ts.Node) => {
    // JSX text is the page's words, not code: a `//` in it is no comment.
    if (node.kind !== ts.SyntaxKind.JsxText) {
      take(ts.getLeadingCommentRanges(source, node.getFullStart()));
      take(ts.getTrailingCommentRanges(source, node.getEnd()));
    }
    for (const child of node.getChildren(sf)) visit(child);
  };
  visit(sf);
  return passages;
}

/** The `/* … *\/` comments of a stylesheet. */
function cssComments(file: string, source: string): Passage[] {
  return [...source.matchAll(/\/\*[\s\S]*?\*\//g)].map((m) => ({ file, line: lineOf(source, m.index), text: m[0] }));
}

/** What a reader of each file follows: the comments of code, the whole of markdown. */
function passages(): Passage[] {
  const all: Passage[] = [];
  for (const file of repoFiles()) {
    if (!/\.(tsx?|jsx?|mjs|cjs|css|md)$/.test(file) || file.endsWith('.d.ts')) continue;
    const source = readFileSync(path.join(root, file), 'utf8');
    if (file.endsWith('.md')) all.push({ file, line: 1, text: source });
    else if (file.endsWith('.css')) all.push(...cssComments(file, source));
    else all.push(...scriptComments(file, source));
  }
  return all;
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

const anchorCache = new Map<string, Set<string>>();

/** The anchors of a markdown file's headings (duplicates numbered as GitHub does). */
function anchorsOf(file: string): Set<string> {
  const cached = anchorCache.get(file);
  if (cached) return cached;
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of readFileSync(path.join(root, file), 'utf8').split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const m = fenced ? null : /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = slug(m[1]!);
    let anchor = base;
    for (let n = 1; anchors.has(anchor); n++) anchor = `${base}-${n}`;
    anchors.add(anchor);
  }
  anchorCache.set(file, anchors);
  return anchors;
}

/** What is wrong with a pointer at `target` (a repo-relative path) and `anchor`, or null. */
function problemOf(target: string, anchor: string | undefined): string | null {
  if (!existsSync(path.join(root, target))) return `${target} does not exist`;
  if (anchor && target.endsWith('.md') && !anchorsOf(target).has(anchor)) return `${target} has no section #${anchor}`;
  return null;
}

/** Documents that are not in the repository, and section signs that pointed into them. */
const OUTSIDE = [
  /\.\.\/shared\b/,
  /\/work\/shared\b/,
  /\bDESIGN\.md\b/,
  /\bTOOLCHAIN\.md\b/,
  /\bspec\/[\w.-]+\.md\b/,
  /\b(dashboard-planning-journal|coaching-people-aboutme)\.md\b/,
  /\bspec(?:'s)?\s+§/i,
  /(?<!\bissue \d+\s?)§\s*\d/i,
];

describe('pointers into the docs', () => {
  const all = passages();

  test('finds the comments and markdown it checks', () => {
    expect(all.some((p) => p.file === 'docs/README.md')).toBe(true);
    expect(all.filter((p) => p.file.endsWith('.ts')).length).toBeGreaterThan(500);
  });

  test('every docs/<file>.md#<section> a comment or a document names exists', () => {
    const broken: string[] = [];
    for (const p of all) {
      for (const m of p.text.matchAll(/(?<![\w/.-])(?:\.\.\/)*(docs\/[\w./-]*?\.md)(?:#([\w-]+))?/g)) {
        const problem = problemOf(m[1]!, m[2]);
        if (problem) broken.push(`${p.file}:${p.line}: ${m[0]}: ${problem}`);
      }
    }
    expect(broken).toEqual([]);
  });

  test('every relative link of a markdown file leads somewhere', () => {
    const broken: string[] = [];
    for (const p of all.filter((q) => q.file.endsWith('.md'))) {
      const text = p.text.replace(/^(```|~~~)[\s\S]*?^\1/gm, '');
      for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const link = m[1]!;
        if (/^[a-z]+:/i.test(link)) continue;
        const [target, anchor] = link.split('#') as [string, string | undefined];
        const file = target ? path.posix.normalize(path.posix.join(path.posix.dirname(p.file), target)) : p.file;
        const problem = file.startsWith('..') ? `${link} leaves the repository` : problemOf(file.replace(/\/$/, ''), anchor);
        if (problem) broken.push(`${p.file}: (${link}): ${problem}`);
      }
    }
    expect(broken).toEqual([]);
  });

  test('nothing points at documents outside the repository', () => {
    const outside: string[] = [];
    for (const p of all) {
      p.text.split('\n').forEach((line, i) => {
        if (OUTSIDE.some((re) => re.test(line))) outside.push(`${p.file}:${p.line + i}: ${line.trim()}`);
      });
    }
    expect(outside).toEqual([]);
  });
});

describe('docs/api.md', () => {
  test('lists every call of the route table', () => {
    const text = readFileSync(path.join(root, 'docs/api.md'), 'utf8');
    const missing = API_ROUTES.map((r) => `${r.method} ${r.path}`).filter((call) => !text.includes(`\`${call}\``));
    expect(missing).toEqual([]);
  });
});

describe('slug', () => {
  test('makes the anchors GitHub makes', () => {
    expect(slug('Stale saves')).toBe('stale-saves');
    expect(slug('Changes from the first description')).toBe('changes-from-the-first-description');
    expect(slug('svc-coaching: planning')).toBe('svc-coaching-planning');
    expect(slug('`GET /files` performance')).toBe('get-files-performance');
  });
});
