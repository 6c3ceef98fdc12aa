import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '@cc/client';
import { createPerson, deletePerson, fetchPeople, reorderPeople, type PersonSummary } from '../api/people';
import { takeFirstPeopleRequest } from './firstRequest';

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
  renamed(id: number, name: string): void;
}

/** The people list's state and what changes it. */
export function usePeople(): People {
  const [state, setState] = useState<PeopleState>({ status: 'loading' });
  const [people, setPeople] = useState<PersonSummary[]>([]);
  const [attempt, setAttempt] = useState(0);
  const peopleRef = useRef(people);
  peopleRef.current = people;

  useEffect(() => {
    const abort = new AbortController();
    (takeFirstPeopleRequest(abort.signal) ?? fetchPeople(abort.signal)).then(
      (list) => {
        if (abort.signal.aborted) return;
        setPeople(list);
        setState({ status: 'ok' });
      },
      (error: unknown) => !abort.signal.aborted && setState({ status: 'error', message: errorMessage(error) }),
    );
    return () => abort.abort();
  }, [attempt]);

  const create = useCallback(async (name: string) => {
    try {
      const person = await createPerson(name);
      setPeople((list) => [...list, { id: person.id, full_name: person.full_name }]);
      return { id: person.id };
    } catch (error) {
      return { error: errorMessage(error) };
    }
  }, []);

  const remove = useCallback(async (id: number) => {
    try {
      await deletePerson(id);
      setPeople((list) => list.filter((p) => p.id !== id));
      return null;
    } catch (error) {
      return errorMessage(error);
    }
  }, []);

  const move = useCallback((from: number, to: number) => {
    const next = [...peopleRef.current];
    const [moved] = next.splice(from, 1);
    if (!moved) return;
    next.splice(to, 0, moved);
    peopleRef.current = next;
    setPeople(next);
    reorderPeople(next.map((p) => p.id)).catch((error: unknown) => console.warn('[people] saving the order failed', error));
  }, []);

  const renamed = useCallback((id: number, name: string) => {
    setPeople((list) => list.map((p) => (p.id === id ? { ...p, full_name: name } : p)));
  }, []);

  return { state, people, reload: useCallback(() => setAttempt((n) => n + 1), []), create, remove, move, renamed };
}
