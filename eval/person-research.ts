/**
 * The person-research task: svc-people's research from the user's own notes (no web search),
 * given a person, their meetings and the notes that mention them. A case writes only what
 * matters (a name, a profile, a meeting's title and notes); the ids and timestamps a stored
 * record has are filled in here.
 */
import { fileAddress, journalAddress, meetingAddress, personAddress } from '@cc/contracts/addresses';

type Fields = Record<string, unknown>;
const STAMP = '2026-01-05T09:00:00.000Z';

function records(input: Fields): { person: Fields; meetings: Fields[]; mentions: Fields[] } {
  const person: Fields = { id: 1, position: 0, created_at: STAMP, updated_at: STAMP, revisions: {}, ...(input.person as Fields) };
  const meetings = ((input.meetings ?? []) as Fields[]).map((m, i) => ({
    id: i + 1,
    meeting_date: null,
    short_date: '',
    location: '',
    attendees: [{ id: person.id, name: person.full_name }],
    attendee_ids: [person.id],
    goals: '',
    agenda: '',
    anticipating: '',
    notes: '',
    followups: '',
    reflection: '',
    revisions: {},
    created_at: STAMP,
    updated_at: STAMP,
    ...m,
  }));
  const mentions = ((input.mentions ?? []) as Fields[]).map((m, i) => ({ id: i + 1, updated_at: STAMP, excerpt: '', ...m }));
  return { person, meetings, mentions };
}

export async function personResearch(input: Fields) {
  // Imported when asked for: it is svc-people's code (a helper may reword it).
  const { notesResearch } = await import('../svc-people/src/research-notes');
  const { person, meetings, mentions } = records(input);
  return notesResearch(person as never, meetings as never, mentions as never);
}

/** Where the research may point: the person, their meetings, the files and days that mention them. */
export function researchSources(input: Fields): string[] {
  const { person, meetings, mentions } = records(input);
  return [
    personAddress(person.id as number),
    ...meetings.map((m) => meetingAddress(person.id as number, m.id as number)),
    ...mentions.map((m) => (m.kind === 'file' ? fileAddress(String(m.folder), String(m.name)) : journalAddress(String(m.date)))),
  ];
}
