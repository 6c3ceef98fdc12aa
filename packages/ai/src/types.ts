import type { z } from 'zod';
import type { SearchKind } from '@cc/contracts/search';

export type ChatRole = 'system' | 'user' | 'assistant';
export interface ChatMessage {
  role: ChatRole;
  content: string;
}

/** What every call accepts: cancellation and a time budget for the whole call. */
export interface CallOptions {
  signal?: AbortSignal;
  /** Overrides the provider's default budget (retries included). */
  timeoutMs?: number;
}

export interface ChatRequest extends CallOptions {
  messages: ChatMessage[];
  system?: string;
  temperature?: number;
  maxTokens?: number;
}

export interface StructuredRequest<S extends z.ZodType> extends ChatRequest {
  schema: S;
  /** Names the answer in the format instruction, e.g. "folder_suggestions". */
  name?: string;
  /**
   * The offline coach has no model to ask for free-form JSON; a caller that wants its custom
   * structured call to work offline supplies the deterministic answer here.
   */
  offline?: () => z.input<S>;
}

/** Text deltas as they arrive; `text` holds everything received so far. */
export interface ChatStream extends AsyncIterable<string> {
  readonly text: string;
  /** Drains what is left and resolves with the whole answer. */
  final(): Promise<string>;
}

export type ProviderKind = 'offline' | 'openai-compatible';
export interface AiProviderInfo {
  provider: ProviderKind;
  model: string;
}

/** The raw capabilities; services normally call the task helpers instead. */
export interface AiCapabilities {
  info(): AiProviderInfo;
  chat(req: ChatRequest): Promise<string>;
  chatStream(req: ChatRequest): ChatStream;
  structured<S extends z.ZodType>(req: StructuredRequest<S>): Promise<z.output<S>>;
}

// ---- task inputs and answers ----

export type ChatMode = 'ask' | 'agent';

export interface PersonContext {
  fullName: string;
  /** Profile fields by name (e.g. role, company, notes). */
  profile?: Record<string, string>;
}

/**
 * Which page a chat is on (docs/ai.md#chat-pages). Each has its own nouns, actions and buttons,
 * and hands the coach what it knows: the coach names only those, and uses them.
 */
export type ChatPageKind = 'file' | 'journal' | 'planning' | 'checkin' | 'person' | 'meeting';

export interface PlanningTodoFact {
  title: string;
  /** YYYY-MM-DD */
  due_date?: string | null;
  description?: string;
  tags?: string[];
}
export interface PlanningMilestoneFact {
  title: string;
  /** YYYY-MM-DD */
  target_date?: string | null;
  milestone_type?: string;
}
/** A week of the action plan as the timeline stores it (markdown lists). */
export interface PlanningWeekFact {
  /** YYYY-Www */
  period_key: string;
  actions: string;
  outcomes: string;
}

/** A meeting as the coach reads it: its title, date and the sections written so far. */
export interface MeetingFact {
  title: string;
  /** ISO date or datetime */
  date?: string;
  sections: Partial<Record<MeetingSectionName, string>>;
  /** Names of the attendees. */
  attendees?: string[];
}

export type ChatPage =
  /** A workspace file on the dashboard: the input's folder, fileName and fileContent. */
  | { kind: 'file' }
  /** A dated journal entry (its text is the input's fileContent). */
  | { kind: 'journal'; date: string }
  /** The planning page: open todos, milestones and this week of the action plan. */
  | {
      kind: 'planning';
      /** The tab the user asks from (all_todos, milestones_view, ...). */
      tab?: string;
      todos: PlanningTodoFact[];
      milestones: PlanningMilestoneFact[];
      week?: PlanningWeekFact;
    }
  /** A check-in question of a period; its notes are the input's fileContent. */
  | {
      kind: 'checkin';
      questionTitle: string;
      question: string;
      /** How to coach it (the questionnaire's prompt). */
      prompt?: string;
      /** YYYY-MM-DD, YYYY-Www, YYYY-MM, YYYY-Qn or YYYY-Hn */
      periodKey: string;
      /** What the user answered for the previous period, if anything. */
      previous?: { periodKey: string; answer: string };
    }
  /** A person's page: their profile is the input's `person`; their meetings and open follow-ups here. */
  | { kind: 'person'; meetings: MeetingFact[]; openFollowups: string[] }
  /** A meeting being prepared: the meeting, its attendees' profiles, and the last meeting with them. */
  | { kind: 'meeting'; meeting: MeetingFact; attendees: PersonContext[]; lastMeeting?: MeetingFact };

export interface ChatReplyInput extends CallOptions {
  mode: ChatMode;
  folder: string;
  fileName: string;
  fileContent: string;
  /** Earlier messages, oldest first, without the new one. */
  history: ChatMessage[];
  message: string;
  person?: PersonContext;
  /** Extra context the service has (a questionnaire question, a planning summary...). */
  context?: string;
  /** The page the chat is on and what it knows; without it, derived from the folder (chatPageOf). */
  page?: ChatPage;
  /** "Today" for relative dates in planning actions; defaults to the clock. */
  today?: string;
  /**
   * Passages of the user's other notes that may bear on the message (docs/search.md#answers-that-cite-your-notes),
   * numbered from 1: quoted material, never instructions. A reply cites one as `[n]` only where it uses it.
   */
  passages?: ChatPassage[];
}

