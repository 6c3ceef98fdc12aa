import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@cc/client';
import { AUTOSAVE_DELAYS_MS } from '@cc/ui';
import {
  DEFAULT_PERSON_SECTION,
  fieldLimit,
  PEOPLE_LIMITS,
  PEOPLE_MESSAGES as M,
  personFieldKey,
  PERSON_SECTIONS,
  type PersonSectionKey,
} from '@cc/contracts/people-rules';
import { renamePerson, savePersonField, type Person } from './api/person';
import { AutosavedField } from '../shared/AutosavedField';

interface ProfileSectionsProps {
  person: Person;
  /** A section the address names (`?section=working_style`): opened and scrolled to. */
  section?: string | null;
  /** A section opened by hand (the address names it), or the named one closed (null). */
  onSectionOpened?(section: string | null): void;
}

/**
 * The profile as accordion sections (docs/people.md#profile: basic_profile open by default), each field
 * autosaved 600 ms after typing. A closed section's fields are not on screen; closing one saves
 * what it held.
 */
export function ProfileSections({ person, section: requested = null, onSectionOpened }: ProfileSectionsProps) {
  const queryClient = useQueryClient();
  const known = PERSON_SECTIONS.find((s) => s.key === requested)?.key ?? null;
  // The basic profile (who they are) is always open at first; the section the address names too.
  const [open, setOpen] = useState<ReadonlySet<PersonSectionKey>>(() => new Set([DEFAULT_PERSON_SECTION, ...(known ? [known] : [])]));
  const headings = useRef<Partial<Record<PersonSectionKey, HTMLElement | null>>>({});
  // A section the user just opened is already where they are: its address is not a jump.
  const openedByHand = useRef<PersonSectionKey | null>(null);
  useEffect(() => {
    if (!known) return;
    if (known === openedByHand.current) {
      openedByHand.current = null;
      return;
    }
    setOpen((current) => (current.has(known) ? current : new Set([...current, known])));
    // After the section has opened: its heading at the top, its first field ready to type in.
    const frame = requestAnimationFrame(() => {
      const node = headings.current[known];
      node?.scrollIntoView?.({ block: 'start' });
      node?.closest('section')?.querySelector<HTMLElement>('input, textarea')?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [known]);
  const toggle = (key: PersonSectionKey) => {
    const opening = !open.has(key);
    setOpen((current) => {
      const next = new Set(current);
      if (opening) next.add(key);
      else next.delete(key);
      return next;
    });
    if (opening) {
      openedByHand.current = key;
      onSectionOpened?.(key);
    } else if (key === known) {
      onSectionOpened?.(null);
    }
  };

  return (
    <div className="profile-sections" data-testid="profile-sections">
      {PERSON_SECTIONS.map((section) => {
        const expanded = open.has(section.key);
        const panelId = `person-${person.id}-section-${section.key}`;
        return (
          <section key={section.key} className="accordion-section" data-section={section.key}>
            <h3
              ref={(node) => {
                headings.current[section.key] = node;
              }}
            >
              <button
                type="button"
                className="accordion-toggle"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => toggle(section.key)}
              >
                <span aria-hidden="true">{expanded ? '▾' : '▸'}</span> {section.title}
              </button>
            </h3>
            {expanded && (
              <div id={panelId} className="accordion-panel">
                {section.key === 'basic_profile' && (
                  <AutosavedField
                    autosaveKey={`person:${person.id}:full_name`}
                    storageKey={`cc:draft:person:${person.id}:full_name`}
                    delayMs={AUTOSAVE_DELAYS_MS.people}
                    label="Full name"
                    initial={person.full_name}
                    initialRevision={person.revisions.full_name ?? 0}
                    conflictSubject="profile"
                    maxLength={PEOPLE_LIMITS.fullName}
                    testId="person-field-full_name"
                    save={async (text, save) => {
                      // Refused as the server would ('Error saving: Please enter a name.'); the next edit saves.
                      if (!text.trim()) throw new ApiError(422, [M.fullNameRequired], { success: false, errors: [M.fullNameRequired] });
                      // The list and the meetings naming them follow (renamePerson updates what they read).
                      const saved = await renamePerson(queryClient, person.id, text, save);
                      return saved.revisions.full_name ?? 0;
                    }}
                  />
                )}
                {section.fields.map((field) => (
                  <AutosavedField
                    key={field.key}
                    autosaveKey={`person:${person.id}:${section.key}.${field.key}`}
                    storageKey={`cc:draft:person:${person.id}:${section.key}.${field.key}`}
                    delayMs={AUTOSAVE_DELAYS_MS.people}
                    label={field.label}
                    initial={person[section.key]?.[field.key] ?? ''}
                    initialRevision={person.revisions[personFieldKey(section.key, field.key)] ?? 0}
                    conflictSubject="profile"
                    multiline={field.kind === 'text'}
                    maxLength={fieldLimit(field.kind)}
                    testId={`person-field-${section.key}-${field.key}`}
                    save={async (text, save) => {
                      const saved = await savePersonField(queryClient, person.id, section.key, field.key, text, save);
                      return saved.revisions[personFieldKey(section.key, field.key)] ?? 0;
                    }}
                  />
                ))}
              </div>
            )}
          </section>
        );
      })}
    </div>
  );
}
