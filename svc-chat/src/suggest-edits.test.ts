import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { startChat, storedMessages, type ChatHarness } from './test-support';

let chat: ChatHarness;
beforeAll(async () => {
  chat = await startChat();
});
afterAll(async () => chat?.close());

const fileContent = '# Billing migration\n\n## Risks and blockers\n- Oracle licence ends in June.\n';
const history = [
  { role: 'user', content: 'The goal is to cut database costs by 40% so that we can hire two more engineers.' },
  { role: 'assistant', content: 'What could get in the way, and what would unblock it?' },
  { role: 'user', content: 'The data team depends on nightly exports that might break.' },
];

describe('POST /ai_chat/suggest_edits (offline coach)', () => {
  test('answers the merged content and its line diff, one entry per line', async () => {
    const res = await chat.as(1).post('/ai_chat/suggest_edits', {
      message: 'Update the file with what I shared',
      file_content: fileContent,
      file_name: 'billing-migration.md',
      folder: 'current-projects',
      conversation_history: history,
      selected_messages: [],
      file_id: 3,
    });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const suggested: string = res.body.suggested_content;
    expect(suggested).toMatch(/## Goal\n- The goal is to cut database costs by 40%/);
    expect(suggested).toMatch(/## Risks and blockers\n- Oracle licence ends in June\.\n- The data team depends on nightly exports/);
    const diff: { type: string; content: string }[] = res.body.diff;
    // Every old line is kept (unchanged), the facts are added, nothing carries a newline.
    expect(diff.filter((d) => d.type !== 'added').map((d) => d.content)).toEqual(fileContent.trimEnd().split('\n'));
    expect(diff.filter((d) => d.type === 'removed')).toEqual([]);
    expect(diff).toContainEqual({ type: 'added', content: '## Goal' });
    expect(diff).toContainEqual({ type: 'added', content: '- The data team depends on nightly exports that might break.' });
    expect(diff.every((d) => !d.content.includes('\n'))).toBe(true);
    // The new side of the diff is the suggested content, line for line.
    expect(diff.filter((d) => d.type !== 'removed').map((d) => d.content)).toEqual(suggested.trimEnd().split('\n'));
  });

  test('selected_messages, when given, are what gets merged', async () => {
    const res = await chat.as(1).post('/ai_chat/suggest_edits', {
      message: '',
      file_content: '# Goals\n',
      file_name: 'goals.md',
      folder: 'career-goals',
      conversation_history: [
        { role: 'user', content: 'I want to become a principal engineer within two years.' },
        { role: 'user', content: 'My manager Priya could sponsor me for it.' },
      ],
      selected_messages: [{ role: 'user', content: 'My manager Priya could sponsor me for it.', index: 1 }],
    });
    expect(res.body.suggested_content).toContain('My manager Priya could sponsor me');
    expect(res.body.suggested_content).not.toContain('principal engineer');
  });

  test('without conversation_history the stored conversation is used; nothing is stored', async () => {
    const me = chat.as(2);
    await me.post('/ai_chat/send_message', {
      file_id: 8,
      folder: 'career-goals',
      file_name: 'goals.md',
      message: 'My manager Priya could sponsor my promotion.',
    });
    const before = await storedMessages(chat.database.db, 2);
    const res = await me.post('/ai_chat/suggest_edits', {
      file_id: 8,
      folder: 'career-goals',
      file_name: 'goals.md',
      file_content: '# Goals\n',
    });
    expect(res.body.suggested_content).toContain('Priya could sponsor my promotion');
    expect(await storedMessages(chat.database.db, 2)).toEqual(before);
  });

  test('the spec payload of the other documents (no file_id, no selection) works', async () => {
    const res = await chat.as(3).post('/ai_chat/suggest_edits', {
      message: 'Improve my journal entry',
      file_content: 'Shipped the roadmap.',
      file_name: '2026-01-05.md',
      folder: 'journal',
      conversation_history: [{ role: 'user', content: 'The roadmap review went well and the CTO approved the budget.' }],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      diff: expect.any(Array),
      suggested_content: expect.stringContaining('CTO approved the budget'),
    });
  });

  test('limits are checked: 422 with the errors list', async () => {
    const res = await chat.as(1).post('/ai_chat/suggest_edits', {
      file_content: 'x'.repeat(1_000_001),
      selected_messages: [{ role: 'user', content: 'y'.repeat(20_001) }],
      conversation_history: Array.from({ length: 201 }, () => ({ role: 'user', content: 'z' })),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([
      'File content is too long (at most 1,000,000 characters)',
      'Conversation history is too long (at most 200 messages)',
      'Each selected message must be at most 20,000 characters',
    ]);
  });
});
