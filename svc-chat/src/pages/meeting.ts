import type { ChatPage, PersonContext } from '@cc/ai';
import { MEETING_CHAT } from '@cc/contracts';
import {
  MEETING_FACTS,
  meetingFact,
  readMeeting,
  readPerson,
  readPersonMeetings,
  type MeetingDetail,
  type MeetingListed,
} from './meetings';
import { clip, type FactReads } from './reads';

type MeetingPage = Extract<ChatPage, { kind: 'meeting' }>;

/** At most this many attendees' profiles and meetings are read (a meeting may have 100). */
export const MEETING_ATTENDEES_READ = 5;

/** The meeting a meeting chat's file names (`meeting-prep-{id}.md`, MEETING_CHAT), if any. */
export function meetingIdOf(folder: string, fileName: string): number | undefined {
  if (folder !== MEETING_CHAT.folder) return undefined;
  const m = /^meeting-prep-(\d{1,9})\.md$/.exec(fileName);
  return m ? Number(m[1]) : undefined;
}

/**
 * The latest meeting before `meeting` with any of its attendees (before now when it has no
 * date); undated ones are never "the last" (nothing says when they were).
 */
export function lastEarlierMeeting(meeting: MeetingDetail, theirs: MeetingListed[], now: number): MeetingListed | undefined {
  const before = meeting.meeting_date ? Date.parse(meeting.meeting_date) : now;
  let last: { m: MeetingListed; at: number } | undefined;
  for (const m of theirs) {
    const at = m.meeting_date ? Date.parse(m.meeting_date) : NaN;
    if (m.id === meeting.id || !(at < before)) continue;
    if (!last || at > last.at) last = { m, at };
  }
  return last?.m;
}

/**
 * What a meeting's page knows: the meeting (title, date, sections, attendees), its attendees'
 * profiles (their name alone when a profile cannot be read) and the last meeting with any of
 * them. Three rounds: the meeting; the attendees' profiles and meetings; the last meeting whole.
 * Without the meeting itself there is no page to describe (undefined).
 */
export async function meetingPage(reads: FactReads, meetingId: number, now: number): Promise<MeetingPage | undefined> {
  const meeting = await readMeeting(reads, meetingId);
  if (!meeting) return undefined;
  const attendees = meeting.attendees.slice(0, MEETING_ATTENDEES_READ);
  const [profiles, lists] = await Promise.all([
    Promise.all(attendees.map((a) => readPerson(reads, a.id))),
    Promise.all(attendees.map((a) => readPersonMeetings(reads, a.id))),
  ]);
  const earlier = lastEarlierMeeting(
    meeting,
    lists.flatMap((l) => l ?? []),
    now,
  );
  const last = earlier ? ((await readMeeting(reads, earlier.id)) ?? earlier) : undefined;
  return {
    kind: 'meeting',
    meeting: meetingFact(meeting, true),
    attendees: attendees.map((a, i): PersonContext => profiles[i] ?? { fullName: clip(a.name, MEETING_FACTS.titleChars) }),
    ...(last ? { lastMeeting: meetingFact(last, true) } : {}),
  };
}
