/**
 * `@cc/contracts/planning-rules`: what the planning page and svc-coaching both need without zod
 * (the browser imports it): the page's messages, the field bounds, the chat and timeline
 * constants, tag normalisation and the reading of a week's action lines.
 */
import { formatDayInWords } from './dates';

export const PLANNING_MESSAGES = {
  // Field rules (fixed here and documented in svc-coaching's README).
  titleRequired: 'Please enter a title.',
  titleTooLong: 'Titles can be at most 200 characters.',
  descriptionTooLong: 'Descriptions can be at most 2000 characters.',
  dueDateInvalid: 'Due date must be a real date in the form YYYY-MM-DD.',
  targetDateRequired: 'Please enter a target date.',
  targetDateInvalid: 'Target date must be a real date in the form YYYY-MM-DD.',
  tagsInvalid: 'Tags must be comma-separated text or a list of words.',
  tooManyTags: 'A todo can have at most 10 tags.',
  tagTooLong: 'Each tag can be at most 40 characters.',
  milestoneTypeTooLong: 'A milestone type can be at most 50 characters.',
  milestoneIdInvalid: 'milestone_id must be a milestone id (a whole number).',
  todoShape: 'todo must be an object, e.g. todo{title, due_date, description, tags}.',
  milestoneShape: 'milestone must be an object, e.g. milestone{title, target_date, description, milestone_type}.',
  todoNotFound: 'Todo not found.',
  milestoneNotFound: 'Milestone not found.',
  linkedMilestoneNotFound: 'The milestone to link this todo to was not found.',
  // A todo's source (added: a meeting's follow-up sent to planning, docs/people.md#meetings).
  sourceKeyInvalid: 'source_key must be at most 200 letters, digits and the signs : . _ - (for example meeting:12:line:3f9a).',
  sourceLabelTooLong: 'source_label can be at most 200 characters.',
  sourceUrlInvalid: 'source_url must be a path in the app, starting with / (at most 500 characters).',
  // The planning chat's JSON-string payloads.
  todoDataRequired: 'todo_data is required: the todo as JSON text.',
  todoDataInvalid: 'todo_data is not valid JSON.',
  todoDataShape: 'todo_data must be a JSON object, e.g. {"title": "...", "due_date": "YYYY-MM-DD"}.',
  goalDataRequired: 'goal_data is required: the goal as JSON text.',
  goalDataInvalid: 'goal_data is not valid JSON.',
  goalDataShape: 'goal_data must be a JSON object, e.g. {"title": "...", "target_date": "YYYY-MM-DD"}.',
  goalTitleRequired: 'Please name the goal (title or goal).',
  contextTooLong: 'The context of a goal can be at most 2000 characters.',
  payloadTooLong: 'The JSON text can be at most 20,000 characters.',
  targetDatePast: 'The target date of a workback plan must be today or later.',
  // Action plan and timeline.
  periodTypeInvalid: "period_type must be 'week'.",
  periodKeyInvalid: 'period_key must be an ISO week in the form YYYY-Www that exists (for example 2026-W53).',
  weekContentRequired: 'content must be text.',
  weekContentTooLong: "A week's actions can be at most 20,000 characters.",
  outcomesTooLong: "A week's outcomes can be at most 20,000 characters.",
  weekLabelTooLong: 'The week label can be at most 100 characters.',
  todayInvalid: 'today must be a date written YYYY-MM-DD.',
  weekPassed: 'This week has passed, so there is nothing left to plan in it. Plan this week or a later one instead.',
  staleWeek:
    'This week was changed elsewhere (another tab or device). Your text was not saved: reload the plan, or save again without a revision to overwrite it.',
  aiTimeout: 'The AI model took too long to answer. Please try again.',
  aiUnavailable: 'The AI model is not available right now. Please try again later.',
  aiMalformed: 'The AI model gave an answer that could not be used. Please try again.',
  aiRateLimited: 'Too many AI requests. Please wait a minute and try again.',
  // The page's texts (docs/planning.md#messages).
  weekPromptRequired: 'Please provide context for the action plan.',
  confirmDeleteTodo: 'Are you sure you want to delete this todo?',
  confirmDeleteMilestone: 'Are you sure you want to delete this milestone? Associated actions will not be deleted but will be unlinked.',
  errorPrefix: 'Error: ',
  unknownError: 'Unknown error',
  errorSavingTodo: 'Error saving todo',
  errorDeletingTodo: 'Error deleting todo',
  errorUpdatingTodo: 'Error updating todo',
  errorSavingMilestone: 'Error saving milestone',
  errorDeletingMilestone: 'Error deleting milestone',
  errorUpdatingMilestone: 'Error updating milestone',
  errorLoadingMilestone: 'Error loading milestone',
  chatError: 'Sorry, there was an error.',
  chatTodoRefused: "Sorry, I couldn't create the todo: ",
  chatTodoError: 'Sorry, there was an error creating the todo.',
  chatPlanRefused: "Sorry, I couldn't create the workback plan: ",
  chatPlanError: 'Sorry, there was an error creating the workback plan.',
  errorLoadingPlan: 'Error loading action plan: ',
  errorLoadingPlanRetry: 'Error loading action plan. Please try again. Check console for details.',
  securityTokenMissing: 'Security token missing. Please refresh the page.',
  errorCreatingPlan: 'Error creating action plan: ',
  migrationRequired: 'Database Migration Required',
  errorLoadingPrompt: 'Error loading prompt',
  errorGeneratingPlan: 'Error generating plan',
  errorLoadingArchived: 'Error loading archived action plans.',
  noArchivedPlans: 'No archived action plans yet.',
  /** Restoring an archived plan (added with restore_action_plan, docs/planning.md#action-plan). */
  errorRestoringPlan: 'Error restoring action plan: ',
  archivedPlanNotFound: 'That archived action plan was not found.',
} as const;

