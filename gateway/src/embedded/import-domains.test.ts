/**
 * The round trip, through each domain's own import routes (the hub's POST /import
 * drives the same calls): export an account that holds something of every domain, write the
 * records of its workspace.json into a second, empty account domain by domain in batches (with
 * the ids earlier domains gave), export that one, and the two workspace.json are equal apart
 * from ids and timestamps.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { strFromU8, unzipSync } from 'fflate';
import { DOMAIN_IMPORT_PATHS, IMPORT_BATCH_RECORDS, IMPORT_ORDER, type IdMaps } from '@cc/contracts';
import { startEmbeddedStack, type EmbeddedStack, type Session } from './testing/stack';
import { comparableWorkspace, type WorkspaceJson } from './testing/workspace-compare';
import { ok } from './testing/workspace-fixture';

let stack: EmbeddedStack;
beforeAll(async () => {
  stack = await startEmbeddedStack();
});
afterAll(async () => {
  await stack?.close();
});

/** More files than one batch holds: the files of the second batch find their folder made in the first. */
const BULK_FILES = IMPORT_BATCH_RECORDS + 20;

/** Something of every domain and of every table an export keeps. */
async function writeEverything(s: Session): Promise<void> {
  const { call } = stack;
  await ok(call(s, 'POST', '/folders', { name: 'projects', description: 'Work on billing' }));
  const billing = await ok(
    call(s, 'POST', '/files', {
      file: { folder: 'projects', name: 'billing.md', description: 'The plan', content: '# Billing\n\nThe migration.' },
    }),
  );
  await ok(call(s, 'PATCH', `/files/${billing.file.id as number}/summary`, { summary: 'A summary', revision: 1 }));
  await ok(call(s, 'POST', '/folders', { name: 'empty one' }));
  await ok(call(s, 'POST', '/folders', { name: 'bulk' }));
  for (let i = 0; i < BULK_FILES; i += 20)
    await Promise.all(
      Array.from({ length: Math.min(20, BULK_FILES - i) }, (_, j) =>
        ok(
          call(s, 'POST', '/files', {
            file: { folder: 'bulk', name: `note ${String(i + j).padStart(3, '0')}.md`, content: `Note ${i + j}` },
          }),
        ),
      ),
    );
  await ok(call(s, 'POST', '/journal/2026-11-03/save', { content: 'Talked about billing with the team.', revision: 0 }));

  const milestone = await ok(call(s, 'POST', '/planning/milestones', { milestone: { title: 'Ship billing', target_date: '2027-02-01' } }));
  await ok(
    call(s, 'POST', '/planning/todos', {
      todo: { title: 'Write the runbook', due_date: '2026-12-01', tags: ['ops'], milestone_id: milestone.milestone?.id ?? milestone.id },
    }),
  );
  await ok(call(s, 'POST', '/planning/todos', { todo: { title: 'No milestone' } }));
  await ok(call(s, 'POST', '/coaching/create_empty_action_plan'));
  await ok(call(s, 'POST', '/coaching/save_timeline_item', { period_type: 'week', period_key: '2026-W48', content: '- [ ] Call Sam' }));
  await ok(call(s, 'POST', '/coaching/submit_coaching_plan', { prompt: 'I want a promotion this year.' }));
  const sections = await ok(call(s, 'GET', '/coaching/questionnaire_sections?type=end_of_week&period_key=2026-W10'));
  await ok(
    call(s, 'POST', '/coaching/onboarding_save_content', {
      question_id: sections.sections[0].questions[0].id,
      period_key: '2026-W10',
      content: 'Closed the hiring loop.',
    }),
  );

  const person = await ok(call(s, 'POST', '/people', { person: { full_name: 'Ada Lovelace' } }));
  const personId = person.person?.id ?? person.id;
  await ok(call(s, 'PATCH', `/people/${personId}`, { basic_profile: { role: 'Head of billing' } }));
  await ok(call(s, 'POST', '/people', { person: { full_name: 'Ada Lovelace' } }));
  await ok(call(s, 'POST', '/meetings', { meeting: { title: 'Billing review', goals: 'Agree the scope.' }, attendee_ids: [personId] }));
  await ok(call(s, 'PATCH', '/profile', { details: { full_name: 'Ada L.', role: 'Lead of billing' } }));

  await ok(call(s, 'POST', '/ai_chat/append_message', { folder: 'planning', file_name: 'all_todos.md', content: 'Added the todo.' }));
  await ok(call(s, 'POST', '/ai_chat/append_message', { file_id: billing.file.id, content: 'About this file.' }));
  await ok(call(s, 'POST', '/ai_chat/append_message', { person_id: personId, content: 'About Ada.' }));
  await ok(call(s, 'PATCH', '/ai_chat/settings', { use_other_notes: false }));
}

