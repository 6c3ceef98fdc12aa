/**
 * The offline coach's chat: acknowledge what the user said (a quote, or the heading it fills),
 * say what the page holds and what it still lacks, then ask the one question that fills the
 * first gap (in interview stories, the next STAR phase). Each page (a dashboard file, a journal
 * day, a check-in question, the planning page, a person, a meeting) reads its own facts and
 * names only its own things and buttons (page-replies/, docs/ai.md#chat-pages); this module is
 * the one way a reply is put together from them.
 */
import type { GuideSection } from '../career-folders';
import { isInterviewStories, starFromMessages, STAR_HEADINGS, STAR_PHASES } from '@cc/contracts/star';
import { isGenericGuide } from '../career-folders';
import { truncate, words } from '../text';
import type { ChatReplyInput } from '../types';
import {
  answersElsewhere,
  askedSection,
  factsFrom,
  isInstruction,
  isIntent,
  REFLECTION_OPENER,
  takeUpIntent,
  UPDATE_REQUEST,
} from './facts';
import { planningActionReply } from './planning-chat';
import { answerQuestion, directQuestion } from './questions';
import { acknowledge, isSmallTalk, isVague, MAX_QUOTE_WORDS, SMALL_TALK_ONLY, SPECIFICS_PRAISE } from './reflect';
import { checkinCoach } from './page-replies/checkin';
import { citationFor } from './page-replies/citation';
import { fileCoach, journalCoach } from './page-replies/file';
import { meetingCoach } from './page-replies/meeting';
import { chatOf, type Chat, type PageCoach } from './page-replies/page-coach';
import { personCoach } from './page-replies/person';
import { planningCoach } from './page-replies/planning';

/** Sections the conversation or the page already covers. */
function coveredSections(chat: Chat, coach: PageCoach): Set<GuideSection> {
  const { sections } = coach;
  const { conversation } = chat;
  const covered = new Set(coach.filled);
  const isStory = isInterviewStories(chat.input.folder) && chat.page.kind === 'file';
  const starSections = new Set(STAR_PHASES.map((p) => STAR_HEADINGS[p]));
  const facts = factsFrom(conversation, sections, { keywordsFirst: Boolean(coach.keywordsFirst) });
  // In a folder we know nothing about, whatever the user said is what the file is about.
  if (isGenericGuide(sections) && facts.length) covered.add(sections[0]!);
  for (const fact of facts) {
    // One sentence can answer several headings ("I want X because Y" gives the goal and the why).
    const touched = [fact.section, ...sections.filter((s) => s.keywords.test(fact.text))];
    for (const section of touched) {
      // A story's phases count only in order (below), not from a stray keyword.
      if (section && !(isStory && starSections.has(section.heading))) covered.add(section);
    }
  }
  conversation.forEach((m, i) => {
    // A short answer ("Acme, in 2021") still answers the question that was asked; "It was fine." does not.
    if (m.role !== 'user' || m.content.trim().endsWith('?') || words(m.content).length < 2 || SMALL_TALK_ONLY.test(m.content)) return;
    if (isInstruction(m.content) || isVague(m.content)) return;
    const before = conversation[i - 1]?.role === 'assistant' ? conversation[i - 1]!.content : undefined;
    const asked =
      askedSection(before, sections, { byTopic: coach.answersAnyQuestion }) ??
      (coach.answersAnyQuestion && before?.trim().endsWith('?') ? sections.find((s) => !covered.has(s)) : undefined);
    // An answer plainly about another heading (actions when asked for the task) leaves the asked one open.
    if (asked && !answersElsewhere(m.content, asked, sections, isStory)) covered.add(asked);
  });
  if (isStory) {
    // The story is told in order: a phase counts once the ones before it are there.
    const star = starFromMessages(conversation, { roles: ['user'] });
    for (const phase of STAR_PHASES) {
      const section = sections.find((s) => s.heading === STAR_HEADINGS[phase]);
      if (star[phase] && section) covered.add(section);
    }
  }
  return covered;
}

