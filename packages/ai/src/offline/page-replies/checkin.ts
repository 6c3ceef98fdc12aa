/**
 * A check-in question's chat: the question and how to coach it, what the user answered for the
 * period before, and their notes on this question, which Update notes from chat fills (shown as
 * a change to review before it is saved). No file, no journal entry.
 */
import { formatDayLong } from '@cc/contracts/dates';
import { parsePeriod, periodLabel, stepPeriod, type PeriodKind } from '@cc/contracts/periods';
import { sectionsFor } from '../../career-folders';
import { endSentence, sentences } from '../../text';
import type { ChatPage } from '../../types';
import { readFile } from '../file-reading';
import { quoteOf } from '../reflect';
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
  if (previous?.kind === 'day') return `On ${formatDayLong(previousKey)}`;
  return previous ? `For ${periodLabel(previousKey)}` : 'Last time';
}

/** 'Last week you said: "…"': the weightiest sentence of the previous period's answer (notes or a chat message). */
function previousLine(page: CheckinPage): string | undefined {
  // Notes are markdown: their headings are no sentences, their list items are.
  const quote = page.previous ? quoteOf(linesOf(page.previous.answer).map(endSentence).join(' ')) : undefined;
  return quote && page.previous ? `${whenSaid(page.periodKey, page.previous.periodKey)} you said: "${quote}"` : undefined;
}

/** A question to the user, not an instruction to the coach that happens to end in "?" ("Ask what …?"). */
const QUESTION = /^(what|how|why|when|which|who|where|is|are|do|does|did|can|could|would|will)\b[^?]*\?$/i;

/** Messages about the notes or the last answer. */
const ABOUT_THE_NOTES = new RegExp(`${ABOUT_THE_TEXT.source}|\\bwhat did I (say|write|answer)\\b`, 'i');

export function checkinCoach(chat: Chat, page: CheckinPage): PageCoach {
  const { input } = chat;
  // The questionnaire's prompt is the coach's brief; a question in it is the first one to ask.
  const promptQuestion = sentences(page.prompt ?? '').find((s) => QUESTION.test(s.trim()));
  const guide = sectionsFor('coaching');
  // Else, after last period's answer, what changed since is the first thing that happened.
  const first = promptQuestion?.trim() ?? (page.previous ? 'What has changed since then?' : undefined);
  const sections = asking(guide, (s) => (s === guide[0] ? first : undefined));
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
  };
}
