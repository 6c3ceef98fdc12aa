/**
 * A workspace with something of every domain, written through the API as a user would, and the
 * zip of an export read back: for the tests of export and import.
 */
import { expect } from '@jest/globals';
import { strFromU8, unzipSync } from 'fflate';
import type { EmbeddedStack, Session } from './stack';

/** The body of an answer that must succeed; a failure shows its status and body. */
export async function ok(res: Promise<{ status: number; body: any }>): Promise<any> {
  const answer = await res;
  expect({ status: answer.status < 300 ? 'ok' : answer.status, body: answer.status < 300 ? undefined : answer.body }).toEqual({
    status: 'ok',
    body: undefined,
  });
  return answer.body;
}

/** Something of every domain, each holding `word`: files, journal, planning, a check-in, people, meetings, About me, a chat. */
export async function writeEverything(stack: EmbeddedStack, s: Session, word: string): Promise<void> {
  const { call } = stack;
  await ok(call(s, 'POST', '/folders', { name: 'projects', description: `Work on ${word}: "quoted"` }));
  const file = await ok(
    call(s, 'POST', '/files', {
      file: { folder: 'projects', name: 'billing.md', description: 'The plan', content: `# Billing\n\nThe ${word} migration.` },
    }),
  );
  await ok(call(s, 'POST', '/folders', { name: 'empty one' }));
  await ok(call(s, 'POST', '/journal/2026-11-03/save', { content: `Talked about ${word} with the team.`, revision: 0 }));
  const milestone = await ok(call(s, 'POST', '/planning/milestones', { milestone: { title: `Ship ${word}`, target_date: '2027-02-01' } }));
  await ok(
    call(s, 'POST', '/planning/todos', {
      todo: {
        title: `Write the ${word} runbook`,
        due_date: '2026-12-01',
        tags: ['ops'],
        milestone_id: milestone.milestone?.id ?? milestone.id,
      },
    }),
  );
  await ok(call(s, 'POST', '/coaching/create_empty_action_plan'));
  await ok(call(s, 'POST', '/coaching/save_timeline_item', { period_type: 'week', period_key: '2026-W49', content: `- [ ] Demo ${word}` }));
  const sections = await ok(call(s, 'GET', '/coaching/questionnaire_sections?type=start_of_day&period_key=2026-03-02'));
  const question = sections.sections[0].questions[0] as { id: number };
  await ok(
    call(s, 'POST', '/coaching/onboarding_save_content', {
      question_id: question.id,
      period_key: '2026-03-02',
      content: `Focus on ${word}.`,
    }),
  );
  const person = await ok(call(s, 'POST', '/people', { person: { full_name: 'Ada Lovelace' } }));
  const personId = person.person?.id ?? person.id;
  await ok(call(s, 'PATCH', `/people/${personId}`, { basic_profile: { role: `Head of ${word}` } }));
  await ok(call(s, 'POST', '/people', { person: { full_name: 'Ada Lovelace' } }));
  await ok(
    call(s, 'POST', '/meetings', { meeting: { title: `${word} review`, goals: `Agree the ${word} scope.` }, attendee_ids: [personId] }),
  );
  await ok(call(s, 'PATCH', '/profile', { details: { full_name: 'Ada L.', role: `Lead of ${word}` } }));
  await ok(
    call(s, 'POST', '/ai_chat/append_message', { folder: 'planning', file_name: 'all_todos.md', content: `Added the ${word} todo.` }),
  );
  await ok(call(s, 'POST', '/ai_chat/append_message', { file_id: file.file.id, content: `The ${word} file looks ready.` }));
}

export interface Downloaded {
  status: number;
  headers: Headers;
  /** Each entry's text by its path (empty for a folder). */
  files: Record<string, string>;
  zip: Uint8Array;
}

export async function downloadExport(stack: EmbeddedStack, s: Session): Promise<Downloaded> {
  const res = await fetch(`${stack.base}/export`, { headers: { cookie: s.cookie, accept: 'application/zip' } });
  const zip = new Uint8Array(await res.arrayBuffer());
  const files = res.status === 200 ? Object.fromEntries(Object.entries(unzipSync(zip)).map(([name, data]) => [name, strFromU8(data)])) : {};
  return { status: res.status, headers: res.headers, files, zip };
}
