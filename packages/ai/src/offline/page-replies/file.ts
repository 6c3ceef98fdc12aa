/**
 * Pages whose chat is about a text the user writes: a dashboard file (its own nouns, Update
 * file, Ask and Agent) and a journal day (the entry, which the coach only reads). Check-in notes
 * are read the same way (checkin.ts).
 */
import { addDays, isIsoDate } from '@cc/contracts/periods';
import { isInterviewStories, STAR_PHASES } from '@cc/contracts/star';
import { sectionsFor, type GuideSection } from '../../career-folders';
import { normalizeForCompare, words } from '../../text';
import type { ChatMessage, ChatPage } from '../../types';
import { describeReading, fileSubject, readFile, type FilePart, type FileReading, type ReadingSubject } from '../file-reading';
import { asking, sentenceCase, type Chat, type PageCoach, type Reading } from './page-coach';
import { MIN_MESSAGES_FOR_STORY_UPDATE, mayOffer, OFFER, updateOffer, updateRequestReply } from './updates';

/** The user asks the coach to look at the text ("what is missing?", "can you review my story?"). */
export const ABOUT_THE_TEXT =
  /\b(missing|review|feedback|look at|read|check|gaps?|what do you think|improve|the file|my (story|goal|plan|notes|entry|draft))\b/i;

export const CLOSING = 'Looking at all of this, what is the one thing you most want to remember or act on?';
const STORY_CLOSING =
  'Your story now has all four STAR parts. If you had to tell it in two minutes, which detail would you cut, and which would you keep at all costs?';

/** Headings of the text that already hold something other than a bracketed placeholder or a question. */
function filledHeadings(content: string, sections: GuideSection[]): GuideSection[] {
  const filled = new Set<GuideSection>();
  let current: GuideSection | undefined;
  for (const line of content.split('\n')) {
    const heading = line.match(/^#{2,6}\s+(.+)$/);
    if (heading) {
      const key = normalizeForCompare(heading[1]!);
      current = sections.find((s) => [s.heading, ...s.aliases].some((n) => key.startsWith(normalizeForCompare(n))));
      continue;
    }
    const text = line.replace(/^\s*[-*+]\s+/, '').trim();
    if (current && text && !/^\[.*\]$/.test(text) && !text.endsWith('?') && !/^_.*_$/.test(text)) filled.add(current);
  }
  return [...filled];
}

/** What a text already answers: its written headings and the parts its reading found. */
export const filledBy = (content: string, sections: GuideSection[], reading: FileReading | undefined): GuideSection[] => [
  ...filledHeadings(content, sections),
  ...(reading?.present.flatMap((p) => p.section ?? []) ?? []),
];

/** The text's gaps the conversation has not filled yet, in the order they are asked about. */
function openGaps(reading: FileReading, covered: Set<GuideSection>, conversation: ChatMessage[]): FilePart[] {
  const told = conversation.filter((m) => m.role === 'user').map((m) => m.content);
  return reading.missing.filter((p) => {
    if (p.section) return !covered.has(p.section);
    const pattern = p.pattern;
    return !told.some((t) => (pattern === 'any' ? words(t).length >= 4 : pattern.test(t)));
  });
}

/** Reads the text out ("Your story in x.md has …; it is still missing …") and asks for its first open gap. */
export const readingOf =
  (chat: Chat, reading: FileReading | undefined, subject: ReadingSubject | undefined) =>
  (covered: Set<GuideSection>): Reading => {
    if (!reading || !subject) return {};
    const gaps = openGaps(reading, covered, chat.conversation);
    // The text's own gap first: it is what the user is looking at.
    return { line: describeReading(reading, subject, gaps), key: subject.text, question: gaps[0]?.question };
  };

/** A file on the dashboard: its name, Update file (a diff to review first), Ask and Agent. */
export function fileCoach(chat: Chat): PageCoach {
  const { input } = chat;
  const isStory = isInterviewStories(input.folder);
  const sections = sectionsFor(input.folder);
  const reading = readFile(input.folder, input.fileName, input.fileContent, sections);
  return {
    sections,
    keywordsFirst: isStory,
    filled: filledBy(input.fileContent, sections, reading),
    read: readingOf(chat, reading, reading && fileSubject(reading, input.fileName, chat.today)),
    aboutThePage: ABOUT_THE_TEXT,
    closing: isStory ? STORY_CLOSING : CLOSING,
    namesHeadings: true,
    offer: (facts, covered) => {
      const minimum = isStory ? MIN_MESSAGES_FOR_STORY_UPDATE : undefined;
      const complete = isStory && covered.size >= STAR_PHASES.length;
      if (!facts.length || !mayOffer(chat, { ...(minimum ? { minimum } : {}), complete })) return undefined;
      return updateOffer(chat, sections, facts, { short: chat.said(OFFER) });
    },
    updateReply: (facts, line) => updateRequestReply(chat, sections, facts, line),
  };
}

/** A past day's entry is asked about as that day, not as today. */
const PAST_DAY: Record<string, string> = {
  Today: 'What happened that day that you want to remember?',
  Tomorrow: 'What is one thing from that day you want to carry forward?',
};

/** A past day's plan for tomorrow is what the user carries forward from it. */
function asPastDay(reading: FileReading): FileReading {
  const part = (p: FilePart): FilePart => (p.section?.heading === 'Tomorrow' ? { ...p, label: 'what you carry forward' } : p);
  return { ...reading, present: reading.present.map(part), missing: reading.missing.map(part) };
}

/** A journal day: the entry for its date, which this chat reads and never changes (Ask only). */
export function journalCoach(chat: Chat, page: Extract<ChatPage, { kind: 'journal' }>): PageCoach {
  const { input } = chat;
  // A day of slack: the service's clock may already be tomorrow for a user west of it writing tonight.
  const past = isIsoDate(page.date) && isIsoDate(chat.today) && page.date < addDays(chat.today, -1);
  const sections = asking(sectionsFor('journal'), (s) => (past ? PAST_DAY[s.heading] : undefined));
  const read = readFile('journal', input.fileName, input.fileContent, sections, { kind: 'journal' });
  const reading = past && read ? asPastDay(read) : read;
  return {
    sections,
    filled: filledBy(input.fileContent, sections, reading),
    read: readingOf(chat, reading, { text: sentenceCase(chat.subject) }),
    aboutThePage: ABOUT_THE_TEXT,
    closing: CLOSING,
    namesHeadings: false,
    offer: () => undefined,
    updateReply: () => `I only read ${chat.subject} and never change what you wrote, so what you want to keep is yours to add to it.`,
  };
}
