import type { Expect } from '../scenario';

/** Which page an answer is shown on: it decides the nouns and buttons it may name (page-words.ts). */
export type PageName = 'file' | 'document' | 'journal' | 'planning' | 'checkin' | 'person' | 'meeting' | 'about-me';

/** What the checks read of an answer (each task says how its answer reads: eval/tasks.ts). */
export interface Reading {
  /** What the user reads, as markdown (a reply, a file, a plan's lines, a list's descriptions). */
  text: string;
  /** The whole answer where `text` is only part of it (an updated file: `text` is what it adds); `expect` reads this. */
  whole?: string;
  /** The answer's list (suggestions, plan lines, steps, statements) for minItems / maxItems. */
  items?: string[];
  /** Days the answer schedules, YYYY-MM-DD (a step's due date, an action's date). */
  scheduled?: string[];
  /** The sources the answer cites (a statement's source, a citation's title). */
  cited?: string[];
  /** How many [n] markers the answer may use (its list of citations). */
  citationCount?: number;
  /** What the answer creates by a name taken from the message (the todo a planning reply adds): saying it is no echo. */
  named?: string[];
  score?: number | null;
  action?: 'create_todo' | 'create_workback_plan' | 'none';
  actionDate?: string;
}

/** One case's answer and everything a check needs to judge it. */
export interface Subject {
  page: PageName;
  reading: Reading;
  /** The call's input as the case gives it (today added where the task takes one). */
  input: Record<string, unknown>;
  /** The day the case happens on, YYYY-MM-DD. */
  today: string;
  /** The task's dates are computed from today (plans): their day numbers need not be in the input. */
  datesFromToday: boolean;
  /** Everything the input says in words (the user's text and what the page knows); not file names or modes. */
  given: string[];
  /** The last thing the user typed (a message, a prompt), for the parrot check. */
  lastMessage?: string;
  /** The sources the input offers, for tasks that cite. */
  sources?: string[];
  expect: Expect;
}

/** A rule: the problems it finds in an answer, each one line (none: it passes). */
export type Check = (subject: Subject) => string[];
