import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { API_ROUTES, type RouteSource } from './routes';
import { isPageNavigation, matchRoute, ownerOfPath, routingRules } from './routing';

const SPEC_DIR = path.resolve(import.meta.dirname, '../../../../shared/spec');

/** Every `METHOD /path` written in a first description's "calls it makes" section. */
function documentedCalls(file: string): Set<string> {
  const text = readFileSync(path.join(SPEC_DIR, file), 'utf8');
  const start = text.search(/^## 7\. The calls it makes/m);
  const end = text.search(/^## 8\./m);
  expect(start).toBeGreaterThan(0);
  const section = text.slice(start, end);
  const calls = new Set<string>();
  for (const m of section.matchAll(/\b(GET|POST|PUT|PATCH|DELETE) (\/[^\s?,|`]+)/g)) {
    calls.add(`${m[1]} ${m[2]!.replace(/\.$/, '')}`);
  }
  return calls;
}

const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;
const tableFor = (source: RouteSource) => new Set(API_ROUTES.filter((r) => r.sources.includes(source)).map(key));

describe('the route table', () => {
  test.each([
    ['dashboard-planning-journal', 'dashboard-planning-journal.md'],
    ['coaching-people-aboutme', 'coaching-people-aboutme.md'],
  ] as const)('holds exactly the calls of %s', (source, file) => {
    const documented = documentedCalls(file);
    expect(documented.size).toBeGreaterThan(20);
    expect([...tableFor(source)].sort()).toEqual([...documented].sort());
  });

  test('every method+path appears exactly once', () => {
    const keys = API_ROUTES.map(key);
    expect(keys.length).toBe(new Set(keys).size);
  });

  test('holds the fixed extra paths of the design and the /auth paths', () => {
    const design = tableFor('design');
    for (const call of [
      'GET /planning/todos',
      'GET /journal/{date}',
      'GET /journal',
      'POST /people',
      'GET /people/{id}',
      'DELETE /people/{id}',
      'POST /auth/sign_up',
      'POST /auth/sign_in',
      'POST /auth/sign_out',
      'GET /auth/session',
    ])
      expect(design).toContain(call);
  });

  test('owners follow docs/architecture.md#route-ownership', () => {
    const profileFiles = /^\/profile\/(suggested_|.*_suggestion_prompt$|file_draft_prompt$|regenerate_|generate_file_draft$|reject_)/;
    for (const r of API_ROUTES) {
      const seg = r.path.split('/')[1];
      const expected =
        seg === 'auth' || seg === 'calendar'
          ? 'identity'
          : seg === 'ai_chat' || seg === 'search' || seg === 'trash' || seg === 'export' || seg === 'import'
            ? 'chat'
            : seg === 'folders' || seg === 'files' || seg === 'journal'
              ? 'files'
              : seg === 'planning' || seg === 'coaching'
                ? 'coaching'
                : seg === 'people' || seg === 'meetings'
                  ? 'people'
                  : seg === 'profile'
                    ? profileFiles.test(r.path)
                      ? 'files'
                      : 'people'
                    : 'unknown';
      expect(`${key(r)} -> ${r.owner}`).toBe(`${key(r)} -> ${expected}`);
    }
  });
});

describe('routing helpers', () => {
  test('every table path is routed to its owner by prefix rules', () => {
    for (const r of API_ROUTES) {
      const concrete = r.path.replace(/\{\w+\}/g, '42');
      expect(`${key(r)} -> ${ownerOfPath(concrete)}`).toBe(`${key(r)} -> ${r.owner}`);
    }
  });

  test('the /profile split keeps exact sub-paths apart', () => {
    expect(ownerOfPath('/profile')).toBe('people');
    expect(ownerOfPath('/profile/suggested_folders')).toBe('files');
    expect(ownerOfPath('/profile/suggested_folders_x')).toBe('people');
    expect(routingRules()[0]).toMatchObject({ segment: 'profile', owner: 'files' });
  });

  test('literal paths win over parameters', () => {
    expect(matchRoute('PATCH', '/files/reorder')?.path).toBe('/files/reorder');
    expect(matchRoute('PATCH', '/files/12')?.path).toBe('/files/{id}');
    expect(matchRoute('PATCH', '/people/reorder')?.path).toBe('/people/reorder');
  });

  test('a page navigation is a GET whose Accept starts with text/html', () => {
    expect(isPageNavigation('GET', 'text/html,application/xhtml+xml,*/*;q=0.8')).toBe(true);
    expect(isPageNavigation('GET', 'application/json')).toBe(false);
    expect(isPageNavigation('GET', '*/*')).toBe(false);
    expect(isPageNavigation('POST', 'text/html')).toBe(false);
  });
});

describe('answers are part of the contract', () => {
  test('every answer schema names a call of the route table', async () => {
    const { ROUTE_ANSWERS } = await import('./answers');
    const table = new Set(API_ROUTES.map((r) => `${r.method} ${r.path}`));
    for (const key of Object.keys(ROUTE_ANSWERS)) expect({ key, inTable: table.has(key) }).toEqual({ key, inTable: true });
  });
});
