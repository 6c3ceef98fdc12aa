import { api } from '@cc/client';
import type { Person } from '@cc/contracts/people';

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

/** `GET /people` (svc-people): the user's people in their order, a bare array as the spec has it. */
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

/** `PATCH /people/{id}` with `{section: {field: value}}` (the autosave sends the one field typed). */
export async function savePersonField(id: number, section: string, field: string, value: string, keepalive = false): Promise<void> {
  await api.patch<PersonWriteAnswer>(`/people/${id}`, { [section]: { [field]: value } }, { keepalive });
}

/** `PATCH /people/{id}` with `full_name`: a rename. */
export async function renamePerson(id: number, fullName: string, keepalive = false): Promise<Person> {
  return (await api.patch<PersonWriteAnswer>(`/people/${id}`, { full_name: fullName }, { keepalive })).person;
}

/** `PATCH /people/reorder` with the ids in their new order. */
export async function reorderPeople(order: number[]): Promise<void> {
  await api.patch('/people/reorder', { order });
}

/** `DELETE /people/{id}`: their meetings stay, without them as an attendee. */
export async function deletePerson(id: number): Promise<void> {
  await api.delete(`/people/${id}`);
}
