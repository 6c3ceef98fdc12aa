/**
 * A meeting's chat: it reads the meeting's tabs (Goals, Agenda, Anticipating before it; Notes,
 * Follow-ups, Reflection after), who attends (their profiles) and what the last meeting with
 * them left open, and asks for the first empty tab by its name. It writes into no tab (Ask only):
 * each tab has its own "Suggest … with AI".
 */
import { MEETING_SECTIONS, MEETING_SECTION_TITLES, type MeetingSection } from '@cc/contracts/people-rules';
import { sectionsFor, type GuideSection } from '../../career-folders';
import { firstName } from '../../chat-pages';
import type { ChatPage } from '../../types';
import { askedSection } from '../facts';
import { listOf } from '../reflect';
import { sentences } from '../../text';
import { asking, counted, linesOf, quoted, quotedList, sentenceCase, type Chat, type PageCoach } from './page-coach';
import { dayOf, identityOf, meetingName } from './people-facts';

type MeetingPage = Extract<ChatPage, { kind: 'meeting' }>;

const BEFORE: MeetingSection[] = ['goals', 'agenda', 'anticipating'];
const AFTER: MeetingSection[] = ['notes', 'followups', 'reflection'];

const ABOUT_THE_MEETING =
  /\b(missing|review|look at|check|gaps?|ready|prepared|preparation|what do you think|last (meeting|time)|follow-?ups?|who is|attendees?)\b/i;

const tabOf = (s: GuideSection): MeetingSection | undefined => MEETING_SECTIONS.find((k) => MEETING_SECTION_TITLES[k] === s.heading);
const lowerFirst = (s: string) => (s ? s[0]!.toLowerCase() + s.slice(1) : s);

/** Who attends, by first name: from their profiles, else the meeting's list. */
const namesOf = (page: MeetingPage): string[] =>
  (page.attendees.length ? page.attendees.map((p) => p.fullName) : (page.meeting.attendees ?? [])).map(firstName).filter(Boolean);

/** What a note says someone will do: the follow-ups the Follow-ups tab does not hold yet. */
const COMMITMENT =
  /\b(agreed|will|I'll|we'll|she'll|he'll|they'll|promised|owe|follow up|next step|send|share|by (?:monday|tuesday|wednesday|thursday|friday|tomorrow|next week)|every (?:monday|tuesday|wednesday|thursday|friday|week))\b/i;

function followupsInNotes(notes: string | undefined): string[] {
  return linesOf(notes)
    .flatMap((line) => sentences(line))
    .filter((s) => COMMITMENT.test(s) && !s.trim().endsWith('?'));
}

function meetingLine(chat: Chat, page: MeetingPage, written: MeetingSection[], held: boolean): string {
  const subject = sentenceCase(chat.subject);
  const titles = written.map((k) => MEETING_SECTION_TITLES[k]);
  const lines = [
    !titles.length
      ? `${subject} is empty so far.`
      : titles.length === MEETING_SECTIONS.length
        ? `${subject} has every tab written.`
        : `${subject} has ${listOf(titles)} so far.`,
  ];
  // After the meeting, what its notes say someone will do is where its follow-ups come from.
  const promised = held && !written.includes('followups') ? followupsInNotes(page.meeting.sections.notes) : [];
  if (promised.length) {
    lines.push(
      promised.length === 1
        ? `Your notes hold a follow-up: ${quoted(promised[0]!, 120)}.`
        : `Your notes hold ${counted(promised.length, 'follow-up')}: ${quotedList(promised)}.`,
    );
  }
  for (const person of page.attendees.slice(0, 3)) {
    const identity = identityOf(firstName(person.fullName), person);
    if (identity) lines.push(`${identity}.`);
  }
  const last = page.lastMeeting;
  if (last) {
    const names = namesOf(page);
    const withWhom = `Your last meeting with ${names.length ? listOf(names) : 'them'}`;
    const followups = linesOf(last.sections.followups);
    lines.push(
      followups.length
        ? `${withWhom}, ${meetingName(last, chat.today)}, left ${counted(followups.length, 'follow-up')}: ${quotedList(followups)}.`
        : `${withWhom} was ${meetingName(last, chat.today)}.`,
    );
  }
  return lines.join(' ');
}

/**
 * "That belongs in the Agenda tab.": the chat writes into no tab, so an answer to the question
 * for an empty tab is told where to go, once per tab.
 */
function whereItGoes(chat: Chat, sections: GuideSection[], written: MeetingSection[], covered: Set<GuideSection>): string | undefined {
  const before = chat.history.at(-1);
  if (before?.role !== 'assistant' || chat.message.endsWith('?')) return undefined;
  const asked = askedSection(before.content, sections);
  const tab = asked && tabOf(asked);
  if (!asked || !tab || written.includes(tab) || !covered.has(asked)) return undefined;
  const line = `That belongs in the ${MEETING_SECTION_TITLES[tab]} tab.`;
  return chat.said(line) ? undefined : line;
}

export function meetingCoach(chat: Chat, page: MeetingPage): PageCoach {
  const { meeting } = page;
  const written = MEETING_SECTIONS.filter((k) => meeting.sections[k]?.trim());
  const day = dayOf(meeting);
  // Once it has happened (its day is past, or notes are being taken) the coach asks about the meeting itself.
  const held = Boolean((day && day < chat.today) || meeting.sections.notes?.trim());
  const phase = held ? AFTER : BEFORE;
  // Asked only while its tab is empty: the question says so, by the tab's name.
  const sections = asking(sectionsFor('meetings'), (s) => `The ${s.heading} tab is still empty: ${lowerFirst(s.question)}`);
  const notNow = sections.filter((s) => {
    const tab = tabOf(s);
    return !tab || written.includes(tab) || !phase.includes(tab);
  });
  const line = meetingLine(chat, page, written, held);
  const open = phase.find((k) => !written.includes(k)) ?? (held ? 'notes' : 'goals');
  const tab = MEETING_SECTION_TITLES[open];
  return {
    sections,
    filled: notNow,
    read: () => ({ line, key: line.slice(0, 40) }),
    aboutThePage: ABOUT_THE_MEETING,
    closing: held
      ? 'What is the one thing you want to remember from this meeting?'
      : 'How will you close the meeting: who does what, by when?',
    namesHeadings: false,
    offer: (_facts, covered) => whereItGoes(chat, sections, written, covered),
    updateReply: () =>
      `This chat doesn't write into the meeting's tabs: what you want to keep goes into ${tab}, where "Suggest ${tab.toLowerCase()} with AI" can also draft it.`,
  };
}
