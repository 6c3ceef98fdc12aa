import { describe, expect, test } from '@jest/globals';
import { z } from 'zod';
import { CAREER_FOLDERS, folderGuide, sectionsFor } from '../career-folders';
import { AiAbortedError, AiUnavailableError } from '../errors';
import { findPlanningAction } from '@cc/contracts/planning-actions';
import { starFromMessages, starStatus } from '@cc/contracts/star';
import type { ChatMessage, ChatReplyInput } from '../types';
import { createOfflineCoach } from './offline-provider';
import { converse, echoesIn, replies, storyQuestion } from './testing';

const ai = createOfflineCoach();

/** Every line of `original` appears in `merged`, in the same order. */
function keepsAllLines(original: string, merged: string): boolean {
  const lines = merged.split('\n');
  let at = 0;
  for (const line of original.split('\n').filter((l) => l.trim())) {
    at = lines.indexOf(line, at);
    if (at < 0) return false;
    at++;
  }
  return true;
}

const storyBase = { mode: 'agent' as const, folder: 'interview-stories', fileName: 'checkout-rescue.md', fileContent: '' };
const storyMessages = [
  'I was working at Acme as a senior engineer and our checkout was failing 10% of payments before Black Friday.',
  'I was responsible for getting failures under 1% before the code freeze.',
  'I analysed the logs, found a retry storm, and I rewrote the retry logic with backoff.',
  'As a result failures dropped to 0.3% and we processed a record 2 million orders.',
];