async function exportWorkspace(s: Session): Promise<WorkspaceJson> {
  const res = await fetch(`${stack.base}/export`, { headers: { cookie: s.cookie, accept: 'application/zip' } });
  expect(res.status).toBe(200);
  const zip = unzipSync(new Uint8Array(await res.arrayBuffer()));
  return JSON.parse(strFromU8(zip['workspace.json']!)) as WorkspaceJson;
}

/** What the hub does with workspace.json's records: each domain in IMPORT_ORDER, in batches, with the ids earlier domains gave. */
async function importDomainByDomain(s: Session, workspace: WorkspaceJson, importId: string) {
  const idMaps: IdMaps = {};
  const skipped: unknown[] = [];
  let batches = 0;
  for (const domain of IMPORT_ORDER) {
    const records = workspace.records.filter((r) => r.domain === domain).map(({ table, row }) => ({ table, row }));
    const made: IdMaps = {};
    for (let i = 0; i < records.length; i += IMPORT_BATCH_RECORDS) {
      const answer = await ok(
        stack.call(s, 'POST', DOMAIN_IMPORT_PATHS[domain], {
          import_id: importId,
          records: records.slice(i, i + IMPORT_BATCH_RECORDS),
          id_maps: idMaps,
        }),
      );
      batches += 1;
      skipped.push(...answer.skipped);
      for (const [table, ids] of Object.entries(answer.ids as IdMaps)) made[table] = { ...made[table], ...ids };
    }
    if (domain === 'files') idMaps.files = made.files ?? {};
    if (domain === 'people') Object.assign(idMaps, { people: made.people ?? {}, meetings: made.meetings ?? {} });
  }
  return { skipped, batches, idMaps };
}

