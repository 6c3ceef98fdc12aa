/**
 * The offline coach's chat: acknowledge what the user said (a quote, or the heading it fills),
 * say what the open file holds and what it still lacks, then ask the one question that fills
 * the first gap (in interview stories, the next STAR phase). In agent mode, once there is
 * something worth keeping, it offers to put it into the file.
 */
import { isGenericGuide, sectionsFor, type GuideSection } from '../career-folders';
import { isInterviewStories, starFromMessages, STAR_HEADINGS, STAR_PHASES } from '@cc/contracts/star';
import { collapse, normalizeForCompare, truncate, words } from '../text';
import type { ChatMessage, ChatReplyInput } from '../types';
import { answersElsewhere, askedSection, factsFrom, isInstruction, isIntent, REFLECTION_OPENER, UPDATE_REQUEST } from './facts';
import { planningActionReply } from './planning-chat';
import { describeReading, readFile, readingSubject, type FilePart, type FileReading } from './file-reading';
import { acknowledge, isSmallTalk, listOf, SMALL_TALK_ONLY, SPECIFICS_PRAISE } from './reflect';

/** The file chat needs 3 messages before an update; interview stories need 6 (docs/dashboard.md#file-chat). */
const MIN_MESSAGES_FOR_UPDATE = 3;
const MIN_MESSAGES_FOR_STORY_UPDATE = 6;

