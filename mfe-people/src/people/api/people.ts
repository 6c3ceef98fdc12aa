import type { QueryClient } from '@tanstack/react-query';
import { api, type CallAnswer } from '@cc/client';
import { invalidateRoutes, routeQuery } from '@cc/client/query';

type PeopleAnswer = CallAnswer<'GET /people'>;
/** A person as the list has them: asked without paging, `GET /people` answers a bare array (docs/people.md#people). */
export type PersonSummary = Extract<PeopleAnswer, readonly unknown[]>[number];

/**
 * `GET /people` (svc-people): the user's people in their order, all of them (the attendee
 * picker, the address and the order need the whole list). On a visit that opens /people the
 * shell has it cached already: the page route declares it as its first read.
 */
export const peopleQuery = () => routeQuery('GET /people');

/** The people of the answer (a page of them when paging was asked for). */
export const peopleOf = (answer: PeopleAnswer): PersonSummary[] =>
  Array.isArray(answer) ? answer : (answer as { people: PersonSummary[] }).people;

/** The list as cached now, changed by `change` (nothing when it was never read). */
export function changePeople(queryClient: QueryClient, change: (list: PersonSummary[]) => PersonSummary[]): void {
  queryClient.setQueryData(peopleQuery().queryKey, (answer) => (answer ? change(peopleOf(answer)) : answer));
}

/** `POST /people` with person{full_name} → the person, added at the end of the list. */
export async function createPerson(queryClient: QueryClient, fullName: string): Promise<PersonSummary> {
  const { person } = await api.call('POST /people', { body: { person: { full_name: fullName } } });
  changePeople(queryClient, (list) => [...list, { id: person.id, full_name: person.full_name }]);
  return person;
}

/**
 * `PATCH /people/reorder` with the ids in their new order. The list shows the order at once
 * (a refetch on its way is cancelled, so it cannot put the old order back); a failed save is
 * silent (docs/people.md#people).
 */
export async function reorderPeople(queryClient: QueryClient, next: PersonSummary[]): Promise<void> {
  void queryClient.cancelQueries({ queryKey: peopleQuery().queryKey });
  queryClient.setQueryData(peopleQuery().queryKey, next);
  await api.call('PATCH /people/reorder', { body: { order: next.map((p) => p.id) } });
}

/**
 * `DELETE /people/{id}`: their profile and research go; their meetings stay, without them as
 * an attendee, so every meeting read is out of date.
 */
export async function deletePerson(queryClient: QueryClient, id: number): Promise<void> {
  await api.call('DELETE /people/{id}', { params: { id } });
  changePeople(queryClient, (list) => list.filter((p) => p.id !== id));
  // Their own reads are never asked for again (ids are not reused): left to be collected.
  void invalidateRoutes(queryClient, 'GET /people/{id}/meetings', 'GET /meetings/{id}');
}
