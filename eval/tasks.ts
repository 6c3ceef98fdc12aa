/**
 * The AI tasks the eval asks (eval/README.md#a-scenario-file): for each, how it is called with
 * a case's input, the schema its answer must parse against, the page it speaks on, and how its
 * answer reads to the checks (the prose, the list, the dates it schedules, the sources it cites).
 */
import { z } from 'zod';
import type { AiProvider, ChatReplyInput } from '@cc/ai';
import { findPlanningAction, withoutPlanningAction } from '@cc/contracts/planning-actions';
import { datesIn, mondayOf, weekdayLabelOf } from './checks/dates';
import type { Check, PageName, Reading } from './checks/types';
import { taskChecks } from './checks/task-checks';
import { personResearch, researchSources } from './person-research';

/** Any input: a case's input is the task's input type, checked by the call itself. */
type Input = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a scenario's input is whatever its task takes

export interface Task {
  page: PageName;
  schema: z.ZodType;
  /** The input's `today` is the case's today, and the answer's dates are computed from it. */
  takesToday?: boolean;
  call(ai: AiProvider, input: Input): Promise<unknown>;
  read(answer: any, input: Input, today: string): Reading; // eslint-disable-line @typescript-eslint/no-explicit-any -- parsed by `schema` first
  /** The last thing the user typed, for the parrot check. */
  lastMessage?(input: Input): string | undefined;
  /** The sources the input offers, for the sources check. */
  sources?(input: Input): string[];
  /** Checks of this task's own (a week plan's task boxes, a suggestion's name). */
  checks?: Record<string, Check>;
}

const text = z.string().refine((s) => s.trim() !== '', 'an empty answer');
const suggestions = z.array(z.object({ name: z.string().min(1), description: z.string() }));

// ---- chats ----

/**
 * A chat reply as the page builds it: the case's page, else the one the task is about. Given
 * passages of the user's other notes (`passages`), its [n] markers are held to them (the sources
 * check) and each cited one must be named where it is cited.
 */
function chat(page: PageName, defaults: Partial<ChatReplyInput>, opts: Partial<Task> = {}): Task {
  const read = opts.read ?? ((answer: string) => ({ text: answer }));
  return {
    page,
    schema: text,
    call: (ai, input) => ai.chatReply({ ...defaults, ...input } as ChatReplyInput),
    lastMessage: (input) => input.message,
    ...opts,
    read: (answer, input, today) => {
      const reading = read(answer, input, today);
      const numbers = Array.isArray(input.passages) ? input.passages.map((p: { n: number }) => p.n) : [];
      return numbers.length ? { ...reading, citationCount: Math.max(...numbers) } : reading;
    },
    checks: {
      'cites-passages': taskChecks.citesPassages,
      'no-echo': taskChecks.noEcho,
      'answers-question': taskChecks.answersQuestion,
      ...opts.checks,
    },
  };
}

/** The planning chat's reply: the action card it carries and the words around it. */
function readPlanningReply(answer: string): Reading {
  const action = findPlanningAction(answer);
  const fields = (action?.action === 'create_todo' ? action.todo_data : action?.goal_data) ?? {};
  const date = String(fields.due_date ?? fields.target_date ?? '') || undefined;
  const card = [fields.title && `- ${String(fields.title)}`, fields.description && String(fields.description)].filter(Boolean);
  return {
    text: [withoutPlanningAction(answer), ...card].join('\n\n'),
    action: action?.action ?? 'none',
    ...(fields.title ? { named: [String(fields.title)] } : {}),
    ...(date ? { actionDate: date, scheduled: [date] } : {}),
  };
}

// ---- lists and plans ----

const lines = (markdown: string) => markdown.split('\n').filter((l) => l.trim());

function readWeekPlan(answer: { outcomes: string; actions: string }, input: Input, today: string): Reading {
  const monday = mondayOf(String(input.periodKey)) ?? today;
  const all = [...lines(answer.outcomes), ...lines(answer.actions)];
  const given = new Set(datesIn(String(input.prompt ?? ''), today).map((d) => d.day));
  const labelled = all.map((l) => weekdayLabelOf(l.replace(/^\s*[-*]\s+(\[[ xX]\]\s+)?/, ''), monday)).filter((d): d is string => !!d);
  return {
    text: `${answer.outcomes}\n\n${answer.actions}`,
    items: lines(answer.actions),
    // A date the prompt gave (a todo's due day, a milestone's target) is a fact, not a day the plan schedules.
    scheduled: [...labelled, ...all.flatMap((l) => datesIn(l, today).map((d) => d.day)).filter((d) => !given.has(d))],
  };
}

interface Step {
  title: string;
  due_date: string;
  description: string;
}
const readSteps = (steps: Step[]): Reading => ({
  text: steps.map((s) => `- ${s.title}\n\n${s.description}`).join('\n\n'),
  items: steps.map((s) => s.title),
  scheduled: steps.map((s) => s.due_date),
});

const readSuggestions = (list: { name: string; description: string }[]): Reading => ({
  text: list.map((s) => s.description).join('\n\n'),
  items: list.map((s) => s.name),
});

// ---- the tasks ----

