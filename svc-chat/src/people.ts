import { z } from 'zod';
import type { PersonContext } from '@cc/ai';

/** How long one read of a chat's page waits for its service (a person's profile first) before going without. */
export const PEOPLE_TIMEOUT_MS = 1500;
const MAX_FIELDS = 40;
const MAX_FIELD_LENGTH = 2000;
/** Bookkeeping fields of a person that say nothing about them. */
const SKIPPED = new Set(['id', 'full_name', 'user_id', 'position', 'display_order', 'created_at', 'updated_at']);

/**
 * A person answer of svc-people (`GET /people/{id}`, read as the caller by pages/meetings.ts):
 * only its shape matters here; the profile fields are read loosely.
 */
export const personAnswer = z.object({ success: z.literal(true), person: z.record(z.string(), z.unknown()) });

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