/** Field bounds (every text and list is bounded; see PLANNING_MESSAGES for the wording). */
export const PLANNING_LIMITS = {
  title: 200,
  description: 2000,
  tags: 10,
  tag: 40,
  /** Comma-separated tag text as typed, before splitting. */
  tagsText: 1000,
  milestoneType: 50,
  context: 2000,
  /** todo_data / goal_data JSON text. */
  payload: 20_000,
  weekContent: 20_000,
  outcomes: 20_000,
  weekPrompt: 20_000,
  weekLabel: 100,
  sourceKey: 200,
  sourceLabel: 200,
  sourceUrl: 500,
} as const;

/** The planning chat's timing and counting constants (docs/planning.md#planning-chat). */
export const PLANNING_CHAT = {
  /** Only the last 6 messages go to the model. */
  historyMessages: 6,
  /** A context summary is sent only for 1 to 5 todos or milestones. */
  contextMinItems: 1,
  contextMaxItems: 5,
  todoTitleChars: 80,
  milestoneTitleChars: 100,
  todoDescriptionChars: 100,
  contextTags: 3,
  reloadAfterTodoMs: 1000,
  reloadAfterPlanMs: 1500,
  folder: 'planning',
  milestonesFile: 'milestones.md',
  /**
   * The one planning conversation (issue 18: the assistant must not forget on a tab change).
   * send_message still names the tab's file ({tab}.md) so the coach knows the view; every
   * planning file name is kept as this one conversation (`isPlanningChatFile`).
   */
  conversationFile: 'planning.md',
} as const;

/** A file name the planning chat uses ({tab}.md or milestones.md, or the conversation's own): all one conversation. */
export const isPlanningChatFile = (folder: string, fileName: string): boolean =>
  folder === PLANNING_CHAT.folder && /^(?:all_todos|upcoming|done|milestones|action_plan|planning)\.md$/.test(fileName);

/** Defaults of the add modals: a todo is due today, a milestone targets 90 days ahead. */
export const MILESTONE_DEFAULT_DAYS_AHEAD = 90;
export const DEFAULT_MILESTONE_TYPE = '90-day';
export const TIMELINE_AUTOSAVE_MS = 1000;

export const ACTION_GROUPS = ['immediately', 'soon', 'later'] as const;
export type ActionGroup = (typeof ACTION_GROUPS)[number];

/**
 * Tags as the form types them ("a, b") or as the AI sends them (["a", "b"]): trimmed, empty
 * ones dropped, de-duplicated without regard to case (the first spelling is kept). Bounds are
 * checked by the schema after this.
 */
export function normalizeTags(input: string | readonly string[] | null | undefined): string[] {
  const raw = input == null ? [] : typeof input === 'string' ? input.split(',') : input;
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const tag of raw.map((t) => t.trim().replace(/\s+/g, ' '))) {
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    tags.push(tag);
  }
  return tags;
}

/** One action line of a week: "- [ ] Call Sam", "- [x] Send deck", "* Draft intro", "1. Book room". */
export interface ActionLine {
  text: string;
  done: boolean;
}

const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s+(?:\[( |x|X)\]\s+)?(.*\S)\s*$/;

/**
 * The actions a week's content lists. A plain line that is not a heading counts as an action
 * too, so a week typed without bullets is still read; only "[x]" marks one done.
 */
export function actionLines(content: string): ActionLine[] {
  const lines: ActionLine[] = [];
  for (const line of content.split(/\r?\n/)) {
    if (!line.trim() || /^\s*#/.test(line)) continue;
    const m = LIST_ITEM.exec(line);
    if (m) lines.push({ text: m[2]!.trim(), done: m[1] === 'x' || m[1] === 'X' });
    else lines.push({ text: line.trim(), done: false });
  }
  return lines.filter((l) => l.text.length > 0);
}

/** The unfinished actions of a week, as "- [ ] ..." lines (what carry-over moves). */
export function unfinishedActions(content: string): string[] {
  return actionLines(content)
    .filter((l) => !l.done)
    .map((l) => `- [ ] ${l.text}`);
}

/**
 * The line the planning chat adds once its action ran (the service answers it as `message`;
 * the page writes it again in the user's own locale): a day as every sentence of a chat writes
 * one ("27 November"), so the coach's reply and this line agree.
 */
export function todoCreatedLine(todo: { title: string; due_date: string | null }): string {
  return `Created the todo "${todo.title}"${todo.due_date ? `, due ${formatDayInWords(todo.due_date)}` : ''}.`;
}

/** The line after a workback plan: the milestone, its target and the span of its dated todos. */
export function workbackCreatedLine(
  milestone: { title: string; target_date: string },
  todos: readonly { due_date: string | null }[],
): string {
  const dated = todos.map((t) => t.due_date).filter((d): d is string => d !== null);
  const span = dated.length > 0 ? `, from ${formatDayInWords(dated[0]!)} to ${formatDayInWords(dated.at(-1)!)}` : '';
  return `Created the milestone "${milestone.title}" (target ${formatDayInWords(milestone.target_date)}) with ${todos.length} dated todos${span}.`;
}
