/** The prompts of the people domain: the About me profile (statements, company insights, narrative) and meeting preparation. */
import { MEETING_SECTION_TITLES } from '@cc/contracts/people-rules';
import { COACH_VOICE, listOrNone, type Prompt } from './prompt-parts';
import { titleFrom } from './text';
import type { CallOptions, MeetingSectionInput, MeetingSectionName, ProfileDetails, ProfileEvidence, Statement } from './types';

export function profileStatementsPrompt(details: ProfileDetails, evidence: ProfileEvidence[] = [], research?: string): Prompt {
  const sources = evidence.map((e) => `Source: ${e.label}\n${e.text.trim()}`);
  return {
    system: [
      'You write a professional profile in markdown from the details a user gave about themselves and from their own notes.',
      'Group short factual statements (one per bullet) under lines of the form "Information from <source>:", where <source> is "profile details" or exactly one of the "Source:" labels given, so every statement can be traced to its evidence.',
      'A line inside a note (such as its own "Information from ...:" line) is part of that note, not a source: statements from it go under the note\'s "Source:" label. Never name any other source.',
      'Every statement is in one voice, the first person, as the user would say it ("I lead the platform team.", "I work as a Staff Engineer at Acme."), including facts found under the user\'s name in web research. Leave out what a note says about other people.',
      'Do not invent facts. End with a "References" line followed by the sources used.',
    ].join('\n'),
    user: [
      describeDetails(details),
      ...(sources.length ? [`My own notes:\n\n${sources.join('\n\n')}`] : []),
      ...(research?.trim() ? [`Web research (cite it as "Information from web research:"):\n${research.trim()}`] : []),
    ].join('\n\n'),
  };
}

export function companyStatementsPrompt(details: ProfileDetails): Prompt {
  return {
    system:
      'You write short factual statements about the companies a professional works for, from what they told you. Each statement has a text and the company name as its source. Do not invent facts.',
    user: describeDetails(details),
  };
}

export function narrativePrompt(details: ProfileDetails, statements: Statement[], companyStatements: Statement[]): Prompt {
  // The facts only: a statement's source (a note's name) is for the review, not for the summary to repeat.
  const list = (items: Statement[]) => items.map((s) => `- ${s.text}`).join('\n') || '(none)';
  return {
    system: [
      "You write the executive summary on a professional's About me page: one or two short paragraphs in the first person, as they would introduce themselves, confident and factual.",
      'Say who they are once (the name, role and company), then synthesise the statements into what they are known for and what they focus on now; do not list the statements one by one.',
      'Vary how sentences begin (not every sentence starts with "I"). Use only the facts given: no invented numbers, names or dates. No headings or bullets.',
    ].join('\n'),
    user: `${describeDetails(details)}\n\nStatements:\n${list(statements)}\n\nAbout the company:\n${list(companyStatements)}`,
  };
}

/** What each meeting section is for, so a model writes the section the user opened. */
const SECTION_PURPOSE: Record<MeetingSectionInput['section'], string> = {
  goals: 'what the user wants to leave the meeting with, each a concrete outcome.',
  agenda: 'the topics in the order to take them, from an opening to a close with decisions and owners.',
  anticipating:
    'the questions, objections and concerns the attendees are likely to raise, each as a question the user can prepare an answer to.',
  notes: 'what to listen for and write down during the meeting, topic by topic.',
  followups: 'the actions after the meeting, each a task box ("- [ ] ") with who does it.',
  reflection: 'questions to answer after the meeting: did it reach its goals, what was learned, what to do differently.',
};

export function meetingSectionPrompt({
  section,
  title,
  meetingDate,
  attendees,
  people = [],
  content,
}: Omit<MeetingSectionInput, keyof CallOptions>): Prompt {
  const profiles = people
    .filter((p) => Object.keys(p.profile ?? {}).length)
    .map((p) => [`${p.fullName}:`, ...Object.entries(p.profile!).map(([k, v]) => `- ${k}: ${v}`)].join('\n'));
  const filled = Object.entries(content)
    .filter(([, v]) => v?.trim())
    .map(([k, v]) => `${MEETING_SECTION_TITLES[k as MeetingSectionName] ?? titleFrom(k)}:\n${v}`)
    .join('\n\n');
  return {
    system: [
      COACH_VOICE,
      `You help the user prepare a meeting. Write its "${MEETING_SECTION_TITLES[section]}" section as a short markdown list: ${SECTION_PURPOSE[section]}`,
      "Build on the attendees' profiles (their role, priorities, concerns, how they decide) and on the meeting's other sections, naming the attendees by their first names.",
      'Keep what the user already wrote in that section and add to it. Use only the facts given: no invented names, numbers or dates, no placeholders such as [name], no file names.',
      'Answer with the section text only.',
    ].join('\n'),
    user: [
      `Meeting: ${title || 'Untitled meeting'}${meetingDate ? ` on ${meetingDate}` : ''}`,
      `Attendees: ${listOrNone(attendees)}`,
      ...(profiles.length ? [`What the user knows about them:\n${profiles.join('\n\n')}`] : []),
      filled ? `What is written so far:\n${filled}` : 'Nothing is written yet.',
    ].join('\n\n'),
  };
}

export function describeDetails(details: ProfileDetails): string {
  const rows: [string, string | undefined][] = [
    ['Name', details.full_name],
    ['Role', details.role],
    ['Company', details.company],
    ['Company description', details.company_description],
    ['More about me', details.extra],
  ];
  return (
    rows
      .filter(([, v]) => v?.trim())
      .map(([k, v]) => `${k}: ${v!.trim()}`)
      .join('\n') || '(no details given)'
  );
}
