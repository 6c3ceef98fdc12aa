/**
 * GET /export along its whole path: svc-chat opens every domain's part through the embedded
 * gateway as the caller and writes one zip. Each domain's part is shaped by its service; here:
 * the zip holds every domain's readable files and workspace.json, nothing of another user's,
 * two objects of one name are both kept, and a domain that does not answer gets a 502 before a
 * byte of zip.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { EXPORT_MESSAGES } from '@cc/contracts/export';
import { startEmbeddedStack, type EmbeddedStack, type Session } from './testing/stack';
import { downloadExport, writeEverything } from './testing/workspace-fixture';

let stack: EmbeddedStack;
beforeAll(async () => {
  stack = await startEmbeddedStack();
});
afterAll(async () => {
  await stack?.close();
});

describe('GET /export through the embedded gateway', () => {
  let ada: Session;
  let files: Record<string, string>;
  let headers: Headers;
  beforeAll(async () => {
    ada = await stack.signUp('ada-export@example.com');
    const grace = await stack.signUp('grace-export@example.com');
    await writeEverything(stack, ada, 'quasar');
    await writeEverything(stack, grace, 'nebulous');
    const download = await downloadExport(stack, ada);
    expect(download.status).toBe(200);
    headers = download.headers;
    files = download.files;
  });

  test('is a named zip download with an estimate of its size', () => {
    expect(headers.get('content-type')).toBe('application/zip');
    expect(headers.get('content-disposition')).toMatch(/^attachment; filename="career-workspace-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(Number(headers.get('x-export-estimate'))).toBeGreaterThan(0);
  });

  test('holds a readable file for every domain, with the descriptions as front matter', () => {
    const meeting = Object.keys(files).find((name) => name.startsWith('meetings/'));
    const checkin = Object.keys(files).find((name) => name.startsWith('coaching/'));
    expect(checkin).toMatch(/^coaching\/start_of_day\/2026-03-02\/.+\.md$/);
    expect(files[checkin!]).toContain('## Notes\n\nFocus on quasar.');
    expect(files['planning/action-plan/2026-W49.md']).toBe('# 2026-W49\n\n## Actions\n\n- [ ] Demo quasar\n\n');
    expect(meeting).toMatch(/^meetings\/\d{4}-\d{2}-\d{2} quasar review\.md$/);
    expect(Object.keys(files).sort()).toEqual(
      [
        'README.md',
        'about-me.md',
        'files/empty one/',
        'files/projects/billing.md',
        'journal/2026/2026-11-03.md',
        meeting,
        checkin,
        'planning/action-plan/2026-W49.md',
        'people/Ada Lovelace (2).md',
        'people/Ada Lovelace.md',
        'planning/milestones.md',
        'planning/todos.md',
        'workspace.json',
      ].sort(),
    );
    expect(files['files/projects/billing.md']).toBe(
      '---\nfolder: "projects"\nfolder_description: "Work on quasar: \\"quoted\\""\ndescription: "The plan"\n---\n\n# Billing\n\nThe quasar migration.',
    );
    expect(files['journal/2026/2026-11-03.md']).toBe('Talked about quasar with the team.');
    expect(files['planning/todos.md']).toContain('- [ ] Write the quasar runbook (due 2026-12-01 · #ops · milestone: Ship quasar)');
    expect(files['planning/milestones.md']).toContain('- [ ] Ship quasar (target 2027-02-01');
    expect(files['people/Ada Lovelace.md']).toContain('**Role:** Head of quasar');
    expect(files['about-me.md']).toContain('**Role:** Lead of quasar');
    expect(files['README.md']).toMatch(
      /It holds 2 folders, 1 file, 1 journal day, 1 todo, 1 milestone, 1 action-plan period, 1 check-in answer, 2 people, 1 meeting, 2 chats\./,
    );
  });

  test('workspace.json holds every record with its format version', () => {
    const json = JSON.parse(files['workspace.json']!) as {
      format_version: number;
      counts: Record<string, Record<string, number>>;
      records: { domain: string; table: string; row: any }[];
    };
    expect(json.format_version).toBe(1);
    const tables = [...new Set(json.records.map((r) => `${r.domain}.${r.table}`))].sort();
    expect(tables).toEqual(
      [
        'chat.conversations',
        'chat.messages',
        'coaching.action_plans',
        'coaching.milestones',
        'coaching.question_conversations',
        'coaching.timeline_items',
        'coaching.todos',
        'files.files',
        'files.folders',
        'files.journal_entries',
        'people.meeting_attendees',
        'people.meetings',
        'people.people',
        'people.profiles',
      ].sort(),
    );
    expect(json.counts.files).toEqual({ folders: 2, files: 1, journal_entries: 1 });
    const file = json.records.find((r) => r.table === 'files')!.row;
    expect(file).toMatchObject({ name: 'billing.md', content: '# Billing\n\nThe quasar migration.', description: 'The plan' });
    expect(file.user_id).toBeUndefined();
  });

  test("nothing of another user's is in it", () => {
    for (const [name, text] of Object.entries(files)) expect(`${name}\n${text}`).not.toContain('nebulous');
  });

  test('signed out: 401', async () => {
    expect((await fetch(`${stack.base}/export`)).status).toBe(401);
  });
});

test('a domain that does not answer: 502 naming it, and no zip', async () => {
  const broken = await startEmbeddedStack({ env: { PEOPLE_URL: 'http://127.0.0.1:9' } });
  try {
    const session = await broken.signUp('solo-export@example.com');
    const res = await fetch(`${broken.base}/export`, { headers: { cookie: session.cookie, accept: 'application/zip' } });
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ success: false, errors: [EXPORT_MESSAGES.partsUnavailable(['people'])] });
  } finally {
    await broken.close();
  }
});
