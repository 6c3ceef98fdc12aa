import { z } from 'zod';
import type { PersonContext } from '@cc/ai';
import type { PeerClient } from '@cc/service-kit';

/** How long a person chat waits for svc-people before answering without the profile. */
export const PEOPLE_TIMEOUT_MS = 1500;
const MAX_FIELDS = 40;
const MAX_FIELD_LENGTH = 2000;
/** Bookkeeping fields of a person that say nothing about them. */
const SKIPPED = new Set(['id', 'full_name', 'user_id', 'position', 'display_order', 'created_at', 'updated_at']);

/** A person answer of svc-people: only its shape matters here; the profile fields are read loosely. */
const personAnswer = z.object({ success: z.literal(true), person: z.record(z.string(), z.unknown()) });

/**
 * The person's name and profile for the model, from svc-people (`GET /people/{id}` through the
 * kit's peer client, as the caller). Any failure (no PEOPLE_URL, as in the embedded run;
 * unreachable; a 404 or 501; a slow or odd answer) means "no person context", never a failed chat.
 */
export async function fetchPerson(people: PeerClient, personId: number): Promise<PersonContext | undefined> {
  const answer = await people.get(`/people/${personId}`, personAnswer, { timeoutMs: PEOPLE_TIMEOUT_MS });
  return answer.ok ? personContext(answer.body.person) : undefined;
}

/** `{full_name, role, basic_profile: {company: ...}, ...}` → name + flat text fields. */
export function personContext(person: Record<string, unknown>): PersonContext | undefined {
  const fullName = typeof person.full_name === 'string' ? person.full_name.trim() : '';
  const profile: Record<string, string> = {};
  const add = (key: string, value: unknown) => {
    if (Object.keys(profile).length >= MAX_FIELDS || SKIPPED.has(key) || typeof value !== 'string' || !value.trim()) return;
    profile[key.replace(/_/g, ' ')] = value.trim().slice(0, MAX_FIELD_LENGTH);
  };
  for (const [key, value] of Object.entries(person)) {
    // Sectioned profile fields (`basic_profile: {role: ...}`) are flattened one level.
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [field, v] of Object.entries(value as Record<string, unknown>)) add(field, v);
    } else add(key, value);
  }
  if (!fullName && !Object.keys(profile).length) return undefined;
  return { fullName, profile };
}
