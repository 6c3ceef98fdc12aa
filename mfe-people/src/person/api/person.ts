import type { QueryClient } from '@tanstack/react-query';
import { api } from '@cc/client';
import { invalidateRoutes, routeQuery } from '@cc/client/query';
import type { Person } from '@cc/contracts/people';
import { changePeople } from '../../people/api/people';
import type { FieldSave } from '../../shared/stale';

export type { Person };

/** `GET /people/{id}`: every field of every section ('' when not written). */
export const personQuery = (id: number) => routeQuery('GET /people/{id}', { params: { id } });

/** The revision and save id a field's save carries (none while its revision is unknown). */
const guardOf = (save?: FieldSave) => ({
  ...(save?.revision !== undefined ? { revision: save.revision } : {}),
  ...(save ? { save_id: save.saveId } : {}),
});

/**
 * What a save answered is the person as stored now: the cache takes it (a person opened again
 * shows what was saved), and their saved research may no longer fit them (it is kept until
 * their name, role or company changes: docs/people.md#research).
 */
function saved(queryClient: QueryClient, person: Person): Person {
  queryClient.setQueryData(personQuery(person.id).queryKey, (answer) => answer && { ...answer, person });
  void queryClient.invalidateQueries({ queryKey: routeQuery('GET /people/{id}/research', { params: { id: person.id } }).queryKey });
  return person;
}

/**
 * `PATCH /people/{id}` with `{section: {field: value}}` (the autosave sends the one field typed),
 * based on the field's revision: a stale one is a 409 with what the field holds now.
 */
export async function savePersonField(
  queryClient: QueryClient,
  id: number,
  section: string,
  field: string,
  value: string,
  save?: FieldSave,
): Promise<Person> {
  const body = { [section]: { [field]: value }, ...guardOf(save) };
  const answer = await api.call('PATCH /people/{id}', { params: { id }, body }, { keepalive: save?.keepalive ?? false });
  return saved(queryClient, answer.person as Person);
}

/** `PATCH /people/{id}` with `full_name`: a rename. The list and every meeting naming them as an attendee show the new name. */
export async function renamePerson(queryClient: QueryClient, id: number, fullName: string, save?: FieldSave): Promise<Person> {
  const body = { full_name: fullName, ...guardOf(save) };
  const answer = await api.call('PATCH /people/{id}', { params: { id }, body }, { keepalive: save?.keepalive ?? false });
  const person = saved(queryClient, answer.person as Person);
  changePeople(queryClient, (list) => list.map((p) => (p.id === id ? { ...p, full_name: person.full_name } : p)));
  void invalidateRoutes(queryClient, 'GET /people/{id}/meetings', 'GET /meetings/{id}');
  return person;
}
