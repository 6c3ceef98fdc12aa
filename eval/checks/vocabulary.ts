/**
 * Words an answer may use that its input need not hold: the calendar's names, the product's own
 * nouns and buttons, and the career guides' headings and questions (packages/ai/src/guides, the
 * coach's own words). Everything else capitalised, every number and every date must come from
 * the scenario (the "invents nothing" check).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stringsIn } from './text';

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
export const WEEKDAYS_SHORT = ['mon', 'tue', 'tues', 'wed', 'thu', 'thur', 'thurs', 'fri', 'sat', 'sun'];
export const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
export const MONTHS_SHORT = ['jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec'];

/** The product's nouns and buttons, and words any coach may capitalise. Lower case. */
const PRODUCT = [
  // pages, modes and buttons
  'ai',
  'about',
  'me',
  'agent',
  'ask',
  'mode',
  'update',
  'file',
  'journal',
  'planning',
  'check-in',
  'check',
  'in',
  'coaching',
  'people',
  'dashboard',
  'notes',
  'manual',
  'entries',
  'summary',
  'regenerate',
  'save',
  'basic',
  'profile',
  'your',
  'meeting',
  'meetings',
  'research',
  'since',
  'you',
  'last',
  'spoke',
  'outcomes',
  'actions',
  'week',
  'todos',
  'milestones',
  'carry',
  'over',
  'references',
  'information',
  'from',
  'details',
  'professional',
  'executive',
  'statements',
  'company',
  'preparation',
  'questions',
  'goals',
  'agenda',
  'anticipating',
  'follow-ups',
  'followups',
  'reflection',
  // tabs and buttons of the pages (docs/*.md)
  'edit',
  'tab',
  'generate',
  'review',
  'brag',
  'document',
  'deep',
  'accept',
  'reject',
  'all',
  'archived',
  'plans',
  'plan',
  'upload',
  'csv',
  'suggested',
  'folders',
  'history',
  'working',
  'style',
  'search',
  'again',
  'send',
  'previous',
  'day',
  'earlier',
  'later',
  'restore',
  'upcoming',
  'done',
  'milestone',
  'todo',
  // interview stories
  'star',
  'situation',
  'task',
  'action',
  'result',
  // the calendar's relative words
  'today',
  'tomorrow',
  'yesterday',
  'this',
  'next',
  'q1',
  'q2',
  'q3',
  'q4',
  'h1',
  'h2',
  'undated',
  // pronouns and words a sentence may capitalise after a colon or a dash
  'i',
  "i'll",
  "i'm",
  "i've",
  "i'd",
  'ok',
];

const GUIDES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../packages/ai/src/guides');

const guides = (): unknown[] =>
  readdirSync(GUIDES)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(path.join(GUIDES, f), 'utf8')) as unknown);

/** Every word of the career guides: the headings and questions the coach asks by design. */
const guideWords = (): string[] =>
  guides()
    .flatMap(stringsIn)
    .flatMap((s) => s.toLowerCase().match(/[\p{L}][\p{L}'’-]*/gu) ?? []);

/** The guides' headings and their aliases: the coach names a file's headings in quotes. */
function guideHeadings(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(guideHeadings);
  if (!value || typeof value !== 'object') return [];
  const row = value as Record<string, unknown>;
  const own = [row.heading, ...(Array.isArray(row.aliases) ? row.aliases : [])].filter((h): h is string => typeof h === 'string');
  return [...own, ...Object.values(row).flatMap(guideHeadings)];
}

let cached: Set<string> | undefined;
/** The words every answer may use, lower case. */
export function productVocabulary(): Set<string> {
  cached ??= new Set([...WEEKDAYS, ...WEEKDAYS_SHORT, ...MONTHS, ...MONTHS_SHORT, ...PRODUCT, ...guideWords()]);
  return cached;
}

/** Numbers that are names, not facts: "1:1", a STAR "2-minute" story is words. */
export const KNOWN_NUMBERS = new Set(['1:1', '1-1']);

let quotableCache: Set<string> | undefined;
/** Phrases the coach may put in quotes that are not the user's words: what to say to it, a heading. Lower case. */
export function quotable(): Set<string> {
  quotableCache ??= new Set(['update the file', 'update file', ...guideHeadings(guides()).map((h) => h.toLowerCase())]);
  return quotableCache;
}