describe('offline coach: chat', () => {
  test('is the offline provider and answers deterministically', async () => {
    expect(ai.info()).toEqual({ provider: 'offline', model: 'offline-coach' });
    const input: ChatReplyInput = {
      mode: 'ask',
      folder: 'career-goals',
      fileName: 'goals.md',
      fileContent: '',
      history: [],
      message: 'I want to lead a team next year.',
    };
    expect(await ai.chatReply(input)).toBe(await createOfflineCoach().chatReply(input));
  });

  test('reflects what the user said and asks one focused follow-up', async () => {
    const reply = await ai.chatReply({
      mode: 'ask',
      folder: 'current-projects',
      fileName: 'billing-migration.md',
      fileContent: '',
      history: [],
      message: 'I am moving our billing system from Oracle to Postgres this quarter.',
    });
    // Taken up in the coach's own words: never handed back (quoted or not), never rewritten into an echo.
    expect(reply.startsWith('Thank you, that helps.')).toBe(true);
    expect(echoesIn(reply, 'I am moving our billing system from Oracle to Postgres this quarter.')).toEqual([]);
    expect(reply).not.toMatch(/It sounds like|you are moving|Noted:|You wrote:/);
    expect(reply.match(/\?/g)).toHaveLength(1);
    expect(reply.trim().endsWith('?')).toBe(true);
  });

  test("a file that does not use its folder guide's headings is not said to have a section by their names", async () => {
    const reply = await ai.chatReply({
      mode: 'ask',
      folder: 'projects',
      fileName: 'billing migration status.md',
      fileContent: '# Billing migration\n\nThe cut-over moved to December; finance signed off the new plan.',
      history: [],
      message: 'Can you look at this with me?',
    });
    expect(reply).not.toMatch(/has "Overview"/);
    expect(reply).toMatch(/has no "[^"]+"( or "[^"]+")* section yet\./);
  });

  test('interview stories: STAR follow-ups go situation → task → action → result', async () => {
    const history = await converse(storyBase, ['I want to prepare a story about saving our checkout.', ...storyMessages]);
    const asked = replies(history);
    expect(asked[0]).toContain(storyQuestion('Situation'));
    expect(asked[1]).toContain(storyQuestion('Task'));
    expect(asked[2]).toContain(storyQuestion('Action'));
    expect(asked[3]).toContain(storyQuestion('Result'));
    expect(asked[4]).toContain(storyQuestion('Reflection'));
    // The dashboard's STAR progress, from the same conversation, is complete.
    expect(starStatus(starFromMessages(history))).toMatchObject({ text: '4/4' });
  });

  test('interview stories: a phase the user skipped is asked for, not jumped over', async () => {
    const history = await converse(storyBase, [storyMessages[0]!, storyMessages[2]!]);
    // The situation is there; the actions came before any task, so the task is still missing.
    expect(replies(history)[1]).toContain(storyQuestion('Task'));
  });

  test('agent mode offers to update the file once there is something to keep', async () => {
    const history = await converse({ mode: 'agent', folder: 'career-goals', fileName: 'one-year-goals.md', fileContent: '' }, [
      'I want to become an engineering manager within a year.',
      'It matters because I love helping people grow.',
    ]);
    const [first, second] = replies(history);
    expect(first).not.toContain('one-year-goals.md');
    expect(second).toContain("I can add what you've shared to one-year-goals.md under Goal and Why it matters");
    expect(second!.trim().endsWith('?')).toBe(true);
  });

  test("a check-in question's chat offers its notes and names its own button, not the dashboard's", async () => {
    // The coaching folder is the check-in page: its words need no label or button from the caller.
    const coaching = { mode: 'agent' as const, folder: 'coaching', fileName: 'top_priority_2026-11-23.md', fileContent: '' };
    const history = await converse(coaching, [
      'My top priority today is shipping the billing migration.',
      'It matters because the old system goes away on Friday.',
      'I will pair with Sam on the data backfill first.',
    ]);
    const all = replies(history).join(' ');
    expect(all).toContain("I can add what you've shared to your notes on this question");
    // Typing "update" does nothing there, so only the button is offered; it shows the change before saving it.
    expect(all).toContain('Press Update notes from chat, and you can review the changes before they are saved.');
    expect(all).not.toMatch(/Ask me to|Say "update/);
    expect(all).not.toContain('Update file');
    expect(all).not.toContain('top_priority_2026-11-23.md');
  });

  test('interview stories offer the update from six messages on, as the dashboard expects', async () => {
    const history = await converse(storyBase, storyMessages);
    const [first, second, third, fourth] = replies(history);
    expect(first).not.toContain('checkout-rescue.md');
    expect(second).not.toContain('checkout-rescue.md');
    expect(third).toContain("I can add what you've shared to checkout-rescue.md under Situation, Task and Action");
    expect(fourth).toContain('I can update checkout-rescue.md');
  });

  test('every follow-up question is one question', () => {
    const guides = [...CAREER_FOLDERS.map((f) => f.name), 'coaching', 'meetings', 'planning', 'journal', 'anything-else'];
    const questions = [...guides.flatMap((g) => sectionsFor(g)), ...sectionsFor('', { person: true })].map((s) => s.question);
    for (const q of questions) expect(q.match(/\?/g)).toHaveLength(1);
    for (const q of questions) expect(q.endsWith('?')).toBe(true);
  });

  test('ask mode never offers to edit the file', async () => {
    const history = await converse({ ...storyBase, mode: 'ask' }, storyMessages);
    for (const reply of replies(history)) expect(reply).not.toContain('checkout-rescue.md');
    const refusal = await ai.chatReply({ ...storyBase, mode: 'ask', history, message: 'Please update the file with this.' });
    expect(refusal).toContain('Ask mode');
  });

  test('asking for an update in agent mode gets the offer with its headings', async () => {
    const history = await converse(storyBase, storyMessages.slice(0, 2));
    const reply = await ai.chatReply({ ...storyBase, history, message: 'Update the file' });
    expect(reply).toContain('checkout-rescue.md under Situation and Task');
  });

  test('follow-ups skip headings the file already fills', async () => {
    const fileContent = '# Goals\n\n## Goal\n- Become a staff engineer.\n\n## Why it matters\n- More scope.\n';
    const reply = await ai.chatReply({
      mode: 'ask',
      folder: 'career-goals',
      fileName: 'goals.md',
      fileContent,
      history: [],
      message: 'hello',
    });
    expect(reply).toContain(folderGuide('career-goals')!.sections[2]!.question);
  });

  test('an answer plainly about another heading moves the coach on to what is still missing', async () => {
    const base = { mode: 'agent' as const, folder: 'meetings', fileName: 'meeting-prep.md', fileContent: '' };
    const history = await converse(base, ['Hello', 'The CFO might push back on the cost, and she may question the timing.']);
    // Asked for goals, the user anticipated objections instead: goals are still open.
    expect(replies(history)[1]).toContain('The Goals tab is still empty: what do you want to walk out of this meeting with?');
    const merged = await ai.suggestEdits({ ...base, history });
    expect(merged).toContain('## Anticipating\n- The CFO might push back');
  });

  test('in a folder it does not know, the coach does not ask what the file is about once told', async () => {
    const reply = await ai.chatReply({
      mode: 'ask',
      folder: 'side-hustle',
      fileName: 'shop.md',
      fileContent: '',
      history: [],
      message: 'I sell handmade mugs on Etsy and make about $400 a month.',
    });
    expect(reply).not.toContain('What is this about');
    expect(reply.trim().endsWith('?')).toBe(true);
  });

  test('the coaching opener starts a reflection on the question', async () => {
    const reply = await ai.chatReply({
      mode: 'agent',
      folder: 'coaching',
      fileName: 'what_went_well_2025-03-17.md',
      fileContent: '',
      history: [],
      message: "I'm ready to start reflecting on: What went well today?",
    });
    expect(reply).toMatch(/^Let's reflect on "What went well today\?"/);
    expect(reply.trim().endsWith('?')).toBe(true);
  });

  test('people chat talks about the person and does not offer file edits', async () => {
    const history = await converse(
      { mode: 'ask', folder: '', fileName: '', fileContent: '', person: { fullName: 'Sam Lee', profile: { role: 'VP Engineering' } } },
      ['Sam runs the platform group and we met at a conference.', 'Sam cares about reliability above all.'],
    );
    const [first, second] = replies(history);
    // The person the message names is taken up; the message itself is not handed back.
    expect(first).toContain('That helps me see where Sam comes in.');
    expect(first).not.toContain('Sam runs the platform group');
    expect(second).toContain('How do the two of you work together today?');
  });

  test('planning agent mode embeds a create_todo action', async () => {
    const reply = await ai.chatReply({
      mode: 'agent',
      folder: 'planning',
      fileName: 'all_todos.md',
      fileContent: '',
      history: [],
      message: 'Add a todo to call the recruiter tomorrow',
      today: '2025-03-17',
    });
    expect(findPlanningAction(reply)).toEqual({
      action: 'create_todo',
      todo_data: { title: 'Call the recruiter', due_date: '2025-03-18', description: '', tags: [] },
    });
  });

  test('chatStream streams the same reply as chat', async () => {
    const req = { messages: [{ role: 'user' as const, content: 'I finally shipped the onboarding redesign last week.' }] };
    const deltas: string[] = [];
    const stream = ai.chatStream(req);
    for await (const d of stream) deltas.push(d);
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe(await ai.chat(req));
    expect(stream.text).toBe(deltas.join(''));
  });

  test('a cancelled request is reported as aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(ai.chat({ messages: [{ role: 'user', content: 'hi' }], signal: controller.signal })).rejects.toBeInstanceOf(
      AiAbortedError,
    );
    await expect(ai.summarize({ content: 'x', signal: controller.signal })).rejects.toBeInstanceOf(AiAbortedError);
  });

  test('free-form structured calls need a model unless the caller gives the offline answer', async () => {
    const schema = z.object({ n: z.number() });
    await expect(ai.structured({ schema, messages: [] })).rejects.toBeInstanceOf(AiUnavailableError);
    expect(await ai.structured({ schema, messages: [], offline: () => ({ n: 3 }) })).toEqual({ n: 3 });
  });
});

