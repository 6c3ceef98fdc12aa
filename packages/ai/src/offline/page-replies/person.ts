/**
 * A person's chat: it reads their profile (never asking what it already says), their meetings
 * and the follow-ups still open, and talks; it changes nothing and has no button (Ask only).
 */
import { sectionsFor, type GuideSection } from '../../career-folders';
import { firstName } from '../../chat-pages';
import type { ChatPage } from '../../types';
import { asking, counted, linesOf, quoted, quotedList, sentenceCase, type Chat, type PageCoach } from './page-coach';
import { answeredByProfile, aroundToday, field, identityOf, meetingName } from './people-facts';

type PersonPage = Extract<ChatPage, { kind: 'person' }>;

const ABOUT_THE_PERSON =
  /\b(who is|tell me about|what do (you|we|i) know|profile|follow-?ups?|last (meeting|time)|next meeting|meetings?|still open)\b/i;

/**
 * Profile fields worth bringing to a conversation, the first written one is said, under the
 * label the person's page shows it by (@cc/contracts/people-rules): a line without its field
 * does not say whether it is her priority or her pet peeve.
 */
const PROFILE_NOTES: [names: string[], label: string, noun: string][] = [
  [['current priorities'], 'Current priorities', 'current priorities'],
  [['decisions', 'how they make decisions'], 'How they make decisions', 'way of deciding'],
  [['communication', 'how they like to communicate'], 'How they like to communicate', 'way of communicating'],
  [['concerns', 'concerns and pet peeves'], 'Concerns and pet peeves', 'concerns'],
  [['feedback', 'how they give and take feedback'], 'How they give and take feedback', 'way with feedback'],
];

/** The first profile note written, with its label and how a sentence names it. */
function profileNote(person: Chat['input']['person']): { label: string; noun: string; value: string } | undefined {
  for (const [names, label, noun] of PROFILE_NOTES) {
    const value = field(person, ...names);
    if (value) return { label, noun, value };
  }
  return undefined;
}

/** Words that carry a subject ("reliability", "hiring"): five letters or more, not "about" or "would". */
const COMMON = new Set(
  'about after again their there these those which while would could should think where being other wants needs thing things really maybe never always every little great'.split(
    ' ',
  ),
);
const subjectWords = (text: string): Set<string> =>
  new Set((text.toLowerCase().match(/[a-z]{5,}/g) ?? []).filter((w) => !COMMON.has(w)).map((w) => w.replace(/s$/, '')));

/** "That speaks to Ada's current priorities.": the user's message meets the profile line read out, said once. */
function meetsTheProfile(chat: Chat, who: string, note: ReturnType<typeof profileNote>): string | undefined {
  if (!note) return undefined;
  const line = `That speaks to ${who}'s ${note.noun}.`;
  const said = subjectWords(chat.message);
  const shared = [...subjectWords(note.value)].some((w) => said.has(w));
  return shared && !chat.said(line) ? line : undefined;
}

/** "What do you want to know from Sam first?": a question about what the user wants from the next conversation. */
const ABOUT_NEXT_TALK =
  /\b(?:next (?:conversation|meeting|1:1)|take away|want to (?:know|ask|get|raise)|(?:want|like|hope)\b[^?]*\bfrom (?:him|her|them|[A-Z]\w+))\b[^?]*\?/;

/** The user just answered what they want from the next conversation (not with a question or a request of their own). */
function answeredNextTalk(chat: Chat): boolean {
  const asked = chat.history.filter((m) => m.role === 'assistant').at(-1)?.content ?? '';
  const message = chat.message.trim();
  return (
    ABOUT_NEXT_TALK.test(asked) &&
    !message.endsWith('?') &&
    !/^(?:(?:first|now|then|also|so)[,\s]+)?(?:please\s+)?(?:remind|tell|show|help|can you|could you)\b/i.test(message)
  );
}

const CONTACT = 'would you like to get out of';

/** The first line of a meeting's tab, without its list marker. */
const firstLine = (text: string | undefined): string | undefined => linesOf(text)[0];