/** Headings of the file that already hold something other than a bracketed placeholder. */
function filledHeadings(fileContent: string, sections: GuideSection[]): Set<GuideSection> {
  const filled = new Set<GuideSection>();
  let current: GuideSection | undefined;
  for (const line of fileContent.split('\n')) {
    const heading = line.match(/^#{2,6}\s+(.+)$/);
    if (heading) {
      const key = normalizeForCompare(heading[1]!);
      current = sections.find((s) => [s.heading, ...s.aliases].some((n) => key.startsWith(normalizeForCompare(n))));
      continue;
    }
    const text = line.replace(/^\s*[-*+]\s+/, '').trim();
    if (current && text && !/^\[.*\]$/.test(text) && !text.endsWith('?') && !/^_.*_$/.test(text)) filled.add(current);
  }
  return filled;
}

/** Sections the conversation or the file already covers. */
function coveredSections(input: ChatReplyInput, sections: GuideSection[], conversation: ChatMessage[]): Set<GuideSection> {
  const covered = filledHeadings(input.fileContent, sections);
  const isStory = isInterviewStories(input.folder);
  const starSections = new Set(STAR_PHASES.map((p) => STAR_HEADINGS[p]));
  const facts = factsFrom(conversation, sections, { keywordsFirst: isStory });
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
    // A short answer ("Acme, in 2021") still answers the question that was asked.
    if (m.role !== 'user' || m.content.trim().endsWith('?') || words(m.content).length < 2 || SMALL_TALK_ONLY.test(m.content)) return;
    if (isInstruction(m.content)) return;
    const asked = askedSection(conversation[i - 1]?.role === 'assistant' ? conversation[i - 1]!.content : undefined, sections);
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

function nextQuestion(sections: GuideSection[], covered: Set<GuideSection>, input: ChatReplyInput): string {
  const next = sections.find((s) => !covered.has(s));
  const name = input.person?.fullName.split(/\s+/)[0];
  if (next) return name ? next.question.replace(/\bthem\b/, name) : next.question;
  if (isInterviewStories(input.folder)) {
    return 'Your story now has all four STAR parts. If you had to tell it in two minutes, which detail would you cut, and which would you keep at all costs?';
  }
  return 'Looking at all of this, what is the one thing you most want to remember or act on?';
}

const OFFER = "I can add what you've shared to";

function updateOffer(input: ChatReplyInput, sections: GuideSection[], conversation: ChatMessage[], { short = false } = {}): string {
  // Once offered, a reminder is enough: the full offer every turn would drown the question.
  const name = input.fileLabel ?? input.fileName;
  if (short) return `(I can update ${name} whenever you like.)`;
  const facts = factsFrom(conversation, sections, { keywordsFirst: isInterviewStories(input.folder) });
  const targets = [
    ...sections.filter((s) => facts.some((f) => f.section === s)).map((s) => s.heading),
    ...(facts.some((f) => !f.section) ? ['notes'] : []),
  ];
  const where = targets.length ? ` under ${listOf(targets.slice(0, 5))}` : '';
  const how = input.updateButton ? `Ask me to, or press ${input.updateButton}` : 'Say "update the file" or press Update file';
  return `${OFFER} ${name}${where}. ${how}, and you can review the changes before they are saved.`;
}

/** The file's gaps the conversation has not filled yet, in the order they are asked about. */
function openGaps(reading: FileReading, covered: Set<GuideSection>, conversation: ChatMessage[]): FilePart[] {
  const told = conversation.filter((m) => m.role === 'user').map((m) => m.content);
  return reading.missing.filter((p) => {
    if (p.section) return !covered.has(p.section);
    const pattern = p.pattern;
    return !told.some((t) => (pattern === 'any' ? words(t).length >= 4 : pattern.test(t)));
  });
}

/** The user asks the coach to look at the file ("what is missing?", "can you review my story?"). */
const ABOUT_THE_FILE =
  /\b(missing|review|feedback|look at|read|check|gaps?|what do you think|improve|the file|my (story|goal|plan|notes|entry|draft))\b/i;

export function offlineChatReply(input: ChatReplyInput): string {
  const message = collapse(input.message);
  const history = input.history.filter((m) => m.role === 'user' || m.role === 'assistant');
  const conversation: ChatMessage[] = [...history, { role: 'user', content: message }];
  const sections = sectionsFor(input.folder, { person: Boolean(input.person) });
  const isStory = isInterviewStories(input.folder);
  const factOptions = { keywordsFirst: isStory };
  const turn = history.filter((m) => m.role === 'user').length;

  if (input.mode === 'agent' && input.folder === 'planning') {
    const action = planningActionReply(message, input.today);
    if (action) return action;
  }

  const reading = input.person ? undefined : readFile(input.folder, input.fileName, input.fileContent, sections);
  const covered = coveredSections(input, sections, conversation);
  for (const part of reading?.present ?? []) if (part.section) covered.add(part.section);
  const gaps = reading ? openGaps(reading, covered, conversation) : [];
  // The file's own gap first: it is what the user is looking at.
  const question = gaps[0]?.question ?? nextQuestion(sections, covered, input);
  const said = (text: string) => history.some((m) => m.role === 'assistant' && m.content.includes(text));
  const readingLine = reading ? describeReading(reading, input.fileName, gaps) : undefined;
  // Read out once, and again whenever the user asks about the file: every turn it would drown the question.
  const showReading = reading && (!said(readingSubject(reading, input.fileName)) || ABOUT_THE_FILE.test(message)) ? readingLine : undefined;

  if (REFLECTION_OPENER.test(message)) {
    const topic = message.replace(REFLECTION_OPENER, '').trim() || input.context || 'this question';
    return [`Let's reflect on "${truncate(topic, 160).replace(/"/g, "'")}".`, showReading, question].filter(Boolean).join(' ');
  }

  if (UPDATE_REQUEST.test(message) && words(message).length < 16) {
    if (input.mode === 'ask') {
      return `I'm in Ask mode, so I won't change files. Switch to Agent mode and I can update ${input.fileLabel ?? input.fileName} with what you've shared.`;
    }
    const facts = factsFrom(conversation, sections, factOptions);
    if (facts.length) return updateOffer(input, sections, conversation);
    const nothing = reading
      ? `There is nothing new from our conversation to add to ${input.fileLabel ?? input.fileName} yet.`
      : 'There is nothing from our conversation to add yet.';
    return [nothing, readingLine, question].filter(Boolean).join(' ');
  }

  const parts: string[] = [];
  // Praise numbers once; every turn it would sound canned.
  const praiseNumbers = !said(SPECIFICS_PRAISE);
  const answered = factsFrom(conversation.slice(-2), sections, factOptions)
    .map((f) => f.section?.heading)
    .filter((h): h is string => Boolean(h));
  // What the chat is for ("I want to prepare a story about…") is no line to quote back.
  const acknowledgement = isIntent(message) ? undefined : acknowledge(message, turn, [...new Set(answered)], { praiseNumbers });
  if (acknowledgement) parts.push(acknowledgement);
  // A question about the file is answered by reading it out, below.
  else if (message.endsWith('?') && !(showReading && ABOUT_THE_FILE.test(message))) {
    parts.push("That's a good question to think through together, and you know your situation best.");
  } else if (isSmallTalk(message) || isIntent(message)) parts.push(turn === 0 ? "Let's get started." : "Let's keep going.");
  if (showReading) parts.push(showReading);

  const minimum = isStory ? MIN_MESSAGES_FOR_STORY_UPDATE : MIN_MESSAGES_FOR_UPDATE;
  // Counting the reply itself, as the dashboard does.
  const enough = conversation.length + 1 >= minimum || (isStory && covered.size >= STAR_PHASES.length);
  if (input.mode === 'agent' && !input.person && enough && factsFrom(conversation, sections, factOptions).length) {
    parts.push(updateOffer(input, sections, conversation, { short: said(OFFER) }));
  }
  parts.push(question);
  return parts.join(' ');
}
