/**
 * `@cc/contracts/coaching-rules`: what the coaching page and svc-coaching both need without zod
 * (the browser imports it): the questionnaire types and the period kind of each, the page's
 * messages, the field bounds and constants, and the virtual coaching file name rule.
 */
import { isPeriodKey, type PeriodKind } from './periods-keys';

export const QUESTIONNAIRE_TYPES = [
  'onboarding',
  'start_of_day',
  'end_of_day',
  'start_of_week',
  'end_of_week',
  'monthly',
  'quarterly',
  'semester',
] as const;
export type QuestionnaireType = (typeof QUESTIONNAIRE_TYPES)[number];

export const isQuestionnaireType = (value: unknown): value is QuestionnaireType =>
  typeof value === 'string' && (QUESTIONNAIRE_TYPES as readonly string[]).includes(value);

/**
 * The period each questionnaire is answered for. Onboarding is answered once: its one period
 * key is the literal `onboarding` (a blank or missing key means it too).
 */
export const QUESTIONNAIRE_PERIOD: Record<QuestionnaireType, PeriodKind | 'once'> = {
  onboarding: 'once',
  start_of_day: 'day',
  end_of_day: 'day',
  start_of_week: 'week',
  end_of_week: 'week',
  monthly: 'month',
  quarterly: 'quarter',
  semester: 'semester',
};
export const ONBOARDING_PERIOD_KEY = 'onboarding';

/** The key as stored (onboarding's blank key becomes `onboarding`), or undefined when it is not the type's kind. */
export function questionnairePeriodKey(type: QuestionnaireType, key: unknown): string | undefined {
  const kind = QUESTIONNAIRE_PERIOD[type];
  if (kind === 'once') {
    return key === undefined || key === null || key === '' || key === ONBOARDING_PERIOD_KEY ? ONBOARDING_PERIOD_KEY : undefined;
  }
  return typeof key === 'string' && isPeriodKey(key, kind) ? key : undefined;
}

/** The tab of the coaching page for each questionnaire (docs/coaching.md#tabs). */
export const QUESTIONNAIRE_TABS: Record<QuestionnaireType, string> = {
  onboarding: 'onboarding-questionnaire',
  start_of_day: 'start-of-day-checkin',
  end_of_day: 'end-of-day-checkin',
  start_of_week: 'start-of-week-checkin',
  end_of_week: 'end-of-week-checkin',
  monthly: 'monthly-checkin',
  quarterly: 'quarterly-checkin',
  semester: 'semester-checkin',
};

