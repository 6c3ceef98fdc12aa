import type { ChatPage } from '@cc/ai';
import { meetingFact, openFollowups, readMeeting, readPersonMeetings, tookPlace } from './meetings';
import type { FactReads } from './reads';

type PersonPage = Extract<ChatPage, { kind: 'person' }>;

/** Bounds of a person chat's meetings (docs/chat.md#what-each-chat-reads). */
export const PERSON_FACTS = {
  /** The latest meetings that took place: read whole, their follow-ups are the open ones. */
  recent: 3,
  /** The next meetings ahead: read whole too (what is planned with them). */
  upcoming: 2,
  followups: 10,
  followupChars: 300,
} as const;

/**
 * What a person's page knows beside their profile: their latest and next meetings (title, date,
 * sections) and the follow-ups of the latest ones not ticked yet. Two rounds: the person's
 * meetings, then the chosen ones whole. A failed read leaves that part out.
 */
export async function personPage(reads: FactReads, personId: number, now: number): Promise<PersonPage> {
  const listed = (await readPersonMeetings(reads, personId)) ?? [];
  // Newest first: the meetings ahead come first, the nearest of them last.
  const upcoming = listed.filter((m) => !tookPlace(m, now)).slice(-PERSON_FACTS.upcoming);
  const recent = listed.filter((m) => tookPlace(m, now)).slice(0, PERSON_FACTS.recent);
  const chosen = [...upcoming, ...recent];
  const whole = await Promise.all(chosen.map((m) => readMeeting(reads, m.id)));
  const followups = recent.map((_, i) => whole[upcoming.length + i]?.followups ?? '');
  return {
    kind: 'person',
    meetings: chosen.map((m, i) => meetingFact(whole[i] ?? m, false)),
    openFollowups: openFollowups(followups, PERSON_FACTS.followups, PERSON_FACTS.followupChars),
  };
}