function coachFor(chat: Chat): PageCoach {
  switch (chat.page.kind) {
    case 'journal':
      return journalCoach(chat, chat.page);
    case 'checkin':
      return checkinCoach(chat, chat.page);
    case 'planning':
      return planningCoach(chat, chat.page);
    case 'person':
      return personCoach(chat, chat.page);
    case 'meeting':
      return meetingCoach(chat, chat.page);
    case 'file':
      return fileCoach(chat);
  }
}

/**
 * A message that asks the coach something ("what is missing?", "review my notes"): only then do
 * a page's words in it ("review", "last meeting") ask for the page to be read out. "…before the
 * review" in an answer is an answer.
 */
const REQUEST =
  /^(?:please|can|could|would|will|tell|show|give|help|review|look|check|read|remind|what|what's|how|which|who|where|when|why|is|are|do|does|did|any)\b/i;
const isRequest = (message: string): boolean => message.trim().endsWith('?') || REQUEST.test(message.trim());

/** Asked after the page's closing question, once each: the closing answered and asked again is a coach not listening. */
const AFTER_CLOSING = [
  'Is there anything else on your mind, or is this a good place to stop for now?',
  'What else would you like to think through?',
];

/**
 * The closing question, or once it has been asked (and answered), the next of AFTER_CLOSING not
 * said yet. A heading's question may come again (the user skipped it: a story's task before its
 * actions); the closing never does.
 */
function closingOf(chat: Chat, closing: string): string {
  return [closing, ...AFTER_CLOSING].find((q) => !chat.said(q)) ?? AFTER_CLOSING.at(-1)!;
}

function lastTurnFills(chat: Chat, coach: PageCoach, heading: string): boolean {
  const options = { keywordsFirst: Boolean(coach.keywordsFirst), answersAnyQuestion: Boolean(coach.answersAnyQuestion) };
  return factsFrom(chat.conversation.slice(-2), coach.sections, options).some((f) => f.section?.heading === heading);
}

export function offlineChatReply(input: ChatReplyInput): string {
  const chat = chatOf(input);
  const { message, conversation, history, turn, said } = chat;

  // The planning page's actions (a todo, a workback plan) come first when asked for.
  if (chat.page.kind === 'planning' && input.mode === 'agent') {
    const action = planningActionReply(message, chat.today, chat.page);
    if (action) return action;
  }

  const coach = coachFor(chat);
  const factOptions = { keywordsFirst: Boolean(coach.keywordsFirst), answersAnyQuestion: Boolean(coach.answersAnyQuestion) };
  const facts = () => factsFrom(conversation, coach.sections, factOptions);
  const covered = coveredSections(chat, coach);
  const reading = coach.read(covered);
  const vague = isVague(message);
  const open = coach.sections.filter((s) => !covered.has(s));
  // A check-in's question the user just went past ("What went well?" answered with a next step)
  // is not asked again word for word at once: the next one (or the closing) is, and it comes back after.
  const lastAsked =
    history
      .filter((m) => m.role === 'assistant')
      .at(-1)
      ?.content.trim() ?? '';
  // Right after a setback ("my 1:1 went badly"), "What went well?" is tone-deaf: what comes of it is asked first.
  // Asked what was hard ("For any missed one…?"), the answer is no surprise and the wins come next.
  const setback =
    coach.answersAnyQuestion &&
    askedSection(lastAsked, coach.sections, { byTopic: true })?.heading !== 'What was hard' &&
    lastTurnFills(chat, coach, 'What was hard');
  const askable = coach.answersAnyQuestion ? open.filter((s) => !lastAsked.endsWith(s.question)) : open;
  const next = (setback ? askable.filter((s) => s.heading !== 'What went well') : askable)[0] ?? askable[0];
  const question = (vague ? coach.concrete : undefined) ?? reading.question ?? next?.question ?? closingOf(chat, coach.closing);
  const asksAboutThePage = coach.aboutThePage.test(message) && isRequest(message);
  // Read out once, and again whenever the user asks about the page: every turn it would drown the question.
  const showReading = reading.line && (!reading.key || !said(reading.key) || asksAboutThePage) ? reading.line : undefined;

  if (REFLECTION_OPENER.test(message)) {
    const topic = truncate(message.replace(REFLECTION_OPENER, '').trim() || coach.topic || input.context || 'this question', 160);
    // The question is on the page above the chat: quoted back whole only while short, or it is the user's message again.
    const long = words(topic).length > MAX_QUOTE_WORDS;
    const quote = long ? (coach.title ? `"${coach.title.replace(/"/g, "'")}"` : 'this question') : `"${topic.replace(/"/g, "'")}"`;
    // A quoted question ends the sentence itself: 'Let's reflect on "What…?"', no full stop after it.
    const opener = `Let's reflect on ${quote}${/[.!?…]"?$/.test(quote) ? '' : '.'}`;
    return [opener, showReading, question].filter(Boolean).join(' ');
  }

  if (UPDATE_REQUEST.test(message) && words(message).length < 16) {
    // The reply that offers the update cites a passage as every other reply does (its question
    // in place of the page's); the offer itself, like the file it leads to, quotes no note.
    const cited = citationFor(message, input.passages, { today: chat.today, subject: subjectOf(chat), verb: 'you wrote', said });
    return [coach.updateReply(facts(), reading.line), ...(cited ? [cited.sentence, cited.question] : [question])].filter(Boolean).join(' ');
  }

  const parts: string[] = [];
  // Praise numbers once; every turn it would sound canned.
  const praiseNumbers = !said(SPECIFICS_PRAISE);
  const answered = coach.namesHeadings
    ? factsFrom(conversation.slice(-2), coach.sections, factOptions)
        .map((f) => f.section?.heading)
        .filter((h): h is string => Boolean(h))
    : [];
  // What the chat is for ("I want to prepare a story about…") is no line to quote back, nor is
  // a request to read the page out ("Tell me about Ada"): the reading answers it.
  const asksAboutPage = Boolean(showReading) && asksAboutThePage;
  // The page's offer names the headings it would write under: "Noted under …" before it says it twice.
  const offer = vague ? undefined : coach.offer(facts(), covered);
  // A direct question is answered first, in the coach's words; the page's facts follow as its evidence.
  const asked = vague ? undefined : directQuestion(message);
  const answer = asked
    ? answerQuestion(asked, { subject: firstNameOf(chat), page: chat.page.kind, readingAnswers: Boolean(showReading) && asksAboutThePage })
    : undefined;
  const acknowledgement =
    isIntent(message) || asksAboutPage || vague || asked
      ? undefined
      : acknowledge(message, turn, offer ? [] : [...new Set(answered)], { praiseNumbers, people: peopleOf(chat) });
  if (vague) parts.push("Let's make that concrete.");
  else if (answer) {
    if (isIntent(message)) {
      const intent = takeUpIntent(message);
      if (intent) parts.push(intent);
    }
    parts.push(answer);
  } else if (acknowledgement) parts.push(acknowledgement);
  else if (isIntent(message)) parts.push(takeUpIntent(message) ?? (turn === 0 ? "Let's get started." : "Let's keep going."));
  else if (isSmallTalk(message) && !asked) parts.push(turn === 0 ? "Let's get started." : "Let's keep going.");
  if (showReading) parts.push(showReading);
  if (offer) parts.push(offer);
  // A passage of the user's other notes about what they just said: quoted with its [n], and its
  // question asked instead of the page's (which waits for the next turn: one question a reply).
  const citation = vague
    ? undefined
    : citationFor(message, input.passages, {
        today: chat.today,
        subject: subjectOf(chat),
        verb: 'you wrote',
        said,
      });
  if (citation) parts.push(citation.sentence, citation.question);
  else parts.push(question);
  return parts.join(' ');
}

/** The first names of the people the page is about: a person, a meeting's attendees. */
function peopleOf(chat: Chat): string[] {
  const people = chat.page.kind === 'meeting' ? chat.page.attendees : chat.input.person ? [chat.input.person] : [];
  return people.map((p) => p.fullName.trim().split(/\s+/)[0] ?? '').filter(Boolean);
}

/** Whom a question is about, when the page is about one person. */
function firstNameOf(chat: Chat): string | undefined {
  const people = peopleOf(chat);
  return people.length === 1 ? people[0] : undefined;
}

/** What the chat is about besides the message: the person's name, the meeting's title. */
function subjectOf(chat: Chat): string | undefined {
  if (chat.page.kind === 'person') return chat.input.person?.fullName;
  if (chat.page.kind === 'meeting') return chat.page.meeting.title;
  return undefined;
}
