// What a chat's page costs: svc-chat reads what the page knows (docs/chat.md#what-each-chat-reads)
// from svc-people and svc-coaching before it asks the model. This sets up an account whose
// planning, person and meeting pages hold a realistic amount, and gives the send_message body of
// each page's chat, so the chat bench can time the first token page by page.
import type { BenchUser } from './types';

export interface PageChat {
  page: string;
  notes: string;
  body: Record<string, unknown>;
}

const TODOS = 20;
const MILESTONES = 5;
const MEETINGS = 20;
const ATTENDEES = 3;

async function write(baseURL: string, user: BenchUser, method: string, path: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${baseURL}${path}`, {
    method,
    headers: { 'content-type': 'application/json', accept: 'application/json', cookie: user.cookie, 'x-csrf-token': user.csrfToken },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** The account's pages, written through the gateway, and one chat body per page. */
export async function setUpPageChats(baseURL: string, user: BenchUser): Promise<PageChat[]> {
  for (let i = 0; i < TODOS; i++) {
    await write(baseURL, user, 'POST', '/planning/todos', {
      todo: {
        title: `Prepare part ${i + 1} of the promotion case`,
        due_date: day(i - 3),
        description: 'Evidence and numbers',
        tags: 'promotion',
      },
    });
  }
  for (let i = 0; i < MILESTONES; i++) {
    await write(baseURL, user, 'POST', '/planning/milestones', {
      milestone: { title: `Milestone ${i + 1}`, target_date: day(30 * (i + 1)), description: '', milestone_type: '90-day' },
    });
  }
  const people: number[] = [];
  for (let i = 0; i < ATTENDEES; i++) {
    const created = await write(baseURL, user, 'POST', '/people', { person: { full_name: `Ada Lovelace ${i + 1}` } });
    const id = Number((created.person as { id: number } | undefined)?.id ?? created.id);
    await write(baseURL, user, 'PATCH', `/people/${id}`, { basic_profile: { role: 'VP Engineering', company: 'Acme' } });
    people.push(id);
  }
  let meetingId = 0;
  for (let i = 0; i < MEETINGS; i++) {
    const created = await write(baseURL, user, 'POST', '/meetings', {
      meeting: { title: `1:1 number ${i + 1}`, meeting_date: `${day(i - MEETINGS + 2)}T10:00` },
      attendee_ids: people,
    });
    meetingId = Number((created.meeting as { id: number } | undefined)?.id ?? created.id);
    await write(baseURL, user, 'PATCH', `/meetings/${meetingId}`, {
      meeting: { goals: 'Agree on the reliability budget', followups: '- [ ] Send the incident numbers\n- [x] Book the review' },
    });
  }
  const message = 'What should I raise next time?';
  return [
    {
      page: 'file',
      notes: 'reads nothing more',
      body: {
        file_id: 9001,
        folder: 'career-goals',
        file_name: 'promotion.md',
        file_content: '# Promotion\n',
        mode: 'agent',
        message,
        conversation_history: [],
      },
    },
    {
      page: 'planning',
      notes: `${TODOS} todos, ${MILESTONES} milestones, this week: 3 reads from svc-coaching`,
      body: {
        folder: 'planning',
        file_name: 'all_todos.md',
        file_content: '',
        mode: 'agent',
        message,
        conversation_history: [],
        today: day(0),
      },
    },
    {
      page: 'person',
      notes: `a profile and ${MEETINGS} meetings: 2 reads from svc-people`,
      body: { person_id: people[0], mode: 'ask', message, file_content: '', conversation_history: [] },
    },
    {
      page: 'meeting',
      notes: `the meeting, ${ATTENDEES} profiles and their meetings: 1 + ${ATTENDEES} + ${ATTENDEES} reads from svc-people`,
      body: {
        folder: 'meetings',
        file_name: `meeting-prep-${meetingId}.md`,
        file_content: '',
        mode: 'ask',
        message,
        conversation_history: [],
      },
    },
  ];
}
