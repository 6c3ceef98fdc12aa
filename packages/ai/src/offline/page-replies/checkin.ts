/**
 * A check-in question's chat: the question and how to coach it, what the user answered for the
 * period before, and their notes on this question, which Update notes from chat fills (shown as
 * a change to review before it is saved). No file, no journal entry.
 */
import { formatDayInWords } from '@cc/contracts/dates';
import { parsePeriod, periodLabel, stepPeriod, type PeriodKind } from '@cc/contracts/periods';
import { sectionsFor, type GuideSection } from '../../career-folders';
import { endSentence } from '../../text';
import type { ChatPage } from '../../types';
import { questionTopic } from '../facts';
import { readFile } from '../file-reading';
import { quoteOf } from '../reflect';
import { promptQuestions } from './coaching-prompt';
import { ABOUT_THE_TEXT, CLOSING, filledBy, readingOf } from './file';
import { asking, linesOf, sentenceCase, type Chat, type PageCoach } from './page-coach';
import { mayOffer, OFFER, updateOffer, updateRequestReply } from './updates';

type CheckinPage = Extract<ChatPage, { kind: 'checkin' }>;

const LAST: Record<PeriodKind, string> = {
  day: 'Yesterday',
  week: 'Last week',
  month: 'Last month',
  quarter: 'Last quarter',
  semester: 'Last half-year',
};

/** "Last week", or the period itself when the answer is from longer ago. */
function whenSaid(periodKey: string, previousKey: string): string {
  const current = parsePeriod(periodKey);
  const previous = parsePeriod(previousKey);
  if (current && previous && stepPeriod(periodKey, -1) === previousKey) return LAST[current.kind];
  if (previous?.kind === 'day') return `On ${formatDayInWords(previousKey, periodKey)}`;
  return previous ? `For ${periodLabel(previousKey)}` : 'Last time';
}

/** 'Last week you said: "…"': the weightiest sentence of the previous period's answer (notes or a chat message). */
function previousLine(page: CheckinPage): string | undefined {
  // Notes are markdown: their headings are no sentences, their list items are.
  const quote = page.previous ? quoteOf(linesOf(page.previous.answer).map(endSentence).join(' ')) : undefined;
  return quote && page.previous ? `${whenSaid(page.periodKey, page.previous.periodKey)} you said: "${quote}"` : undefined;
}

const SPANS: Record<PeriodKind, [string, string]> = {
  day: ['today', 'that day'],
  week: ['this week', 'that week'],
  month: ['this month', 'that month'],
  quarter: ['this quarter', 'that quarter'],
  semester: ['these six months', 'those six months'],
};

/** "this week", or "that week" for a period gone by. */
function spanOf(periodKey: string, today: string): string {
  const period = parsePeriod(periodKey);
  if (!period) return 'this period';
  const [current, past] = SPANS[period.kind];
  return period.last < today ? past : current;
}

/**
 * The prompt's questions on the headings they are about ("For any missed one…" fills What was
 * hard, not What went well), the rest on the first heading still free; asked first, in the
 * prompt's order, then the guide's other questions.
 */
function promptSections(guide: GuideSection[], questions: string[]): GuideSection[] {
  const placed = new Map<GuideSection, string>();
  for (const question of questions) {
    const topic = questionTopic(question, guide);
    const section = topic && !placed.has(topic) ? topic : guide.find((s) => !placed.has(s));
    if (section) placed.set(section, question);
  }
  const sections = asking(guide, (s) => placed.get(s));
  const order = [...placed.keys()].map((s) => guide.indexOf(s));
  return [...order.map((i) => sections[i]!), ...sections.filter((_, i) => !order.includes(i))];
}

/** Messages about the notes or the last answer. */
const ABOUT_THE_NOTES = new RegExp(`${ABOUT_THE_TEXT.source}|\\bwhat did I (say|write|answer)\\b`, 'i');

export function checkinCoach(chat: Chat, page: CheckinPage): PageCoach {
  const { input } = chat;
  // The questionnaire's prompt is the coach's brief: what it says to ask is asked first, in its order.
  const asked = promptQuestions(page.prompt);
  // Without one, after last period's answer, what changed since is the first thing that happened.
  if (!asked.length && page.previous) asked.push('What has changed since then?');
  const sections = promptSections(sectionsFor('coaching'), asked);
  const reading = readFile('coaching', input.fileName, input.fileContent, sections, { kind: 'notes' });
  const notes = readingOf(chat, reading, { text: sentenceCase(chat.subject), plural: chat.words.plural });
  const before = previousLine(page);
  return {
    sections,
    filled: filledBy(input.fileContent, sections, reading),
    read: (covered) => {
      const read = notes(covered);
      const line = [before, read.line].filter(Boolean).join(' ');
      return { ...read, ...(line ? { line, key: before ?? read.key } : {}) };
    },
    aboutThePage: ABOUT_THE_NOTES,
    closing: CLOSING,
    namesHeadings: true,
    offer: (facts) => (facts.length && mayOffer(chat) ? updateOffer(chat, sections, facts, { short: chat.said(OFFER) }) : undefined),
    updateReply: (facts, line) => updateRequestReply(chat, sections, facts, line),
    ...(page.question || page.questionTitle ? { topic: page.question || page.questionTitle } : {}),
    ...(page.questionTitle ? { title: page.questionTitle } : {}),
    concrete: `What is one specific moment from ${spanOf(page.periodKey, chat.today)} that stands out, and what was your part in it?`,
    answersAnyQuestion: true,
  };
}
