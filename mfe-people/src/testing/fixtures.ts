import { fullProfile } from '@cc/contracts/people-rules';
import type { Meeting } from '../meetings/api/meetings';
import type { Person } from '../person/api/person';

/** A person as GET /people/{id} answers: every section with every field. */
export function person(id: number, fullName: string, fields: Record<string, Record<string, string>> = {}): Person {
  const profile = fullProfile(fields);
  return {
    id,
    full_name: fullName,
    position: id,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    revisions: {},
    ...profile,
  } as Person;
}

/** A meeting as GET /meetings/{id} answers: "Budget review" on 5 March 2026 with Ada Lovelace. */
export function meeting(fields: Partial<Meeting> = {}): Meeting {
  return {
    id: 31,
    title: 'Budget review',
    meeting_date: '2026-03-05T14:30',
    short_date: 'Mar 5, 2026',
    location: '',
    attendees: [{ id: 4, name: 'Ada Lovelace' }],
    attendee_ids: [4],
    goals: '',
    agenda: '',
    anticipating: '',
    notes: '',
    followups: '',
    reflection: '',
    revisions: {},
    created_at: '2026-03-01T00:00:00Z',
    updated_at: '2026-03-01T00:00:00Z',
    ...fields,
  };
}
