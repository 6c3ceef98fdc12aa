/**
 * What the person and meeting chats know about people and meetings, in sentences: a profile's
 * role and company, which of the coach's questions it already answers, a meeting's day and its
 * follow-ups. Profile fields come keyed as svc-chat flattens them ("current priorities") or by
 * their labels ("Current priorities"); both are read.
 */
import { formatDayInWords } from '@cc/contracts/dates';
import { isIsoDate } from '@cc/contracts/periods';
import type { GuideSection } from '../../career-folders';
import { collapse, sentences, truncate } from '../../text';
import type { MeetingFact, PersonContext } from '../../types';

const keyOf = (k: string) => k.toLowerCase().replace(/[_-]+/g, ' ').trim();

/** The first written value among these field names (a key, or the start of a label). */
export function field(person: PersonContext | undefined, ...names: string[]): string | undefined {
  const profile = person?.profile ?? {};
  for (const name of names) {
    const key = Object.keys(profile).find((k) => keyOf(k) === name || keyOf(k).startsWith(`${name} `));
    const value = key ? collapse(profile[key] ?? '') : '';
    if (value) return value;
  }
  return undefined;
}

/** A field as a phrase inside a sentence: its first sentence, bounded, without closing punctuation. */
const phrase = (value: string | undefined, max = 80): string | undefined =>
  value ? truncate(sentences(value)[0] ?? value, max).replace(/[.!?;:,]+$/, '') : undefined;

/** "Ada is VP Engineering at Acme", from the profile alone; undefined when it says neither. */
export function identityOf(name: string, person: PersonContext | undefined): string | undefined {
  const role = phrase(field(person, 'role', 'title', 'job title'));
  const company = phrase(field(person, 'company', 'organisation', 'organization', 'employer'));
  if (role && company) return `${name} is ${role} at ${company}`;
  if (role) return `${name} is ${role}`;
  if (company) return `${name} works at ${company}`;
  return undefined;
}

/** Which profile fields answer each of the person guide's headings. */
const ANSWERED_BY: Record<string, string[]> = {
  Background: ['role', 'company', 'team', 'how we know', 'relationship', 'first met', 'how and when we met'],
  'What they care about': [
    'current priorities',
    'goals',
    'their goals',
    'values',
    'motivators',
    'what motivates them',
    'concerns',
    'challenges',
    'success',
  ],
  'How we work together': [
    'work together',
    'what we have worked on together',
    'communication',
    'how they like to communicate',
    'meetings',
    'what makes a good meeting',
    'feedback',
    'how they give and take feedback',
    'decisions',
    'how they make decisions',
  ],
};

/** The headings of `sections` the profile already answers: the coach never asks for them. */
export const answeredByProfile = (person: PersonContext | undefined, sections: GuideSection[]): GuideSection[] =>
  sections.filter((s) => {
    const names = ANSWERED_BY[s.heading];
    return names ? field(person, ...names) !== undefined : false;
  });

/** The day of a meeting (YYYY-MM-DD), when it has one. */
export const dayOf = (meeting: MeetingFact | undefined): string | undefined => {
  const day = meeting?.date?.slice(0, 10);
  return day && isIsoDate(day) ? day : undefined;
};

/** The most recent meeting before today, and the first from today on. */
export function aroundToday(meetings: MeetingFact[], today: string): { last?: MeetingFact; next?: MeetingFact } {
  const dated = meetings.filter((m) => dayOf(m)).sort((a, b) => dayOf(a)!.localeCompare(dayOf(b)!));
  const last = dated.filter((m) => dayOf(m)! < today).at(-1);
  const next = dated.find((m) => dayOf(m)! >= today);
  return { ...(last ? { last } : {}), ...(next ? { next } : {}) };
}

/** `"Roadmap sync" on 10 November` (the title in quotes: the user's words), or `on 10 November` untitled. */
export function meetingName(meeting: MeetingFact, today: string): string {
  const day = dayOf(meeting);
  const when = day ? `on ${formatDayInWords(day, today)}` : '';
  if (!collapse(meeting.title)) return when || 'a meeting without a title';
  const title = `"${truncate(meeting.title, 80).replace(/"/g, "'")}"`;
  return when ? `${title} ${when}` : title;
}
