/**
 * POST /import along its whole path: svc-chat checks the zip whole, then its job writes each
 * domain's records through the embedded gateway as the caller. Here: every bad zip the issue names
 * is a 4xx with nothing written; a folder of markdown becomes folders, files and journal days with
 * what was left out listed; an export comes back whole; an import that fails part-way leaves
 * nothing; and nobody reads another's import.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { IMPORT_LIMITS, IMPORT_MESSAGES as M, type ImportStatus } from '@cc/contracts/import';
import { startEmbeddedStack, type EmbeddedStack, type Session } from './testing/stack';
import { comparableWorkspace, type WorkspaceJson } from './testing/workspace-compare';
import { downloadExport, writeEverything } from './testing/workspace-fixture';

let stack: EmbeddedStack;
beforeAll(async () => {
  stack = await startEmbeddedStack();
});
afterAll(async () => {
  await stack?.close();
});

async function upload(s: Session, zip: Uint8Array, name = 'notes.zip', on: EmbeddedStack = stack): Promise<{ status: number; body: any }> {
  const form = new FormData();
  form.append('file', new Blob([zip as BlobPart]), name);
  const res = await fetch(`${on.base}/import`, {
    method: 'POST',
    headers: { cookie: s.cookie, 'x-csrf-token': s.csrf, accept: 'application/json' },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

/** Asks for the import's state until it is no longer running. */
async function finished(s: Session, id: string, on: EmbeddedStack = stack): Promise<ImportStatus> {
  for (let i = 0; i < 200; i += 1) {
    const res = await on.call(s, 'GET', `/import/${id}`);
    expect(res.status).toBe(200);
    if (res.body.import.state !== 'running') return res.body.import as ImportStatus;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the import did not finish');
}

const zip = (entries: Zippable) => zipSync(entries, { level: 6 });
const text = (t: string) => strToU8(t);

describe('a zip that cannot be imported: a 422 with the reason, and nothing written', () => {
  let s: Session;
  beforeAll(async () => {
    s = await stack.signUp('refused-import@example.com');
  });

  const cases: [string, () => Uint8Array, string][] = [
    ['not a zip', () => text('just some text, not a zip'), M.notAZip],
    ['a path leading out of the archive', () => zip({ '../evil.md': text('x'), 'ok.md': text('y') }), M.unsafePath('../evil.md')],
    ['an absolute path', () => zip({ '/etc/evil.md': text('x') }), M.unsafePath('/etc/evil.md')],
    ['a drive letter', () => zip({ 'C:/evil.md': text('x') }), M.unsafePath('C:/evil.md')],
    ['a zip bomb', () => zip({ 'bomb.md': new Uint8Array(IMPORT_LIMITS.ratioFrom + 4 * 1024 * 1024) }), M.tooLarge],
    [
      'too many entries',
      () => zip(Object.fromEntries(Array.from({ length: IMPORT_LIMITS.entries + 1 }, (_, i) => [`n/${i}.txt`, new Uint8Array(0)]))),
      M.tooManyEntries(IMPORT_LIMITS.entries),
    ],
    ['text that is not UTF-8', () => zip({ 'latin.md': new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x20, 0x21]) }), M.notUtf8('latin.md')],
    ['a NUL character', () => zip({ 'nul.md': text('before\u0000after') }), M.nulCharacter('nul.md')],
    [
      'a file name beyond the limit',
      () => zip({ [`Notes/${'n'.repeat(210)}.md`]: text('x') }),
      M.nameTooLong(`Notes/${'n'.repeat(210)}.md`, 'file', 200),
    ],
    ['a workspace.json of a newer format', () => zip({ 'workspace.json': text('{"format_version":2,"records":[\n]}') }), M.newerFormat(2)],
    ['a workspace.json of no known format', () => zip({ 'workspace.json': text('{"records":[]}') }), M.unknownFormat],
    ['nothing to import', () => zip({ 'picture.png': new Uint8Array([1, 2, 3]) }), M.nothingToImport],
  ];

  // Made before any upload: a socket idle while a large zip is built may be closed under the next request.
  const zips = new Map<string, Uint8Array>();
  beforeAll(() => {
    for (const [name, make] of cases) zips.set(name, make());
  });

  test.each(cases)('%s', async (name, _make, message) => {
    const res = await upload(s, zips.get(name)!);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ success: false, errors: [message] });
  });

  test('a file that is not a .zip', async () => {
    const res = await upload(s, zip({ 'a.md': text('x') }), 'notes.txt');
    expect(res.status).toBe(422);
  });

  test('after every refusal the account holds nothing', async () => {
    expect((await stack.call(s, 'GET', '/files')).body).toEqual({});
    expect((await stack.call(s, 'GET', '/journal')).body.entries).toEqual([]);
  });
});

