/**
 * The prompts a model gets. The three generation prompts (folder suggestions, file
 * suggestions, file drafts) are also served to the user as editable text (svc-files), so they
 * are plain prose with the request's values filled in; the JSON format instruction is added
 * separately at call time, so an edited prompt cannot break parsing.
 */
import { formatDay } from '@cc/contracts/dates';
import { CAREER_FOLDERS, folderGuide, sectionsFor } from './career-folders';
import { isInterviewStories } from '@cc/contracts/star';
import { normalizeCount, titleFrom, truncate } from './text';
import type { RelatedFile } from './types';
import { withoutDayLabel } from './week-days';

import { COACH_VOICE, FILE_CONTENT_LIMIT, listOrNone, type Prompt } from './prompt-parts';

export type { Prompt } from './prompt-parts';
export { companyStatementsPrompt, describeDetails, meetingSectionPrompt, narrativePrompt, profileStatementsPrompt } from './prompts-people';

// ---- folder suggestions ----

export function folderSuggestionPrompt({
  count,
  existing = [],
  rejected = [],
}: {
  count: unknown;
  existing?: string[];
  rejected?: string[];
}): Prompt {
  const n = normalizeCount(count);
  return {
    system: [
      COACH_VOICE,
      'You help the user organise a personal career workspace of markdown files grouped into folders.',
      'Folder names are short, lower-case and hyphenated (for example work-profile). Each suggestion has a one-sentence description of what belongs in the folder.',
      `Good folders for career documents include: ${CAREER_FOLDERS.map((f) => f.name).join(', ')}.`,
    ].join('\n'),
    user: [
      `Suggest ${n} folder${n === 1 ? '' : 's'} for my career workspace.`,
      `Folders I already have: ${listOrNone(existing)}.`,
      `Suggestions I rejected: ${listOrNone(rejected)}.`,
      'Do not suggest any of those again. Return a list of objects with name and description.',
    ].join('\n'),
  };
}

// ---- file suggestions ----

export function fileSuggestionPrompt({
  folder,
  folderDescription = '',
  count,
  existing = [],
  rejected = [],
}: {
  folder: string;
  folderDescription?: string;
  count: unknown;
  existing?: string[];
  rejected?: string[];
}): Prompt {
  const n = normalizeCount(count);
  const description = folderDescription || folderGuide(folder)?.description || '';
  return {
    system: [
      COACH_VOICE,
      'You suggest markdown files for one folder of a personal career workspace.',
      'File names are short, lower-case, hyphenated and end in .md (for example leading-under-pressure.md). Each suggestion has a one-sentence description of what the file will hold.',
    ].join('\n'),
    user: [
      `Suggest ${n} file${n === 1 ? '' : 's'} for my folder "${folder}".`,
      description ? `The folder is for: ${description}` : '',
      `Files already in it: ${listOrNone(existing)}.`,
      `Suggestions I rejected: ${listOrNone(rejected)}.`,
      'Do not suggest any of those again. Return a list of objects with name and description.',
    ]
      .filter(Boolean)
      .join('\n'),
  };
}

// ---- file drafts ----

/** How much of a related file's opening a draft prompt quotes. */
const RELATED_EXCERPT_LIMIT = 600;

export function fileDraftPrompt({
  folder,
  name,
  description = '',
  folderDescription = '',
  related = [],
}: {
  folder: string;
  name: string;
  description?: string;
  folderDescription?: string;
  related?: RelatedFile[];
}): Prompt {
  const headings = sectionsFor(folder).map((s) => `- ${s.heading} (${s.hint.replace(/\.$/, '').toLowerCase()})`);
  const star = isInterviewStories(folder)
    ? 'Write the story in STAR form (Situation, Task, Action, Result), first person, to be told in about two minutes.'
    : '';
  const others = related.map((f) =>
    [`- ${f.name}${f.description ? `: ${f.description}` : ''}`, f.excerpt?.trim() ? `  ${truncate(f.excerpt, RELATED_EXCERPT_LIMIT)}` : '']
      .filter(Boolean)
      .join('\n'),
  );
  return {
    system: [
      COACH_VOICE,
      'You draft markdown files for a personal career workspace. Start with a level-one heading with the file title, then level-two headings.',
      'Write a real first version from what the workspace already holds (the descriptions and the other files below). Under a heading where a fact is missing, write the one question the user should answer, in italics, instead of inventing the fact. Never use square-bracket placeholders and never address instructions to the user inside the document. Answer with the markdown only.',
    ].join('\n'),
    user: [
      `Draft the file "${name}" in my folder "${folder}".`,
      description ? `It is for: ${description}` : '',
      folderDescription ? `The folder is for: ${folderDescription}` : '',
      others.length ? `Other files in the folder:\n${others.join('\n')}` : '',
      star,
      `Use these level-two headings:\n${headings.join('\n')}`,
    ]
      .filter(Boolean)
      .join('\n'),
  };
}

