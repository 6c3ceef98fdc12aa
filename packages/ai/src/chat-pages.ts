/**
 * The page a chat is on and the words the coach uses there (docs/ai.md#chat-pages): what it calls
 * the thing the chat is about, the button that writes the chat into it (when the page has one)
 * and what that button really does, and the other pages' words it never says. The offline coach
 * and the model's prompt both speak from here, so a reply promises only what its page does; the
 * UI and the eval can read the same table.
 */
import { formatDayInWords } from '@cc/contracts/dates';
import { isIsoDate, isPeriodKey } from '@cc/contracts/periods';
import { MEETING_SECTIONS, MEETING_SECTION_TITLES } from '@cc/contracts/people-rules';
import type { ChatPage, ChatPageKind, ChatReplyInput, MeetingFact, MeetingSectionName } from './types';

/** What chatPageOf reads of a chat's input. */
export type ChatPageInput = Pick<ChatReplyInput, 'folder' | 'fileName' | 'page' | 'person' | 'context'> &
  Partial<Pick<ChatReplyInput, 'fileContent' | 'today'>>;

/** What a page's subject is made of: the file's name, the journal's day, the person's first name. */
export interface SubjectOf {
  fileName?: string;
  /** YYYY-MM-DD */
  date?: string;
  name?: string;
  /** YYYY-MM-DD: a day of another year is said with its year. */
  today?: string;
}

export interface PageWords {
  /** How a reply names what the chat is about: "your notes on this question", "Ada". */
  subject: (of: SubjectOf) => string;
  /** The subject takes a plural verb ("your notes … have"). */
  plural: boolean;
  /** The button beside the chat that writes the conversation into the page, if the page has one. */
  updateButton?: string;
  /** Words typed in the chat that do what the button does. */
  updateCommand?: string;
  /** The button shows the change (a diff) to accept or reject before anything is saved. */
  reviewsChanges: boolean;
  /** The page lets the user switch the chat between Ask and Agent. */
  modes: boolean;
  /** What the user can ask the coach to do here besides talking, as the coach offers it. */
  actions?: string;
  /** Other pages' nouns and buttons: a reply on this page never says them. */
  foreign: RegExp[];
}

const FILE_NAME = /\b[\w-]+\.md\b/i;
const UPDATE_FILE = /\bUpdate file\b/i;
const UPDATE_NOTES = /\bUpdate notes from chat\b/i;
const JOURNAL_ENTRY = /\bjournal entr(y|ies)\b/i;
const FILE_WORD = /\bfiles?\b/i;
const MEETING_PREP = /\bmeeting-prep\b/i;

/** Pages with no file at all: nothing of the dashboard's or the check-in's. */
const NO_FILES = [FILE_NAME, FILE_WORD, UPDATE_FILE, UPDATE_NOTES, JOURNAL_ENTRY];

export const PAGE_WORDS: Record<ChatPageKind, PageWords> = {
  file: {
    subject: ({ fileName }) => fileName?.trim() || 'this file',
    plural: false,
    updateButton: 'Update file',
    updateCommand: 'update the file',
    reviewsChanges: true,
    modes: true,
    foreign: [UPDATE_NOTES],
  },
  journal: {
    subject: ({ date, today }) => (date && isIsoDate(date) ? `your entry for ${formatDayInWords(date, today)}` : 'your entry'),
    plural: false,
    // The journal's coach reads the entry and never changes what the user wrote.
    reviewsChanges: false,
    modes: false,
    foreign: [FILE_NAME, UPDATE_FILE, UPDATE_NOTES],
  },
  checkin: {
    subject: () => 'your notes on this question',
    plural: true,
    updateButton: 'Update notes from chat',
    reviewsChanges: true,
    modes: false,
    foreign: [FILE_NAME, UPDATE_FILE, JOURNAL_ENTRY],
  },
  planning: {
    subject: () => 'your todos and milestones',
    plural: true,
    reviewsChanges: false,
    modes: false,
    actions: 'ask me to add a todo or plan backwards from a goal',
    foreign: NO_FILES,
  },
  person: {
    subject: ({ name }) => name?.trim() || 'this person',
    plural: false,
    reviewsChanges: false,
    modes: false,
    foreign: NO_FILES,
  },
  meeting: {
    subject: () => "this meeting's preparation",
    plural: false,
    reviewsChanges: false,
    modes: false,
    foreign: [...NO_FILES, MEETING_PREP],
  },
};

