import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { ABANDONED_IMPORT_MS, undoAbandonedImports } from '@cc/service-kit';
import { chatImport } from './import-part';
import { startChat, type ChatHarness } from './test-support';

/**
 * An import nobody will commit or undo (svc-chat stopped between batches) is taken back by the
 * domain itself once its last batch is ABANDONED_IMPORT_MS old (docs/import.md#all-or-nothing);
 * a recent one, or a committed one, stays. The kit's sweep, run on svc-chat's own part.
 */

let chat: ChatHarness;
beforeAll(async () => {
  chat = await startChat();
});
afterAll(async () => chat?.close());

const batch = (importId: string, key: string) => ({
  import_id: importId,
  records: [{ table: 'conversations', row: { id: 1, key, created_at: '2024-01-01T00:00:00Z' } }],
});

test('an abandoned import is taken back; a recent one and a committed one stay', async () => {
  const c = Object.assign(chat.as(901), { id: 901 });
  const [abandoned, recent, committed] = [randomUUID(), randomUUID(), randomUUID()];
  for (const [id, key] of [
    [abandoned, 'path:["a","abandoned.md"]'],
    [recent, 'path:["a","recent.md"]'],
    [committed, 'path:["a","committed.md"]'],
  ] as const)
    expect((await c.post('/ai_chat/import', batch(id, key))).status).toBe(200);
  expect((await c.post(`/ai_chat/import/${committed}/commit`, {})).status).toBe(200);
  const db = chat.database.db;
  const aged = new Date(Date.now() - ABANDONED_IMPORT_MS - 60_000);
  await db('chat.import_ledger').where({ import_id: abandoned }).update({ created_at: aged });

  expect(await undoAbandonedImports(chatImport(db))).toBe(1);
  const keys = (await db('chat.conversations').where({ user_id: 901 }).orderBy('key').select('key')).map((r: { key: string }) => r.key);
  expect(keys).toEqual(['path:["a","committed.md"]', 'path:["a","recent.md"]']);
  // Asking again finds nothing more to take back.
  expect(await undoAbandonedImports(chatImport(db))).toBe(0);
});
