import { useCallback, useMemo } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@cc/client';
import { createPerson, deletePerson, peopleOf, peopleQuery, reorderPeople, type PersonSummary } from './api/people';

export type PeopleState = { status: 'loading' } | { status: 'ok' } | { status: 'error'; message: string };

export interface People {
  state: PeopleState;
  people: PersonSummary[];
  reload(): void;
  /** Adds a person at the end; their id, or the server's reason. */
  create(name: string): Promise<{ id: number } | { error: string }>;
  /** Deletes a person (their meetings stay); the server's reason when it failed. */
  remove(id: number): Promise<string | null>;
  /** Moves a person in the list and saves the order (a failed save is silent, docs/people.md#people). */
  move(from: number, to: number): void;
}

const NONE: PersonSummary[] = [];

/**
 * The people list (the `GET /people` query: on a visit that opens /people, the shell has it
 * cached before the page renders) and what changes it; every write updates the cached list.
 */
export function usePeople(): People {
  const queryClient = useQueryClient();
  const list = useQuery(peopleQuery());
  const creating = useMutation({ mutationFn: (name: string) => createPerson(queryClient, name) });
  const deleting = useMutation({ mutationFn: (id: number) => deletePerson(queryClient, id) });
  const { mutateAsync: createAsync } = creating;
  const { mutateAsync: deleteAsync } = deleting;
  const { refetch } = list;

  const create = useCallback(
    (name: string) =>
      createAsync(name).then(
        (person) => ({ id: person.id }),
        (error: unknown) => ({ error: errorMessage(error) }),
      ),
    [createAsync],
  );
  const remove = useCallback(
    (id: number) =>
      deleteAsync(id).then(
        () => null,
        (error: unknown) => errorMessage(error),
      ),
    [deleteAsync],
  );
  const move = useCallback(
    (from: number, to: number) => {
      const cached = queryClient.getQueryData(peopleQuery().queryKey);
      const next = cached ? [...peopleOf(cached)] : [];
      const [moved] = next.splice(from, 1);
      if (!moved) return;
      next.splice(to, 0, moved);
      reorderPeople(queryClient, next).catch((error: unknown) => console.warn('[people] saving the order failed', error));
    },
    [queryClient],
  );

  // A list once read stays on screen when a later refetch fails.
  const state: PeopleState =
    list.data !== undefined
      ? { status: 'ok' }
      : list.isError
        ? { status: 'error', message: errorMessage(list.error) }
        : { status: 'loading' };
  const people = useMemo(() => (list.data ? peopleOf(list.data) : NONE), [list.data]);
  return { state, people, reload: useCallback(() => void refetch(), [refetch]), create, remove, move };
}
