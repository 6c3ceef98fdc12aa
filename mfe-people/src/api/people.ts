import { api } from '@cc/client';
import type { Person } from '@cc/contracts/people';
import type { FieldSave } from '../shared/stale';

export type { Person };

export interface PersonSummary {
  id: number;
  full_name: string;
}

interface PersonWriteAnswer {
  success: true;
  errors: string[];
  person: Person;
}

/** `GET /people` (svc-people): the user's people in their order, a bare array as the documented call has it (docs/people.md#people). */
export function fetchPeople(signal?: AbortSignal): Promise<PersonSummary[]> {
  return api.get<PersonSummary[]>('/people', { signal });
}

/** `POST /people` with person{full_name} → 201 with the person (at the end of the list). */
export async function createPerson(fullName: string): Promise<Person> {
  return (await api.post<PersonWriteAnswer>('/people', { person: { full_name: fullName } })).person;
}

/** `GET /people/{id}`: every field of every section ('' when not written). */
export async function fetchPerson(id: number, signal?: AbortSignal): Promise<Person> {
  return (await api.get<{ success: true; person: Person }>(`/people/${id}`, { signal })).person;
}

/** The revision and save id a field's save carries (none while its revision is unknown). */
const guardOf = (save?: FieldSave) => ({
  ...(save?.revision !== undefined ? { revision: save.revision } : {}),
  ...(save ? { save_id: save.saveId } : {}),
});

/**
 * `PATCH /people/{id}` with `{section: {field: value}}` (the autosave sends the one field typed),
 * based on the field's revision: a stale one is a 409 with what the field holds now.
 */
export async function savePersonField(id: number, section: string, field: string, value: string, save?: FieldSave): Promise<Person> {
  const body = { [section]: { [field]: value }, ...guardOf(save) };
  return (await api.patch<PersonWriteAnswer>(`/people/${id}`, body, { keepalive: save?.keepalive ?? false })).person;
}

/** `PATCH /people/{id}` with `full_name`: a rename. */
export async function renamePerson(id: number, fullName: string, save?: FieldSave): Promise<Person> {
  const body = { full_name: fullName, ...guardOf(save) };
  return (await api.patch<PersonWriteAnswer>(`/people/${id}`, body, { keepalive: save?.keepalive ?? false })).person;
}

/** `PATCH /people/reorder` with the ids in their new order. */
export async function reorderPeople(order: number[]): Promise<void> {
  await api.patch('/people/reorder', { order });
}

/** `DELETE /people/{id}`: their meetings stay, without them as an attendee. */
export async function deletePerson(id: number): Promise<void> {
  await api.delete(`/people/${id}`);
}