describe('offline coach: edits from the conversation', () => {
  test('merges facts under the right STAR headings without losing existing content', async () => {
    const fileContent = [
      '# Checkout rescue',
      '',
      'A story for reliability questions.',
      '',
      '## Situation',
      '- Acme, 2023, payments team.',
      '',
      '## Result',
      '- Praised by the CTO.',
      '',
      'Keep it under two minutes.',
      '',
    ].join('\n');
    const history = await converse(storyBase, storyMessages);
    const merged = await ai.suggestEdits({ ...storyBase, fileContent, history });

    expect(keepsAllLines(fileContent, merged)).toBe(true);
    const at = (s: string) => merged.indexOf(s);
    expect(at('## Situation')).toBeLessThan(at('our checkout was failing 10%'));
    expect(at('our checkout was failing 10%')).toBeLessThan(at('## Task'));
    expect(at('## Task')).toBeLessThan(at('I was responsible for getting failures'));
    expect(at('I was responsible for getting failures')).toBeLessThan(at('## Action'));
    expect(at('## Action')).toBeLessThan(at('I rewrote the retry logic'));
    expect(at('I rewrote the retry logic')).toBeLessThan(at('## Result'));
    expect(at('## Result')).toBeLessThan(at('failures dropped to 0.3%'));
    // New headings are placed in STAR order, before Result.
    expect(merged.match(/^## /gm)).toHaveLength(4);
  });

  test('fills a non-story file by topic and keeps existing sections', async () => {
    const fileContent = '# Billing migration\n\n## Risks and blockers\n- Oracle licence ends in June.\n';
    const merged = await ai.suggestEdits({
      folder: 'current-projects',
      fileName: 'billing-migration.md',
      fileContent,
      history: [
        { role: 'user', content: 'The goal is to cut database costs by 40% so that we can hire two more engineers.' },
        { role: 'assistant', content: 'What could get in the way, and what would unblock it?' },
        { role: 'user', content: 'The data team depends on nightly exports that might break.' },
      ],
    });
    expect(keepsAllLines(fileContent, merged)).toBe(true);
    expect(merged).toMatch(/## Goal\n- The goal is to cut database costs by 40%/);
    expect(merged).toMatch(/## Risks and blockers\n- Oracle licence ends in June\.\n- The data team depends on nightly exports/);
  });

  test("an answer to a model's question much like the guide's goes under that question's heading", async () => {
    const merged = await ai.suggestEdits({
      ...storyBase,
      history: [
        { role: 'user', content: 'I was the tech lead at Litware when the launch and the security review collided.' },
        { role: 'assistant', content: 'What did you do, step by step?' },
        { role: 'user', content: 'I split the review into two parts and proposed a staged rollout.' },
      ],
    });
    expect(merged).toContain('## Action\n- I split the review into two parts and proposed a staged rollout.');
  });

  test('an empty file gets a title and headings', async () => {
    const history = await converse(storyBase, storyMessages.slice(0, 2));
    const merged = await ai.suggestEdits({ ...storyBase, history });
    expect(merged).toMatch(/^# Checkout Rescue\n\n## Situation\n- I was working at Acme/);
    expect(merged).toContain('## Task\n- I was responsible');
  });

  test('only selected messages are merged when some are selected', async () => {
    const history: ChatMessage[] = [
      { role: 'user', content: 'I want to become a principal engineer within two years.' },
      { role: 'user', content: 'My manager Priya could sponsor me for it.' },
    ];
    const merged = await ai.suggestEdits({
      folder: 'career-goals',
      fileName: 'goals.md',
      fileContent: '# Goals\n',
      history,
      selectedMessages: [history[1]!],
    });
    expect(merged).toContain('My manager Priya could sponsor me');
    expect(merged).not.toContain('principal engineer');
  });

  test('facts already in the file are not added twice; nothing new leaves the file as it is', async () => {
    const fileContent = '# Goals\n\n## Goal\n- I want to become a principal engineer within two years.\n';
    const history: ChatMessage[] = [
      { role: 'user', content: 'I want to become a principal engineer within two years.' },
      { role: 'user', content: 'Thanks!' },
    ];
    expect(await ai.suggestEdits({ folder: 'career-goals', fileName: 'goals.md', fileContent, history })).toBe(fileContent);
  });

  test("the coach's lines and the update instruction never go into the file (issue 9, defect 7)", async () => {
    const history = await converse(storyBase, storyMessages.slice(0, 3));
    // The coach has offered the update by now: its stock sentence is in the history.
    expect(replies(history).join(' ')).toContain('before they are saved');
    const instruction = 'Use the selected messages to tighten the Result section, in a confident voice.';
    const fromHistory = await ai.suggestEdits({ ...storyBase, history, message: instruction });
    const fromSelection = await ai.suggestEdits({ ...storyBase, history, selectedMessages: history, message: instruction });
    for (const merged of [fromHistory, fromSelection]) {
      expect(merged).toContain('I rewrote the retry logic');
      expect(merged).not.toMatch(/update the file|before they are saved|whenever you like|I can add/i);
      expect(merged).not.toContain('selected messages');
      expect(merged).not.toContain('confident voice');
      for (const reply of replies(history)) {
        for (const sentence of reply.split(/(?<=[.?!])\s+/).filter((x) => x.length > 20)) expect(merged).not.toContain(sentence);
      }
    }
  });

  test("a draft's question under a heading gives way to the facts once the heading is filled", async () => {
    const draft = await ai.draftFile({ folder: 'interview-stories', name: 'checkout-rescue.md', description: 'Saving checkout' });
    expect(draft).toContain(`## Situation\n_${storyQuestion('Situation')}_`);
    const history = await converse(storyBase, storyMessages.slice(0, 1));
    const merged = await ai.suggestEdits({ ...storyBase, fileContent: draft, history });
    const situation = merged.slice(merged.indexOf('## Situation'), merged.indexOf('## Task'));
    expect(situation).toContain('I was working at Acme');
    expect(situation).not.toContain(storyQuestion('Situation'));
    expect(merged.slice(merged.indexOf('## Task'))).toContain(`_${storyQuestion('Task')}_`);
  });

  test("an old draft's bracketed placeholders still give way under a filled heading", async () => {
    const old =
      '# Checkout Rescue\n\n## Situation\n- [Where and when, and the challenge the team faced.]\n\n## Task\n- [What you personally had to achieve.]\n';
    const history = await converse(storyBase, storyMessages.slice(0, 1));
    const merged = await ai.suggestEdits({ ...storyBase, fileContent: old, history });
    expect(merged.slice(merged.indexOf('## Situation'), merged.indexOf('## Task'))).not.toContain('[');
    expect(merged).toContain('[What you personally had to achieve.]');
  });
});