describe('a folder of markdown (an Obsidian vault)', () => {
  let s: Session;
  let status: ImportStatus;
  beforeAll(async () => {
    s = await stack.signUp('vault-import@example.com');
    // A name the account already has: the imported one gets " (2)".
    await stack.call(s, 'POST', '/files', { file: { folder: 'Projects', name: 'Billing.md', content: 'Mine.' } });
    const res = await upload(
      s,
      zip({
        'Vault/.obsidian/app.json': text('{}'),
        'Vault/.obsidian/themes/dark.css': text('body {}'),
        'Vault/Projects/Billing.md': text('# Billing\n\nThe vault one.'),
        'Vault/Projects/Q3/Plan 0123456789abcdef0123456789abcdef.md': text('Q3 plan.'),
        'Vault/Daily/2026-11-03.md': text('A day from the vault.'),
        'Vault/Top.md': text('---\ntags: [a]\n---\nTop note.'),
        'Vault/picture.png': new Uint8Array([1, 2, 3]),
      }),
    );
    expect(res.status).toBe(202);
    expect(res.body.import).toMatchObject({ state: 'running', source: 'markdown' });
    status = await finished(s, res.body.import.id);
  });

  test('ends with a summary: what was made, and what was left out with why', () => {
    expect(status.state).toBe('done');
    expect(status.progress).toBe(100);
    expect(status.summary.created).toEqual({ folder: 3, file: 3, journal: 1 });
    expect(status.summary.skipped.map((x) => x.path).sort()).toEqual(['Vault/.obsidian/', 'Vault/picture.png']);
    expect(status.summary.skipped.find((x) => x.path === 'Vault/.obsidian/')?.reason).toBe(
      'A hidden folder (an app’s settings) with 2 files, not notes.',
    );
  });

  test('folders become folders, notes files, dated notes journal days; nothing of the account changes', async () => {
    const files = (await stack.call(s, 'GET', '/files')).body as Record<string, { name: string }[]>;
    expect(Object.fromEntries(Object.entries(files).map(([folder, list]) => [folder, list.map((f) => f.name)]))).toEqual({
      Projects: ['Billing.md'],
      'Projects (2)': ['Billing.md'],
      'Projects - Q3': ['Plan.md'],
      'Imported notes': ['Top.md'],
    });
    const journal = await stack.call(s, 'GET', '/journal/2026-11-03');
    expect(journal.body.entry.content).toBe('A day from the vault.');
    const top = files['Imported notes']![0] as unknown as { id: number };
    expect((await stack.call(s, 'GET', `/files/${top.id}`)).body.file.content).toBe('---\ntags: [a]\n---\nTop note.');
  });

  test('another user cannot read this import: 404', async () => {
    const other = await stack.signUp('vault-other@example.com');
    expect((await stack.call(other, 'GET', `/import/${status.id}`)).status).toBe(404);
  });
});

describe('an export comes back whole', () => {
  test('exported, imported into an empty account, exported again: the same records apart from ids and times', async () => {
    const ada = await stack.signUp('roundtrip-ada@example.com');
    await writeEverything(stack, ada, 'pulsar');
    const first = await downloadExport(stack, ada);
    expect(first.status).toBe(200);

    const bob = await stack.signUp('roundtrip-bob@example.com');
    const res = await upload(bob, first.zip, 'career-workspace.zip');
    expect(res.status).toBe(202);
    const status = await finished(bob, res.body.import.id);
    expect(status).toMatchObject({ state: 'done', source: 'workspace', errors: [] });
    expect(status.summary.created).toMatchObject({ folder: 2, file: 1, journal: 1, todo: 1, milestone: 1, person: 2, meeting: 1, chat: 2 });

    const second = await downloadExport(stack, bob);
    const json = (d: typeof first) => JSON.parse(d.files['workspace.json']!) as WorkspaceJson;
    expect(comparableWorkspace(json(second))).toEqual(comparableWorkspace(json(first)));
    // The chat about the file follows the file's new id.
    const bobFiles = (await stack.call(bob, 'GET', '/files')).body as Record<string, { id: number }[]>;
    const keys = (JSON.parse(second.files['workspace.json']!) as { records: { table: string; row: { key?: string } }[] }).records
      .filter((r) => r.table === 'conversations')
      .map((r) => r.row.key);
    expect(keys).toContain(`file:${bobFiles.projects![0]!.id}`);
  });
});

test('an import that fails part-way keeps nothing, in any domain', async () => {
  // svc-chat cannot reach coaching: files and people are written first, then coaching fails.
  const broken = await startEmbeddedStack({ env: { COACHING_URL: 'http://127.0.0.1:9' } });
  try {
    const ada = await stack.signUp('partial-ada@example.com');
    await writeEverything(stack, ada, 'quark');
    const exported = await downloadExport(stack, ada);
    const bob = await broken.signUp('partial-bob@example.com');
    const res = await upload(bob, exported.zip, 'career-workspace.zip', broken);
    expect(res.status).toBe(202);
    const status = await finished(bob, res.body.import.id, broken);
    expect(status).toMatchObject({ state: 'failed', errors: [M.partFailed] });
    expect((await broken.call(bob, 'GET', '/files')).body).toEqual({});
    expect((await broken.call(bob, 'GET', '/people')).body.people ?? []).toEqual([]);
  } finally {
    await broken.close();
  }
});
