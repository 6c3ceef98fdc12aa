import { PERSON_SECTIONS, type Person } from '@cc/contracts';
import type { PersonContext } from '@cc/ai';

/** A person for a model: the name and every written field under its label ("Role", "How we know each other"…). */
export function personContext(person: Person): PersonContext {
  const profile: Record<string, string> = {};
  for (const section of PERSON_SECTIONS) {
    const fields = (person as unknown as Record<string, Record<string, string>>)[section.key] ?? {};
    for (const f of section.fields) {
      const value = fields[f.key]?.trim();
      if (value) profile[section.key === 'notes' ? 'Notes' : f.label] = value;
    }
  }
  return { fullName: person.full_name, profile };
}
