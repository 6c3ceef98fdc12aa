import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { postEventStream, recordingProvider, startChat, startFakePeer, type ChatHarness, type PeerAnswer } from './test-support';

const todo = (id: number, title: string, due_date: string | null, more: object = {}) => ({
  id,
  title,
  due_date,
  description: '',
  tags: [],
  completed: false,
  milestone_id: null,
  source_key: null,
  source_label: null,
  source_url: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...more,
});
const milestone = (id: number, title: string, target_date: string, completed = false) => ({
  id,
  title,
  target_date,
  description: '',
  milestone_type: '90-day',
  completed,
  progress: { done: 0, total: 0 },
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});
const week = (period_key: string, content: string, outcomes: string) => ({
  period_type: 'week',
  period_key,
  content,
  outcomes,
  revision: 1,
  updated_at: '2026-01-01T00:00:00.000Z',
});
const ok = (body: object): PeerAnswer => ({ status: 200, body: { success: true, ...body } });

const planningAnswers: Record<string, PeerAnswer> = {
  '/planning/todos?limit=50': ok({
    todos: [
      todo(1, 'Draft the promotion case', '2026-03-13', { description: 'Two pages.', tags: ['promo'] }),
      todo(2, 'Ask Ada for feedback', null),
      todo(3, 'Old task', '2026-01-01', { completed: true }),
    ],
  }),
  '/planning/milestones': ok({
    milestones: [
      milestone(1, 'Ship v2', '2026-06-30'),
      milestone(2, 'Promotion packet in', '2026-04-01'),
      milestone(3, 'Done', '2026-02-01', true),
    ],
  }),
  '/coaching/timeline_items': ok({
    migration_needed: false,
    items: [week('2026-W10', '- [x] Last week', ''), week('2026-W11', '- [ ] Draft the promotion case', 'A draft to share')],
  }),
};

let answers: Record<string, PeerAnswer> = {};
let coaching: Awaited<ReturnType<typeof startFakePeer>>;
let chat: ChatHarness;
const { provider, inputs } = recordingProvider();

beforeAll(async () => {
  coaching = await startFakePeer(() => answers);
  chat = await startChat({ provider }, { COACHING_URL: coaching.url });
});
afterAll(async () => {
  await chat?.close();
  await coaching?.close();
});

const planningChat = {
  message: 'What should I focus on this week?',
  mode: 'agent',
  folder: 'planning',
  file_name: 'all_todos.md',
  file_content: '',
  conversation_history: [],
  context_summary: 'Open todos: Draft the promotion case',
  // A Thursday of ISO week 11.
  today: '2026-03-12',
};

describe('the planning chat reads the open todos, milestones and this week', () => {
  const expected = {
    kind: 'planning',
    tab: 'all_todos',
    todos: [
      { title: 'Draft the promotion case', due_date: '2026-03-13', description: 'Two pages.', tags: ['promo'] },
      { title: 'Ask Ada for feedback', due_date: null },
    ],
    milestones: [
      { title: 'Promotion packet in', target_date: '2026-04-01', milestone_type: '90-day' },
      { title: 'Ship v2', target_date: '2026-06-30', milestone_type: '90-day' },
    ],
    week: { period_key: '2026-W11', actions: '- [ ] Draft the promotion case', outcomes: 'A draft to share' },
  };

  test("open ones only, soonest first, and the week that holds the user's today; the summary stays", async () => {
    answers = planningAnswers;
    const res = await chat.as(1).post('/ai_chat/send_message', planningChat);
    expect(res.body.success).toBe(true);
    const input = inputs.at(-1)!;
    expect(input.page).toEqual(expected);
    expect(input.context).toBe('Open todos: Draft the promotion case');
    expect(input.today).toBe('2026-03-12');
  });

  test('a streamed reply is handed the same page', async () => {
    answers = planningAnswers;
    const { events } = await postEventStream(chat.as(2), '/ai_chat/send_message', { ...planningChat, file_name: 'planning.md' });
    expect(events.at(-1)?.event).toBe('done');
    expect(inputs.at(-1)!.page).toEqual({ ...expected, tab: undefined });
  });

  test('when svc-coaching fails the chat still answers, with what arrived', async () => {
    answers = {
      ...planningAnswers,
      '/planning/milestones': { status: 500, body: {} },
      '/coaching/timeline_items': { status: 200, body: { odd: true } },
    };
    const res = await chat.as(3).post('/ai_chat/send_message', planningChat);
    expect(res.body.success).toBe(true);
    const { week: _week, ...withoutWeek } = expected;
    expect(inputs.at(-1)!.page).toEqual({ ...withoutWeek, milestones: [] });
  });

  test('with svc-coaching unreachable the chat still answers', async () => {
    const down = await startChat({ provider }, { COACHING_URL: 'http://127.0.0.1:9' }, chat.database);
    try {
      const res = await down.as(4).post('/ai_chat/send_message', planningChat);
      expect(res.body.success).toBe(true);
      expect(inputs.at(-1)!.page).toEqual({ kind: 'planning', tab: 'all_todos', todos: [], milestones: [] });
    } finally {
      await down.close();
    }
  });
});

describe('the journal and file chats name their page', () => {
  const base = { message: 'Help me reflect', mode: 'agent', file_content: 'Today went well.', conversation_history: [] };

  test.each([
    ['a journal day', { folder: 'journal', file_name: '2026-03-12.md' }, { kind: 'journal', date: '2026-03-12' }],
    ['a dashboard file', { folder: 'career-goals', file_name: 'goals.md', file_id: 3 }, { kind: 'file' }],
    ['a file known by name', { folder: 'career-goals', file_name: 'goals.md' }, { kind: 'file' }],
    ['a journal file that is not a day', { folder: 'journal', file_name: 'notes.md' }, undefined],
  ])('%s', async (_name, where, page) => {
    // The page reads nothing of svc-coaching (its search, for passages to cite, is not the page's).
    const pageReads = () => coaching.requests.filter((r) => !r.url?.startsWith('/coaching/search')).length;
    const before = pageReads();
    const res = await chat.as(5).post('/ai_chat/send_message', { ...base, ...where });
    expect(res.body.success).toBe(true);
    expect(inputs.at(-1)!.page).toEqual(page);
    expect(pageReads()).toBe(before);
  });
});
