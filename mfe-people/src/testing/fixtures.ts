import { fullProfile } from '@cc/contracts/people-rules';
import type { Person } from '../api/people';

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