export const TASKS: Record<string, Task> = {
  'file-chat-ask': chat('file', { mode: 'ask', page: { kind: 'file' } }),
  'file-chat-agent': chat('file', { mode: 'agent', page: { kind: 'file' } }),
  'update-file': {
    page: 'document',
    schema: text,
    call: (ai, input) => ai.suggestEdits(input as never),
    // Only what the update adds is the coach's: the rest is the user's file as it was.
    read: (answer: string, input) => {
      const before = new Set(lines(String(input.fileContent ?? '')).map((l) => l.trim()));
      return {
        text: lines(answer)
          .filter((l) => !before.has(l.trim()))
          .join('\n\n'),
        whole: answer,
      };
    },
    checks: { 'no-instruction': taskChecks.instructionNotPasted },
  },
  drafts: {
    page: 'document',
    schema: text,
    call: (ai, input) => ai.draftFile(input as never),
    read: (answer: string) => ({ text: answer }),
  },
  'folder-suggestions': {
    page: 'file',
    schema: suggestions,
    call: (ai, input) => ai.suggestFolders(input as never),
    read: readSuggestions,
    checks: { names: taskChecks.suggestionNames('folder') },
  },
  'file-suggestions': {
    page: 'file',
    schema: suggestions,
    call: (ai, input) => ai.suggestFiles(input as never),
    read: readSuggestions,
    checks: { names: taskChecks.suggestionNames('file') },
  },
  'journal-chat': chat('journal', { mode: 'ask', folder: 'journal' }),
  'planning-chat': chat(
    'planning',
    { mode: 'agent', folder: 'planning', fileName: 'all_todos.md', fileContent: '' },
    { takesToday: true, read: readPlanningReply },
  ),
  'week-plans': {
    page: 'planning',
    schema: z.object({ outcomes: z.string(), actions: text }),
    takesToday: true,
    call: (ai, input) => ai.weekPlan(input as never),
    read: readWeekPlan,
    lastMessage: (input) => input.prompt,
    checks: { 'task-boxes': taskChecks.taskBoxes, 'prompt-not-repeated': taskChecks.promptNotRepeated },
  },
  'workback-plans': {
    page: 'planning',
    schema: z.array(z.object({ title: z.string().min(1), due_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), description: z.string() })),
    takesToday: true,
    // Imported when asked for: it is svc-coaching's code (a helper may move it into a package).
    call: async (_ai, input) => (await import('../svc-coaching/src/planning/workback')).workbackSteps(input.goal, input.today),
    read: readSteps,
    checks: { 'step-titles': taskChecks.stepTitles, 'before-target': taskChecks.beforeTarget },
  },
  'checkin-chat': chat('checkin', {
    mode: 'agent',
    folder: 'coaching',
  }),
  scoring: {
    page: 'checkin',
    schema: z.object({ score: z.number().min(0).max(100).nullable(), feedback: z.string() }),
    call: (ai, input) => ai.score(input as never),
    read: (answer: { score: number | null; feedback: string }) => ({ text: answer.feedback, score: answer.score }),
    lastMessage: (input) => input.answer,
  },
  summaries: {
    page: 'checkin',
    schema: text,
    call: (ai, input) => ai.summarize(input as never),
    read: (answer: string) => ({ text: answer }),
    checks: { synthesises: taskChecks.synthesises, 'no-anaphora': taskChecks.noAnaphora },
  },
  'information-gathering': {
    page: 'document',
    schema: text,
    call: (ai, input) => ai.coachingPlan(input as never),
    read: (answer: string) => ({ text: answer }),
    lastMessage: (input) => input.prompt,
  },
  'person-chat': chat('person', { mode: 'ask', folder: 'people' }),
  'meeting-chat': chat('meeting', { mode: 'ask', folder: 'meetings' }),
  'meeting-sections': {
    page: 'meeting',
    schema: text,
    call: (ai, input) => ai.meetingSection(input as never),
    read: (answer: string) => ({ text: answer }),
  },
  'person-research': {
    page: 'person',
    schema: z.object({ answer: text, citations: z.array(z.object({ url: z.string(), title: z.string(), site: z.string() })) }),
    call: async (_ai, input) => personResearch(input),
    read: (answer: { answer: string; citations: { url: string }[] }) => ({
      text: answer.answer,
      citationCount: answer.citations.length,
      cited: answer.citations.map((c) => c.url),
    }),
    sources: researchSources,
  },
  'profile-statements': {
    page: 'about-me',
    schema: z.object({ markdown: text, statements: z.array(z.object({ text: z.string().min(1), source: z.string() })) }),
    call: (ai, input) => ai.profileStatements(input as never),
    read: (answer: { markdown: string; statements: { text: string; source: string }[] }) => ({
      text: answer.markdown,
      items: answer.statements.map((s) => s.text),
      cited: answer.statements.map((s) => s.source),
    }),
    // The user's own record by its labels, and the details they typed in About me.
    sources: (input) => [...(input.evidence ?? []).map((e: { label: string }) => e.label), 'profile details'],
  },
  'executive-summary': {
    page: 'about-me',
    schema: text,
    call: (ai, input) => ai.narrative(input as never),
    read: (answer: string) => ({ text: answer }),
    checks: { 'no-anaphora': taskChecks.noAnaphora },
  },
};