// ---- chat ----

// The chat's prompt speaks the language of the page it is on: prompts-chat.ts.
export { chatReplySystem, planningActionsInstruction, type ChatPromptInput } from './prompts-chat';
export { FILE_CONTENT_LIMIT };

export function suggestEditsPrompt({
  folder,
  fileName,
  fileContent,
  conversation,
  message,
  partial = false,
}: {
  folder: string;
  fileName: string;
  fileContent: string;
  conversation: string;
  message?: string;
  /** The content is only the beginning of a longer file (the rest is kept as it is). */
  partial?: boolean;
}): Prompt {
  const headings = sectionsFor(folder)
    .map((s) => s.heading)
    .join(', ');
  return {
    system: [
      'You update a markdown file in a personal career workspace with facts the user gave in a conversation.',
      'Keep every line of the existing content unless the user asked to change it. Put each new fact under the heading it fits, creating a level-two heading when none fits.',
      `Headings that suit this folder: ${headings}.`,
      isInterviewStories(folder) ? 'Keep the story in STAR order: Situation, Task, Action, Result.' : '',
      'Use only facts the user stated; do not invent numbers or names. Answer with the complete updated file as markdown and nothing else.',
    ]
      .filter(Boolean)
      .join('\n'),
    user: [
      `File: ${folder}/${fileName}`,
      partial
        ? `Current content (the beginning of a longer file; the rest stays as it is, so answer with this part only):\n"""\n${fileContent}\n"""`
        : `Current content:\n"""\n${fileContent.slice(0, FILE_CONTENT_LIMIT)}\n"""`,
      `Conversation:\n"""\n${conversation}\n"""`,
      message?.trim() ? `My request: ${message.trim()}` : 'Update the file with what I shared.',
    ].join('\n\n'),
  };
}

// ---- other tasks ----

/**
 * A summary synthesises (docs/coaching.md#notes): it groups, drops the noise and says what
 * matters. The title is named in words (never a file name), so the answer has none to repeat.
 */
export function summarizePrompt(content: string, fileName?: string): Prompt {
  return {
    system: [
      "You summarise a professional's own notes or check-in answers from their career workspace.",
      'Synthesise, do not re-list: open with one short sentence that says what matters most, then two to five bullets that each group related points under a short bold label.',
      'Leave out the noise: filler answers ("It was fine."), greetings, thanks, questions, an automatic "I\'m ready to start reflecting on" line, and anything said twice.',
      'Keep names, dates and numbers exactly as written and invent nothing. Write in plain words: no headings, no quotes of whole sentences, no file names.',
      'Answer with the summary only.',
    ].join('\n'),
    user: `${fileName ? `Title: ${titleFrom(fileName)}\n\n` : ''}${content.slice(0, FILE_CONTENT_LIMIT)}`,
  };
}

/**
 * `answer` is the user's whole answer (all their messages, docs/coaching.md#question-chat): a
 * follow-up that completes it raises the score, a short last "Yes, that's it." drops nothing.
 */
export function scorePrompt(question: string, answer: string, conversation: string): Prompt {
  return {
    system: [
      "You score a professional's reflection on a coaching question from 0 to 100.",
      'Score the user\'s whole answer: everything they said in the conversation, not their latest message alone. An example, number, outcome or next step given in any of their messages counts; a follow-up that completes the answer raises the score, and a short last message ("Yes, that\'s it.") lowers nothing. The automatic "I\'m ready to start reflecting on" line is no answer.',
      "High scores need a specific, honest answer with concrete examples, numbers or outcomes, the person's own role and a lesson or next step. Vague, very short or off-topic answers score low.",
      'Give one or two sentences of feedback that name what is strong and the single most useful thing to add.',
    ].join('\n'),
    user: `Question: ${question}\n\nConversation:\n${conversation || '(none)'}\n\nThe user's whole answer, all their messages in order:\n${answer.slice(-FILE_CONTENT_LIMIT)}`,
  };
}

/**
 * The week-AI prompt for a model (docs/planning.md#action-plan). It is told today and the days
 * left, so it plans none that have passed; the answer is tidied after (asTaskLines) in case.
 */