/** The words of other pages a reply on a page of `kind` says (empty when it speaks its page's language). */
export function foreignWordsIn(kind: ChatPageKind, text: string): string[] {
  return PAGE_WORDS[kind].foreign.flatMap((pattern) => text.match(pattern)?.[0] ?? []);
}

export const firstName = (fullName: string | undefined): string => fullName?.trim().split(/\s+/)[0] ?? '';

/** The words of the page a chat is on: its subject and its buttons. */
export function pageWordsFor(input: ChatPageInput): {
  page: ChatPage;
  words: PageWords;
  subject: string;
} {
  const page = chatPageOf(input);
  const words = PAGE_WORDS[page.kind];
  const subject = words.subject({
    fileName: input.fileName,
    ...(page.kind === 'journal' ? { date: page.date } : {}),
    name: firstName(input.person?.fullName),
    ...(input.today ? { today: input.today } : {}),
  });
  return { page, words, subject };
}

/** The page a chat is on: the one the service says, else the one its folder stands for. */
export function chatPageOf(input: ChatPageInput): ChatPage {
  if (input.page) return input.page;
  const folder = input.folder.trim().toLowerCase();
  if (folder === 'planning') return { kind: 'planning', tab: stem(input.fileName), todos: [], milestones: [] };
  if (folder === 'meetings') {
    const meeting = meetingFromText(input.fileContent ?? '');
    return { kind: 'meeting', meeting, attendees: (meeting.attendees ?? []).map((fullName) => ({ fullName })) };
  }
  if (folder === 'journal') return { kind: 'journal', date: stem(input.fileName) };
  if (folder === 'coaching') return checkinFrom(input.fileName, input.context);
  if (input.person) return { kind: 'person', meetings: [], openFollowups: [] };
  return { kind: 'file' };
}

const stem = (fileName: string) => fileName.trim().replace(/\.md$/i, '');

/**
 * A check-in told only by its file name (`{title}_{period key}.md`, @cc/contracts/coaching-rules)
 * and the context svc-coaching writes ("Coaching question: …", "How to coach it: …").
 */
function checkinFrom(fileName: string, context = ''): ChatPage {
  const name = stem(fileName);
  const at = name.lastIndexOf('_');
  const tail = at >= 0 ? name.slice(at + 1) : '';
  const periodKey = isPeriodKey(tail) ? tail : '';
  const title = (periodKey ? name.slice(0, at) : name).replace(/_/g, ' ').trim();
  const line = (label: string) => new RegExp(`^${label}:\\s*(.+)$`, 'im').exec(context)?.[1]?.trim();
  const question = line('Coaching question') ?? '';
  const prompt = line('How to coach it');
  return {
    kind: 'checkin',
    questionTitle: title ? title[0]!.toUpperCase() + title.slice(1) : '',
    question,
    periodKey,
    ...(prompt ? { prompt } : {}),
  };
}

const SECTION_BY_NAME = new Map<string, MeetingSectionName>(
  MEETING_SECTIONS.flatMap((s) => [
    [s, s],
    [MEETING_SECTION_TITLES[s].toLowerCase(), s],
  ]),
);

/**
 * A meeting as the meeting chat sends it (its title as `# `, `Date:`, `Attendees:`, then a `## `
 * heading per section written so far), for a chat whose service did not say the page.
 */
export function meetingFromText(text: string): MeetingFact {
  const meeting: MeetingFact = { title: '', sections: {} };
  let section: MeetingSectionName | undefined;
  const lines: Partial<Record<MeetingSectionName, string[]>> = {};
  for (const line of text.split('\n')) {
    const title = /^#\s+(.+)$/.exec(line);
    const heading = /^#{2,6}\s+(.+)$/.exec(line);
    if (heading) {
      section = SECTION_BY_NAME.get(heading[1]!.trim().toLowerCase());
      continue;
    }
    if (title && !meeting.title) {
      meeting.title = title[1]!.trim();
      continue;
    }
    if (!section) {
      const date = /^Date:\s*(.+)$/i.exec(line);
      const attendees = /^Attendees:\s*(.+)$/i.exec(line);
      if (date) meeting.date = date[1]!.trim().replace(' ', 'T');
      if (attendees)
        meeting.attendees = attendees[1]!
          .split(',')
          .map((a) => a.trim())
          .filter(Boolean);
      continue;
    }
    (lines[section] ??= []).push(line);
  }
  for (const [key, body] of Object.entries(lines) as [MeetingSectionName, string[]][]) {
    const value = body.join('\n').trim();
    if (value) meeting.sections[key] = value;
  }
  return meeting;
}