const PERIOD_KEY_FORMS: Record<PeriodKind, string> = {
  day: 'a day in the form YYYY-MM-DD',
  week: 'an ISO week in the form YYYY-Www that exists (for example 2026-W53)',
  month: 'a month in the form YYYY-MM',
  quarter: 'a quarter in the form YYYY-Qn (n from 1 to 4)',
  semester: 'a half-year in the form YYYY-H1 or YYYY-H2',
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export const COACHING_MESSAGES = {
  // Requests (the server's rules, fixed here and documented in svc-coaching's README).
  typeInvalid: `type must be one of: ${QUESTIONNAIRE_TYPES.join(', ')}.`,
  periodKeyInvalid: (type: QuestionnaireType): string => {
    const kind = QUESTIONNAIRE_PERIOD[type];
    return kind === 'once'
      ? `period_key of the ${type} questionnaire must be '${ONBOARDING_PERIOD_KEY}' or left out.`
      : `period_key of the ${type} questionnaire must be ${PERIOD_KEY_FORMS[kind]}.`;
  },
  periodKeyText: 'period_key must be a period key such as 2026-03-02, 2026-W10, 2026-03, 2026-Q1 or 2026-H1.',
  promptTooLong: 'The prompt can be at most 20,000 characters.',
  questionIdInvalid: 'question_id must be a question id (a whole number).',
  questionNotFound: 'Question not found.',
  sectionNotFound: 'Section not found.',
  messageRequired: 'Please enter a message.',
  messageTooLong: 'A message can be at most 10,000 characters.',
  conversationFull: 'This conversation has reached 200 messages. Keep your notes in the manual entries, or continue in the next period.',
  contentTooLong: 'Manual entries can be at most 100,000 characters.',
  summaryTooLong: 'The AI summary can be at most 20,000 characters.',
  saveNothing: 'Send content or content_summary to save (or clear_messages: true).',
  clearMessagesInvalid: 'clear_messages must be true or false.',
  revisionOfOneText: 'A save with a revision sends one text: content or content_summary.',
  staleNotes:
    'This text was changed elsewhere (another tab or device). Your text was not saved: reload it, or save again without a revision to overwrite it.',
  nothingToSummarize: 'There is nothing to summarise yet: write your manual entries or answer in the chat first.',
  messagesInvalid: 'messages must be a list of {role: user or assistant, content} (at most 200).',
  sectionShape: 'section must be an object, e.g. section{title, description, position, questionnaire_type}.',
  questionShape: 'question must be an object, e.g. question{title, question_text, prompt, position, onboarding_section_id}.',
  sectionTitleRequired: 'Please enter a section title.',
  questionTitleRequired: 'Please enter a question title.',
  questionTextRequired: 'Please enter the question text.',
  titleTooLong: 'Titles can be at most 200 characters.',
  descriptionTooLong: 'Descriptions can be at most 2000 characters.',
  questionTextTooLong: 'The question text can be at most 2000 characters.',
  questionPromptTooLong: 'The coaching prompt can be at most 5000 characters.',
  positionInvalid: 'position must be a whole number from 1 to 10000.',
  sectionIdInvalid: 'onboarding_section_id must be a section id (a whole number).',
  sectionIdRequired: 'Please choose the section this question belongs to.',
  sectionTypeMismatch: (sectionType: string, given: string) => `The section belongs to the ${sectionType} questionnaire, not ${given}.`,
  sectionExists: 'This questionnaire already has a section with that title.',
  questionExists: 'This section already has a question with that title.',
  // The CSV import.
  csvTypeInvalid: `questionnaire_type must be one of: ${QUESTIONNAIRE_TYPES.join(', ')} (or left empty when every row names its own).`,
  csvUnreadable: (reason: string) => `The CSV could not be read: ${reason}`,
  csvMissingColumns: (columns: string[]) => `The CSV header is missing the column${columns.length > 1 ? 's' : ''}: ${columns.join(', ')}.`,
  csvNoRows: 'The CSV has a header row but no questions.',
  csvTooManyRows: 'A CSV can hold at most 2000 questions.',
  csvRejected: (bad: number) => `${bad} row${bad === 1 ? ' has' : 's have'} errors; nothing was imported.`,
  csvRow: (row: number, reason: string) => `Row ${row}: ${reason}`,
  csvImported: (counts: { questions: number; sections: number; types: number; created: number; updated: number }) =>
    `Imported ${plural(counts.questions, 'question')} in ${plural(counts.sections, 'section')} of ${plural(counts.types, 'questionnaire')}: ` +
    `${counts.created} new, ${counts.updated} updated, ${counts.questions - counts.created - counts.updated} unchanged.`,
  // Model failures (the coach's words).
  aiTimeout: 'The AI coach took too long to answer. Please try again.',
  aiUnavailable: 'The AI coach is not available right now. Please try again later.',
  aiMalformed: 'The AI coach gave an answer that could not be used. Please try again.',
  aiRateLimited: 'Too many AI requests. Please wait a minute and try again.',
  // The page's texts (docs/coaching.md#messages).
  promptRequired: 'Please enter a prompt',
  selectCsv: 'Please select a CSV file',
  suggestionNeedsBoth: 'Please provide both file name and folder name',
  weekPromptRequired: 'Please provide context for the action plan.',
  reflectingOn: (question: string) => `I'm ready to start reflecting on: ${question}`,
  chatError: 'Sorry, there was an error.',
  onboardingChatError: 'Sorry, I encountered an error. Please try again.',
  onboardingChatErrorWith: (error: string) => `Sorry, I encountered an error: ${error}`,
  conversationLoadError: 'Error loading conversation. Please try again.',
  errorLoadingData: (error?: string) => `Error loading data: ${error || 'Unknown error'}`,
  errorLoadingDataRetry: 'Error loading data. Please try again.',
  errorWith: (error: string) => `Error: ${error}`,
  errorSubmittingPlan: 'Error submitting plan. Please try again.',
  errorLoadingSections: 'Error loading sections...',
  errorDeleting: 'Error deleting section/question...',
  errorSaving: (errors: string) => `Error saving section/question: ${errors}`,
  errorGeneratingPlan: 'Error generating plan...',
  errorLoadingArchived: 'Error loading archived plans.',
  noArchivedPlans: 'No archived plans yet.',
  csvSuccess: (message: string) => `✓ ${message}`,
  csvError: (error: string) => `✗ Error: ${error}`,
  csvFailed: '✗ Upload failed. Please try again.',
} as const;

/** Field bounds (every text, number and list is bounded; see COACHING_MESSAGES for the wording). */
export const COACHING_LIMITS = {
  prompt: 20_000,
  message: 10_000,
  content: 100_000,
  summary: 20_000,
  title: 200,
  description: 2000,
  questionText: 2000,
  questionPrompt: 5000,
  position: 10_000,
  /** Messages a summary request may carry, and the length of each. */
  messages: 200,
  messageContent: 20_000,
  csvRows: 2000,
  csvBytes: 1024 * 1024,
  /** Past periods (with the asked one) whose scores each question carries. */
  recentPeriods: 8,
} as const;

/** The coaching page's delays and sizes (docs/coaching.md#limits-and-delays). */
export const COACHING_TIMING = {
  periodStepDebounceMs: 150,
  editorAutosaveMs: 800,
  chatTextareaMaxHeightPx: 120,
  typingScrollDelayMs: 50,
} as const;

export const DEFAULT_TAB = 'start-of-day-checkin';
export const COACHING_FOLDER = 'coaching';

const OPENER_PREFIX = COACHING_MESSAGES.reflectingOn('');

/**
 * Whether a user message of a question chat is an answer: the automatic first message (docs/coaching.md#question-chat)
 * only names the question, so it is never scored, listed or counted as answered.
 */
export function isAnswerMessage(message: { role: string; content: string }): boolean {
  return message.role === 'user' && message.content.trim() !== '' && !message.content.trimStart().startsWith(OPENER_PREFIX);
}

/** Score colours (docs/coaching.md#question-chat): under 40 red, 40-69 yellow, 70 and above green. */
export function scoreColour(score: number): 'red' | 'yellow' | 'green' {
  return score < 40 ? 'red' : score < 70 ? 'yellow' : 'green';
}

/**
 * The virtual coaching file of a question and period (docs/coaching.md#keeping-an-answer-in-a-file): the title lowercased, only
 * alphanumerics, hyphens and spaces kept, cut to 48 characters, spaces as underscores, then
 * `_{period key}.md`, in the folder `coaching`.
 */
export function coachingFileName(questionTitle: string, periodKey: string): string {
  const stem = questionTitle
    .toLowerCase()
    .replace(/[^a-z0-9\- ]/g, '')
    .slice(0, 48)
    .replace(/ /g, '_');
  return `${stem}_${periodKey}.md`;
}