export function weekPlanPrompt(prompt: string, weekLabel: string, when: { today: string; days: readonly string[] }): Prompt {
  const label = (iso: string) => formatDay(iso, when.today);
  const first = when.days[0];
  const last = when.days.at(-1);
  const span = !first ? 'none: this week has passed' : first === last ? label(first) : `${label(first)} to ${label(last!)}`;
  return {
    system: [
      COACH_VOICE,
      "You turn the user's context into a plan for one week: two to four outcomes and five to ten actions.",
      `Today is ${label(when.today)}. Plan only the days left in the week: ${span}. Never put an action on a day before today.`,
      `Start every action with its day written as "${label(first ?? when.today)}: " and keep the days in order. Each action is one short imperative a person would write in their own list, small enough to finish that day (the app shows each as a task box to tick).`,
      'Turn what the user wrote into actions: never copy their sentences back. Use the todos, milestones and open actions the context lists, on or before their dates; carry over the open actions that still matter.',
      'Outcomes are results that will be true by the end of the week ("Deck reviewed by Dana"), not the request repeated. Name only people, dates and numbers the context gives.',
      'Never plan the same action twice (ask for feedback once), make every action concrete (not "the next step towards" something), spread the actions over the days left rather than three on one day, and put a conversation with someone on a Saturday or Sunday only when only the weekend is left, saying so.',
    ].join('\n'),
    user: `Week: ${weekLabel}\n\nContext:\n${prompt}`,
  };
}

/** The headings of the week-AI context (svc-coaching fills it; the offline coach reads it back). */
export const WEEK_CONTEXT_HEADINGS = {
  milestones: 'Milestones due around this week:',
  todos: 'Todos due this week:',
  unfinished: 'Unfinished actions from earlier weeks:',
  planned: 'Already planned for this week:',
} as const;

export interface WeekContext {
  /** "Week 12, 2025 (17 Mar – 23 Mar)" */
  weekLabel: string;
  milestones: { title: string; target_date: string; milestone_type?: string; progress?: { done: number; total: number } }[];
  todos: { title: string; due_date: string | null; description?: string }[];
  /** Open actions of earlier weeks, with the week they were planned for. */
  unfinished: { text: string; week: string }[];
  /** What the week already lists. */
  planned: string[];
}

/**
 * The week-AI modal's editable prompt, filled with what is really open for the user that week,
 * so a generated week builds on it. Sections without items are left out. The user reads and
 * edits it: its dates are written as the planning page writes them ("Fri 27 Nov"), and read
 * back by the offline week plan (`readDayNear`).
 */
export function weekContextPrompt(c: WeekContext): string {
  const section = (heading: string, lines: string[]) => (lines.length ? [heading, ...lines.map((l) => `- ${l}`)].join('\n') : '');
  const milestone = (m: WeekContext['milestones'][number]) => {
    const progress = m.progress?.total ? `, ${m.progress.done} of ${m.progress.total} actions done` : '';
    return `${truncate(m.title, 160)} (target ${formatDay(m.target_date)}${m.milestone_type ? `, ${m.milestone_type}` : ''}${progress})`;
  };
  const todo = (t: WeekContext['todos'][number]) =>
    `${truncate(t.title, 160)}${t.due_date ? ` (due ${formatDay(t.due_date)})` : ''}${t.description?.trim() ? `: ${truncate(t.description, 120)}` : ''}`;
  const parts = [
    `Plan my week: ${c.weekLabel}.`,
    section(WEEK_CONTEXT_HEADINGS.milestones, c.milestones.map(milestone)),
    section(WEEK_CONTEXT_HEADINGS.todos, c.todos.map(todo)),
    section(
      WEEK_CONTEXT_HEADINGS.unfinished,
      // An earlier plan's day ("**Mon 16 Mar:** Call Sam") is no day of this week.
      c.unfinished.map((u) => `${truncate(withoutDayLabel(u.text), 200)} (from ${u.week})`),
    ),
    section(
      WEEK_CONTEXT_HEADINGS.planned,
      c.planned.map((p) => truncate(p, 200)),
    ),
  ].filter(Boolean);
  if (parts.length === 1) parts.push('Nothing is due this week yet. My focus this week:');
  return parts.join('\n\n');
}

export function coachingPlanPrompt(prompt: string): Prompt {
  return {
    system: [
      COACH_VOICE,
      "You write an information-gathering plan in markdown: the goal restated in one sentence of your own (never the user's prompt copied back), the questions to answer, the people and sources to learn from, the files to keep in the workspace (folders: " +
        CAREER_FOLDERS.map((f) => f.name).join(', ') +
        '), and first steps for this week.',
      'Use what the user says about their situation (their role, the people and dates they name) and invent none: no placeholders such as [name], no made-up names, numbers or dates.',
    ].join('\n'),
    user: prompt,
  };
}

export function transcript(messages: ReadonlyArray<{ role: string; content: string }>): string {
  return messages.map((m) => `${m.role === 'assistant' ? 'Coach' : 'User'}: ${m.content}`).join('\n');
}
