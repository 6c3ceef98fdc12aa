/**
 * Each page names only its own nouns and buttons (issue 20): the planning, person, meeting and
 * check-in chats have no files and no "Update file"; a check-in is no journal entry; a document
 * (a draft, an updated file) holds no chat talk. A word the page's own input holds (a todo
 * called "File the expenses") is the user's, not the coach's, and passes. Developer words pass
 * nowhere.
 */
import type { Check, PageName } from './types';

interface Foreign {
  pattern: RegExp;
  what: string;
}

const FILE_WORDS: Foreign[] = [
  { pattern: /\b[\w-]+\.md\b/i, what: 'a file name' },
  { pattern: /\bUpdate file\b/i, what: 'the dashboard\'s "Update file" button' },
  { pattern: /\bfiles?\b/i, what: 'the word "file"' },
];
const JOURNAL_ENTRY: Foreign = { pattern: /\bjournal entry\b/i, what: '"journal entry"' };
const CHAT_TALK: Foreign[] = [
  { pattern: /\bUpdate file\b/i, what: 'a button name' },
  { pattern: /\b(?:Agent|Ask) mode\b/i, what: 'a chat mode' },
  { pattern: /\b(?:press|click) (?:the )?[A-Z]/, what: 'an instruction to press a button' },
  { pattern: /\bas an AI\b|\bI(?:'m| am) an AI\b/i, what: 'the coach talking about itself' },
];

export const FOREIGN_WORDS: Record<PageName, Foreign[]> = {
  file: [JOURNAL_ENTRY],
  document: CHAT_TALK,
  // The journal is Ask mode only, with no update flow (docs/journal.md#coach).
  journal: [
    { pattern: /\bUpdate file\b/i, what: 'the dashboard\'s "Update file" button' },
    { pattern: /\bAgent mode\b/i, what: 'Agent mode (the journal has none)' },
    { pattern: /\b[\w-]+\.md\b/i, what: 'a file name' },
  ],
  planning: [...FILE_WORDS, JOURNAL_ENTRY],
  checkin: [...FILE_WORDS, { pattern: /\bjournal(?: entry)?\b/i, what: '"journal"' }],
  person: [...FILE_WORDS, JOURNAL_ENTRY],
  meeting: [...FILE_WORDS, JOURNAL_ENTRY],
  'about-me': [
    { pattern: /\bUpdate file\b/i, what: 'a button name' },
    { pattern: /\b(?:Agent|Ask) mode\b/i, what: 'a chat mode' },
  ],
};

/** Words no user should read: environment variables, data formats, placeholders. */
const DEVELOPER_WORDS: Foreign[] = [
  { pattern: /\b[A-Z][A-Z0-9]*_[A-Z0-9_]*[A-Z0-9]\b/, what: 'an environment variable' },
  { pattern: /\bJSON\b/i, what: '"JSON"' },
  { pattern: /\bAPI\b/, what: '"API"' },
  { pattern: /\b(?:null|undefined|NaN)\b|\[object Object\]/, what: 'a programming value' },
  { pattern: /\bTODO\b|\bFIXME\b/, what: 'a TODO marker' },
  { pattern: /\blorem\b/i, what: 'lorem ipsum' },
  // [1] is a citation, [ ] and [x] are task boxes, [text](url) a link.
  { pattern: /\[(?![ xX]\]|\d+\])[^\]\n]+\](?!\()/, what: 'a [placeholder]' },
  { pattern: /\{[^}\n]*\}/, what: 'a {placeholder}' },
  { pattern: /<[a-z][^<>\n]{0,40}>/i, what: 'an <placeholder>' },
];

const occurs = (pattern: RegExp, texts: string[]) => texts.some((t) => pattern.test(t));

function found(list: Foreign[], text: string, given: string[]): string[] {
  return list.filter((f) => f.pattern.test(text) && !occurs(f.pattern, given)).map((f) => `says ${f.what}: "${text.match(f.pattern)![0]}"`);
}

export const pageWords: Check = ({ page, reading, given }) =>
  found(FOREIGN_WORDS[page], reading.text, given).map((p) => `${p}, which the ${page} page does not have`);

export const developerWords: Check = ({ reading, given }) => found(DEVELOPER_WORDS, reading.text, given);
