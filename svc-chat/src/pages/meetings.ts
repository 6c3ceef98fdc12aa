import { z } from 'zod';
import { MEETING_SECTIONS, meetingSchema, meetingSummarySchema } from '@cc/contracts';
import type { MeetingFact, PersonContext } from '@cc/ai';
import { personAnswer, personContext } from '../people';
import { clip, readFact, type FactReads } from './reads';

/** Bounds of what a meeting hands the coach (docs/chat.md#what-each-chat-reads). */
export const MEETING_FACTS = {
  titleChars: 200,
  sectionChars: 800,
  /** A person's meetings asked for, newest first. */
  listed: 10,
} as const;

// The contract's schemas, narrowed to what the coach reads: a new field of a meeting breaks nothing here.
const detailAnswer = z.object({
  success: z.literal(true),
  meeting: meetingSchema.pick({
    id: true,
    title: true,
    meeting_date: true,
    attendees: true,
    goals: true,
    agenda: true,
    anticipating: true,
    notes: true,
    followups: true,
    reflection: true,
  }),
});
const listAnswer = z.object({
  success: z.literal(true),
  meetings: z.array(meetingSummarySchema.pick({ id: true, title: true, meeting_date: true, attendees: true })),
});
export type MeetingDetail = z.output<typeof detailAnswer>['meeting'];
export type MeetingListed = z.output<typeof listAnswer>['meetings'][number];

/** `GET /meetings/{id}` from svc-people, or undefined. */
export async function readMeeting(reads: FactReads, meetingId: number): Promise<MeetingDetail | undefined> {
  return (await readFact(reads, reads.people, `/meetings/${meetingId}`, detailAnswer, 'meeting'))?.meeting;
}

/** A person's latest meetings (`GET /people/{id}/meetings`), newest first, undated last; or undefined. */
export async function readPersonMeetings(reads: FactReads, personId: number): Promise<MeetingListed[] | undefined> {
  const path = `/people/${personId}/meetings?limit=${MEETING_FACTS.listed}`;
  return (await readFact(reads, reads.people, path, listAnswer, 'person meetings'))?.meetings;
}

/** `GET /people/{id}`: their name and profile, or undefined. */
export async function readPerson(reads: FactReads, personId: number): Promise<PersonContext | undefined> {
  const answer = await readFact(reads, reads.people, `/people/${personId}`, personAnswer, 'person');
  return answer ? personContext(answer.person) : undefined;
}

/** A meeting as the coach reads it; a listed one has no sections (only its title, date and attendees). */
export function meetingFact(m: MeetingDetail | MeetingListed, withAttendees: boolean): MeetingFact {
  const sections: MeetingFact['sections'] = {};
  if ('goals' in m) {
    for (const name of MEETING_SECTIONS) {
      const text = clip(m[name], MEETING_FACTS.sectionChars);
      if (text) sections[name] = text;
    }
  }
  const attendees = withAttendees ? m.attendees.map((a) => clip(a.name, MEETING_FACTS.titleChars)).filter(Boolean) : [];
  return {
    title: clip(m.title, MEETING_FACTS.titleChars),
    ...(m.meeting_date ? { date: m.meeting_date } : {}),
    sections,
    ...(attendees.length ? { attendees } : {}),
  };
}

/** Whether a meeting has taken place by `now`; an undated one counts (nothing says it is ahead). */
export const tookPlace = (m: { meeting_date: string | null }, now: number): boolean =>
  !m.meeting_date || !(Date.parse(m.meeting_date) > now);

/** A list item of any form (`- `, `* `, `1. `), with its task box if it has one. */
const ITEM = /^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s*)?/;
const DONE = /^\s*(?:[-*+]|\d+[.)])\s+\[[xX]\]/;

/**
 * The follow-ups still open in some meetings' `followups` texts, most recent meeting first: every
 * line that is not ticked (`- [x]`), without its list marker; headings and blank lines dropped,
 * repeats once, at most `max` lines.
 */
export function openFollowups(texts: string[], max: number, lineChars: number): string[] {
  const open: string[] = [];
  for (const text of texts) {
    for (const line of text.split('\n')) {
      if (DONE.test(line) || /^\s*#/.test(line)) continue;
      const item = clip(line.replace(ITEM, ''), lineChars);
      if (!item || open.includes(item)) continue;
      open.push(item);
      if (open.length >= max) return open;
    }
  }
  return open;
}
