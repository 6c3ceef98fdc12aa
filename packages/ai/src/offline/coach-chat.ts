/**
 * The offline coach's chat: reflect what the user said, then ask the one question that fills
 * the next empty heading of the file (in interview stories, the next STAR phase). In agent
 * mode, once there is something worth keeping, it offers to put it into the file.
 */
import { isGenericGuide, sectionsFor, type GuideSection } from '../career-folders';
import { isInterviewStories, starFromMessages, STAR_HEADINGS, STAR_PHASES } from '../star';
import { collapse, normalizeForCompare, truncate, words } from '../text';
import type { ChatMessage, ChatReplyInput } from '../types';
import { answersElsewhere, askedSection, factsFrom, REFLECTION_OPENER, UPDATE_REQUEST } from './facts';
import { planningActionReply } from './planning-chat';
import { isSmallTalk, reflect, SMALL_TALK_ONLY, SPECIFICS_PRAISE } from './reflect';

/** Spec: the file chat needs 3 messages before an update; interview stories need 6. */
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

const headingList = (names: string[]): string =>
  names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;

const OFFER = "I can add what you've shared to";

function updateOffer(input: ChatReplyInput, sections: GuideSection[], conversation: ChatMessage[], { short = false } = {}): string {
  // Once offered, a reminder is enough: the full offer every turn would drown the question.
  if (short) return `(I can update ${input.fileName} whenever you like.)`;
  const facts = factsFrom(conversation, sections, { keywordsFirst: isInterviewStories(input.folder) });
  const targets = [
    ...sections.filter((s) => facts.some((f) => f.section === s)).map((s) => s.heading),
    ...(facts.some((f) => !f.section) ? ['notes'] : []),
  ];
  const where = targets.length ? ` under ${headingList(targets.slice(0, 5))}` : '';
  return `${OFFER} ${input.fileName}${where}. Say "update the file" or press Update file, and you can review the changes before they are saved.`;
}

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

  const covered = coveredSections(input, sections, conversation);
  const question = nextQuestion(sections, covered, input);

  if (REFLECTION_OPENER.test(message)) {
    const topic = message.replace(REFLECTION_OPENER, '').trim() || input.context || 'this question';
    return `Let's reflect on "${truncate(topic, 160)}". ${question}`;
  }

  if (UPDATE_REQUEST.test(message) && words(message).length < 16) {
    if (input.mode === 'ask') {
      return `I'm in Ask mode, so I won't change files. Switch to Agent mode and I can update ${input.fileName} with what you've shared.`;
    }
    const facts = factsFrom(conversation, sections, factOptions);
    if (!facts.length) return `Happy to, once there is something to add. ${question}`;
    return updateOffer(input, sections, conversation);
  }

  const parts: string[] = [];
  // Praise numbers once; every turn it would sound canned.
  const praiseNumbers = !history.some((m) => m.role === 'assistant' && m.content.includes(SPECIFICS_PRAISE));
  const reflection = reflect(message, turn, { praiseNumbers });
  if (reflection) parts.push(reflection);
  else if (message.endsWith('?')) parts.push("That's a good question to think through together, and you know your situation best.");
  else if (isSmallTalk(message)) parts.push(turn === 0 ? "Let's get started." : "Let's keep going.");

  const minimum = isStory ? MIN_MESSAGES_FOR_STORY_UPDATE : MIN_MESSAGES_FOR_UPDATE;
  // Counting the reply itself, as the dashboard does.
  const enough = conversation.length + 1 >= minimum || (isStory && covered.size >= STAR_PHASES.length);
  if (input.mode === 'agent' && !input.person && enough && factsFrom(conversation, sections, factOptions).length) {
    const offeredBefore = history.some((m) => m.role === 'assistant' && m.content.includes(OFFER));
    parts.push(updateOffer(input, sections, conversation, { short: offeredBefore }));
  }
  parts.push(question);
  return parts.join(' ');
}