/** What the page knows, in two to four sentences. */
function personLine(chat: Chat, page: PersonPage, who: string): string | undefined {
  const person = chat.input.person;
  const { last, next } = aroundToday(page.meetings, chat.today);
  const identity = identityOf(who, person);
  const open = page.openFollowups.map((f) => f.trim()).filter(Boolean);
  const lines: string[] = [];
  let lastSaid = false;
  if (open.length) {
    // Said of the last meeting only when they are its own follow-ups.
    const fromLast = last && open.every((f) => (last.sections.followups ?? '').includes(f));
    lastSaid = Boolean(fromLast);
    const source = fromLast ? `your last meeting, ${meetingName(last, chat.today)},` : 'your meetings';
    const left = `${source} left ${counted(open.length, 'follow-up')} open: ${quotedList(open)}.`;
    lines.push(identity ? `${identity}, and ${left}` : sentenceCase(left));
  } else if (identity) lines.push(`${identity}.`);
  // One line of the profile that matters in a conversation with them.
  const note = profileNote(person);
  if (note) lines.push(`${who}'s profile, under ${note.label}: ${quoted(note.value, 140)}.`);
  if (last && !lastSaid) {
    const said = firstLine(last.sections.notes) ?? firstLine(last.sections.goals);
    lines.push(
      said
        ? `Your last meeting, ${meetingName(last, chat.today)}, ${last.sections.notes?.trim() ? 'noted' : 'had the goal'}: ${quoted(said, 140)}.`
        : `Your last meeting was ${meetingName(last, chat.today)}.`,
    );
  }
  if (next) {
    const goal = firstLine(next.sections.goals);
    lines.push(`Your next meeting is ${meetingName(next, chat.today)}${goal ? `, with the goal: ${quoted(goal, 140)}` : ''}.`);
  }
  return lines.length ? lines.join(' ') : undefined;
}

export function personCoach(chat: Chat, page: PersonPage): PageCoach {
  const person = chat.input.person;
  const name = firstName(person?.fullName);
  const who = sentenceCase(chat.subject);
  const { next } = aroundToday(page.meetings, chat.today);
  const nextGoal = firstLine(next?.sections.goals);
  // The guide asks about "them"; with a name, the question names them. A next meeting with a
  // goal (read out above) already says what the user wants from it: the question builds on it.
  const sections = asking(sectionsFor('', { person: true }), (s) =>
    s.heading === 'Next conversation' && nextGoal
      ? `What could get in the way of that goal, and how would you handle it with ${name || 'them'}?`
      : name
        ? s.question.replace(/\bthem\b/, name).replace(/^What do they\b/, `What does ${name}`)
        : undefined,
  );
  const nextConversation = sections.find((s) => s.heading === 'Next conversation');
  const background = sections.find((s) => s.heading === 'Background');
  // Asked what they want from the next conversation, and answered: the coach moves on, never asks it again.
  const nextAnswered = answeredNextTalk(chat);
  const filled = [...answeredByProfile(person, sections), ...(nextAnswered && nextConversation ? [nextConversation] : [])];
  // Only a name: nothing to read out, so how they know them and what they want from the contact come first.
  const unknown = !filled.length && !page.meetings.length && !page.openFollowups.length;
  // Asked once: after that, the guide's questions take over.
  const unknownQuestion = (covered: Set<GuideSection>) =>
    chat.said(CONTACT)
      ? undefined
      : background && covered.has(background)
        ? `What ${CONTACT} this contact with ${name || 'them'}?`
        : `How do you know ${name || 'them'}, and what ${CONTACT} the contact?`;
  // Open follow-ups or a meeting ahead make the next conversation what matters now.
  const pressing = page.openFollowups.length > 0 || Boolean(next);
  const line = personLine(chat, page, who);
  return {
    sections,
    filled,
    read: (covered: Set<GuideSection>) => ({
      ...(line ? { line, key: line.slice(0, 40) } : {}),
      ...(pressing && nextConversation && !covered.has(nextConversation) ? { question: nextConversation.question } : {}),
      ...(unknown && unknownQuestion(covered) ? { question: unknownQuestion(covered) } : {}),
    }),
    aboutThePage: ABOUT_THE_PERSON,
    closing: `What is the one thing you want ${name || 'them'} to hear from you next time?`,
    namesHeadings: false,
    // Not an offer of a button (the page has none): the user's words meeting what the profile says matter to them.
    offer: () => meetsTheProfile(chat, who, profileNote(person)),
    updateReply: () =>
      `This chat doesn't change ${name ? `${name}'s` : "this person's"} profile: what you want to keep goes into the fields on this page, which save as you type.`,
  };
}