describe('round trip: export, import into an empty account, export again', () => {
  let original: WorkspaceJson;
  let copy: WorkspaceJson;
  let ada: Session;
  let grace: Session;
  let imported: Awaited<ReturnType<typeof importDomainByDomain>>;
  const importId = randomUUID();

  beforeAll(async () => {
    ada = await stack.signUp('ada-roundtrip@example.com');
    grace = await stack.signUp('grace-roundtrip@example.com');
    await writeEverything(ada);
    original = await exportWorkspace(ada);
    expect((await exportWorkspace(grace)).records).toEqual([]);
    imported = await importDomainByDomain(grace, original, importId);
    for (const domain of IMPORT_ORDER) await ok(stack.call(grace, 'POST', `${DOMAIN_IMPORT_PATHS[domain]}/${importId}/commit`));
    copy = await exportWorkspace(grace);
  }, 120_000);

  test('the original holds every table of every domain, over more than one batch', () => {
    const tables = new Set(original.records.map((r) => `${r.domain}.${r.table}`));
    for (const table of [
      'files.folders',
      'files.files',
      'files.journal_entries',
      'coaching.milestones',
      'coaching.todos',
      'coaching.action_plans',
      'coaching.timeline_items',
      'coaching.coaching_plans',
      'coaching.question_conversations',
      'people.people',
      'people.meetings',
      'people.meeting_attendees',
      'people.profiles',
      'chat.settings',
      'chat.conversations',
      'chat.messages',
    ])
      expect(tables).toContain(table);
    expect(imported.batches).toBeGreaterThan(IMPORT_ORDER.length);
    expect(imported.skipped).toEqual([]);
  });

  test('the two workspace.json are equal apart from ids and timestamps', () => {
    expect(copy.records.length).toBe(original.records.length);
    expect(comparableWorkspace(copy)).toEqual(comparableWorkspace(original));
    // Not the same rows under other names: the copy's are new.
    const ids = (w: WorkspaceJson) => w.records.filter((r) => r.table === 'files').map((r) => r.row.id);
    expect(ids(copy)).not.toEqual(ids(original));
  });

  test('the chats about a file and a person follow them to their new ids, and the original account is as it was', async () => {
    const keys = copy.records.filter((r) => r.table === 'conversations').map((r) => r.row.key as string);
    const files = new Set(copy.records.filter((r) => r.table === 'files').map((r) => `file:${r.row.id as number}`));
    const people = new Set(copy.records.filter((r) => r.table === 'people').map((r) => `person:${r.row.id as number}`));
    expect(keys.filter((k) => files.has(k))).toHaveLength(1);
    expect(keys.filter((k) => people.has(k))).toHaveLength(1);
    expect(comparableWorkspace(await exportWorkspace(ada))).toEqual(comparableWorkspace(original));
  });

  test('an import undone in every domain leaves the account as it was', async () => {
    const again = randomUUID();
    const before = comparableWorkspace(copy);
    await importDomainByDomain(grace, original, again);
    expect((await exportWorkspace(grace)).records.length).toBeGreaterThan(copy.records.length);
    for (const domain of [...IMPORT_ORDER].reverse()) await ok(stack.call(grace, 'DELETE', `${DOMAIN_IMPORT_PATHS[domain]}/${again}`));
    expect(comparableWorkspace(await exportWorkspace(grace))).toEqual(before);
  }, 60_000);
});

test('comparableWorkspace ignores ids and timestamps, not which row a reference names', () => {
  const workspace = (folderIds: [number, number], fileFolder: number, at: string): WorkspaceJson => ({
    format_version: 1,
    exported_at: at,
    records: [
      { domain: 'files', table: 'folders', row: { id: folderIds[0], name: 'a', created_at: at } },
      { domain: 'files', table: 'folders', row: { id: folderIds[1], name: 'b', created_at: at } },
      { domain: 'files', table: 'files', row: { id: folderIds[1] + 7, folder_id: fileFolder, name: 'x.md', updated_at: at } },
      { domain: 'chat', table: 'conversations', row: { id: 3, key: `file:${folderIds[1] + 7}` } },
      { domain: 'coaching', table: 'action_plans', row: { id: 1, archived_at: null } },
      {
        domain: 'chat',
        table: 'messages',
        row: {
          id: 9,
          conversation_id: 3,
          references: [{ kind: 'file', id: String(folderIds[1] + 7), url: '/dashboard?folder=b&file=x.md' }],
        },
      },
    ],
  });
  const one = comparableWorkspace(workspace([1, 2], 2, '2024-01-01T00:00:00Z'));
  expect(comparableWorkspace(workspace([40, 41], 41, '2026-11-26T00:00:00Z'))).toEqual(one);
  expect(comparableWorkspace(workspace([40, 41], 40, '2024-01-01T00:00:00Z'))).not.toEqual(one);
  expect(one.records.map((r) => r.row)).toEqual([
    { id: 'folders#0', name: 'a', created_at: '<time>' },
    { id: 'folders#1', name: 'b', created_at: '<time>' },
    { id: 'files#0', folder_id: 'folders#1', name: 'x.md', updated_at: '<time>' },
    { id: 'conversations#0', key: 'file:files#0' },
    { id: 'action_plans#0', archived_at: null },
    {
      id: 'messages#0',
      conversation_id: 'conversations#0',
      references: [{ kind: 'file', id: 'files#0', url: '/dashboard?folder=b&file=x.md' }],
    },
  ]);
});