/** A passage of the user's own notes a chat reply may cite as `[n]` (the service kit's `Passage`). */
export interface ChatPassage {
  n: number;
  kind: SearchKind;
  /** The object's id as text: a row's number, a journal day (YYYY-MM-DD), a week (YYYY-Www). */
  id: string;
  title: string;
  url: string;
  /** Plain text around the best match (at most 240 characters, maybe cut mid-sentence). */
  snippet: string;
  updated_at: string;
}

export interface SuggestEditsInput extends CallOptions {
  folder: string;
  fileName: string;
  fileContent: string;
  history: ChatMessage[];
  /** Messages the user picked; when given, only they are merged. */
  selectedMessages?: ChatMessage[];
  /** The user's update instruction, if any. */
  message?: string;
}

export interface Suggestion {
  name: string;
  description: string;
}

export interface SuggestFoldersInput extends CallOptions {
  count: number;
  rejected: string[];
  existing: string[];
  /** Edited prompts from the prompt editor; defaults come from folderSuggestionPrompt. */
  system?: string;
  user?: string;
}

export interface SuggestFilesInput extends CallOptions {
  folder: string;
  folderDescription?: string;
  count: number;
  rejected: string[];
  existing: string[];
  system?: string;
  user?: string;
}

/** Another file of the folder a draft is written in: what the workspace already holds. */
export interface RelatedFile {
  name: string;
  description?: string;
  /** The opening of its content (the caller bounds it). */
  excerpt?: string;
}

export interface DraftFileInput extends CallOptions {
  folder: string;
  name: string;
  description?: string;
  /** The user's description of the folder. */
  folderDescription?: string;
  /** A few other files of the folder, so the draft builds on them. */
  related?: RelatedFile[];
  system?: string;
  user?: string;
}

export interface SummarizeInput extends CallOptions {
  content: string;
  fileName?: string;
}

export interface ScoreInput extends CallOptions {
  question: string;
  answer: string;
  history: ChatMessage[];
}
export interface ScoreResult {
  /** 0-100; null when the conversation holds no answer yet (only an answer is scored). */
  score: number | null;
  /** Why the score is what it is; empty with no score. */
  feedback: string;
}

export interface WeekPlanInput extends CallOptions {
  prompt: string;
  /** ISO week, YYYY-Www */
  periodKey: string;
  /** YYYY-MM-DD, the user's today: a plan never schedules a day before it. Defaults to the clock. */
  today?: string;
}
/** Markdown lists, as the timeline stores them. */
export interface WeekPlan {
  outcomes: string;
  actions: string;
}

export interface CoachingPlanInput extends CallOptions {
  prompt: string;
}

export interface ProfileDetails {
  full_name?: string;
  company?: string;
  company_description?: string;
  role?: string;
  extra?: string;
}
export interface Statement {
  text: string;
  source: string;
}

/** One piece of the user's own record a profile is written from; `label` is its source line. */
export interface ProfileEvidence {
  label: string;
  kind: 'file' | 'journal' | 'checkin' | 'milestone' | 'todo';
  text: string;
}

export interface ProfileStatementsInput extends CallOptions {
  details: ProfileDetails;
  system?: string;
  user?: string;
  /** The user's files, journal entries, check-in answers, milestones and completed todos. */
  evidence?: ProfileEvidence[];
  /** Deep research: what a web search found (with its numbered citations). */
  research?: string;
  /**
   * Asks for the answer as a stream and is told the text written so far after each piece: a
   * deep research's model call takes minutes, and this is how its progress is known.
   */
  onText?: (writtenSoFar: string) => void;
}
export interface ProfileStatementsResult {
  markdown: string;
  statements: Statement[];
}

export interface CompanyStatementsInput extends CallOptions {
  details: ProfileDetails;
}

export interface NarrativeInput extends CallOptions {
  details: ProfileDetails;
  statements?: Statement[];
  companyStatements?: Statement[];
}

export type MeetingSectionName = 'goals' | 'agenda' | 'anticipating' | 'notes' | 'followups' | 'reflection';
export interface MeetingSectionInput extends CallOptions {
  section: MeetingSectionName;
  title: string;
  meetingDate?: string;
  attendees: string[];
  /** The attendees' profiles (same order as `attendees`), when the service has them. */
  people?: PersonContext[];
  content: Partial<Record<MeetingSectionName, string>>;
}

/** Capabilities by task: each has a real prompt for a model and a rule-based offline answer. */
export interface AiTasks {
  chatReply(input: ChatReplyInput): Promise<string>;
  chatReplyStream(input: ChatReplyInput): ChatStream;
  /** Returns the whole new file content; the caller diffs it. */
  suggestEdits(input: SuggestEditsInput): Promise<string>;
  suggestFolders(input: SuggestFoldersInput): Promise<Suggestion[]>;
  suggestFiles(input: SuggestFilesInput): Promise<Suggestion[]>;
  draftFile(input: DraftFileInput): Promise<string>;
  /** Empty content gives an empty summary. */
  summarize(input: SummarizeInput): Promise<string>;
  score(input: ScoreInput): Promise<ScoreResult>;
  weekPlan(input: WeekPlanInput): Promise<WeekPlan>;
  coachingPlan(input: CoachingPlanInput): Promise<string>;
  profileStatements(input: ProfileStatementsInput): Promise<ProfileStatementsResult>;
  companyStatements(input: CompanyStatementsInput): Promise<Statement[]>;
  narrative(input: NarrativeInput): Promise<string>;
  meetingSection(input: MeetingSectionInput): Promise<string>;
}

export interface AiProvider extends AiCapabilities, AiTasks {}
