import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { DOMAIN_IMPORT_MESSAGES as M } from '@cc/contracts';
import type { TestClient } from '@cc/service-kit/testing';
import { importedKey, importedReferences } from './import-part';
import { startChat, storedMessages, type ChatHarness } from './test-support';

let chat: ChatHarness;
beforeAll(async () => {
  chat = await startChat();
});
afterAll(async () => chat?.close());

let nextUser = 500;
const user = () => {
  const id = (nextUser += 1);
  return Object.assign(chat.as(id), { id });
};

const conversation = (id: number, key: string) => ({ table: 'conversations', row: { id, key, created_at: '2024-01-01T00:00:00Z' } });
const message = (id: number, conversationId: number, content: string, role = 'user') => ({
  table: 'messages',
  row: { id, conversation_id: conversationId, role, content, references: role === 'assistant' ? [{ kind: 'file', id: 1 }] : null },
});
const settings = { table: 'settings', row: { use_other_notes: false, notes_disclosed_at: '2024-05-01T00:00:00Z' } };

const keys = async (c: TestClient & { id: number }) =>
  (await chat.database.db('chat.conversations').where({ user_id: c.id }).orderBy('id').select('key')).map((r: { key: string }) => r.key);
const ledger = async (importId: string) =>
  Number((await chat.database.db('chat.import_ledger').where({ import_id: importId }).count('* as n'))[0]!.n);

describe('POST /ai_chat/import', () => {
  test('conversations and messages across batches; file and person keys take the ids the other domains gave', async () => {
    const c = user();
    const id = randomUUID();
    const first = await c.post('/ai_chat/import', {
      import_id: id,
      records: [
        settings,
        conversation(1, 'file:12'),
        message(10, 1, 'About the file'),
        conversation(2, 'person:3'),
        conversation(3, 'file:99'),
      ],
      id_maps: { files: { '12': 120 }, people: { '3': 30 } },
    });
    expect(first.status).toBe(200);
    expect(first.body.created).toEqual({ settings: 1, conversations: 3, messages: 1 });
    await c.post('/ai_chat/import', {
      import_id: id,
      records: [message(11, 2, 'About Ada'), message(12, 2, 'Noted.', 'assistant'), conversation(4, 'path:["planning","planning.md"]')],
    });
    // A file that was not imported keeps its key as it was.
    expect(await keys(c)).toEqual(['file:120', 'person:30', 'file:99', 'path:["planning","planning.md"]']);
    expect(await storedMessages(chat.database.db, c.id)).toEqual([
      { key: 'file:120', role: 'user', content: 'About the file' },
      { key: 'person:30', role: 'user', content: 'About Ada' },
      { key: 'person:30', role: 'assistant', content: 'Noted.' },
    ]);
    expect((await c.get('/ai_chat/settings')).body).toMatchObject({ settings: { use_other_notes: false } });
  });

  test('a conversation the account has gets the imported messages after its own; its settings are kept', async () => {
    const c = user();
    await c.post('/ai_chat/append_message', { folder: 'planning', file_name: 'all_todos.md', content: 'Mine.' });
    await c.patch('/ai_chat/settings', { use_other_notes: true });
    const res = await c.post('/ai_chat/import', {
      import_id: randomUUID(),
      records: [settings, conversation(4, 'path:["planning","planning.md"]'), message(1, 4, 'Imported.')],
    });
    expect(res.body.skipped).toEqual([{ table: 'settings', reason: M.chatSettingsKept }]);
    expect((await storedMessages(chat.database.db, c.id)).map((m) => m.content)).toEqual(['Mine.', 'Imported.']);
    expect((await c.get('/ai_chat/settings')).body).toMatchObject({ settings: { use_other_notes: true } });
  });

  test('a bad row is a 422, and nothing of the batch is written', async () => {
    const c = user();
    const res = await c.post('/ai_chat/import', {
      import_id: randomUUID(),
      records: [conversation(1, 'file:1'), message(2, 1, 'x', 'system')],
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([expect.stringMatching(/^Record 2 \(messages\): role: /)]);
    expect(await keys(c)).toEqual([]);
  });
});

describe('undo and commit', () => {
  async function imported(c: TestClient) {
    await c.post('/ai_chat/append_message', { folder: 'planning', file_name: 'all_todos.md', content: 'Mine.' });
    const id = randomUUID();
    await c.post('/ai_chat/import', { import_id: id, records: [settings, conversation(1, 'file:1'), message(1, 1, 'New')] });
    await c.post('/ai_chat/import', {
      import_id: id,
      records: [conversation(4, 'path:["planning","planning.md"]'), message(2, 4, 'Appended')],
    });
    return id;
  }

  test('DELETE removes what the import made, messages appended to a conversation included, and keeps the rest', async () => {
    const c = user();
    const id = await imported(c);
    expect((await storedMessages(chat.database.db, c.id)).map((m) => m.content)).toEqual(['Mine.', 'New', 'Appended']);
    expect((await c.delete(`/ai_chat/import/${id}`)).body).toEqual({ success: true });
    expect(await storedMessages(chat.database.db, c.id)).toEqual([
      { key: 'path:["planning","planning.md"]', role: 'assistant', content: 'Mine.' },
    ]);
    expect(await keys(c)).toEqual(['path:["planning","planning.md"]']);
    expect(await chat.database.db('chat.settings').where({ user_id: c.id })).toEqual([]);
    expect(await ledger(id)).toBe(0);
  });

  test("commit forgets the ledger; another user's id touches nothing", async () => {
    const [ada, grace] = [user(), user()];
    const id = await imported(ada);
    await grace.delete(`/ai_chat/import/${id}`);
    await grace.post(`/ai_chat/import/${id}/commit`);
    expect((await storedMessages(chat.database.db, ada.id)).length).toBe(3);
    await ada.post(`/ai_chat/import/${id}/commit`);
    expect(await ledger(id)).toBe(0);
    await ada.delete(`/ai_chat/import/${id}`);
    expect((await storedMessages(chat.database.db, ada.id)).length).toBe(3);
  });
});

test('importedKey maps file and person keys it has ids for, and leaves every other key alone', () => {
  const maps = { files: { '1': 10 }, people: { '2': 20 } };
  expect(['file:1', 'person:2', 'file:3', 'person:1', 'path:["a","file:1"]'].map((k) => importedKey(k, maps))).toEqual([
    'file:10',
    'person:20',
    'file:3',
    'person:1',
    'path:["a","file:1"]',
  ]);
});

test('importedReferences gives references to files, people and meetings their new ids, in their addresses too', () => {
  const maps = { files: { '1': 10 }, people: { '2': 20 }, meetings: { '8': 80 } };
  const refs = [
    { n: 1, kind: 'file', id: '1', title: 'a.md', url: '/dashboard?folder=x&file=a.md', snippet: '' },
    { n: 2, kind: 'meeting', id: '8', title: 'Review', url: '/people?person=2&meeting=8&section=notes', snippet: '' },
    { n: 3, kind: 'person', id: '5', title: 'Not imported', url: '/people?person=5', snippet: '' },
    { n: 4, kind: 'todo', id: '1', title: 'Todo', url: '/planning/todos?todo=1', snippet: '' },
  ];
  expect(importedReferences(refs, maps)).toEqual([
    { ...refs[0], id: '10' },
    { ...refs[1], id: '80', url: '/people?person=20&meeting=80&section=notes' },
    refs[2],
    refs[3],
  ]);
  expect(importedReferences(null, maps)).toBeNull();
});
