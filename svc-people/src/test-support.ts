/** Shared by svc-people's integration tests: the service on a fresh database, signed-in clients (the kit's harness). */
import { startServiceHarness, type ServiceHarness, type TestClient, type TestDatabase } from '@cc/service-kit/testing';
import { peopleService } from './service';

export { signIn } from '@cc/service-kit/testing';
export type PeopleHarness = ServiceHarness;

export const startPeople = (env: Record<string, string> = {}, database?: TestDatabase): Promise<PeopleHarness> =>
  startServiceHarness(peopleService, env, database);

/** Creates people by name and answers their ids. */
export async function addPeople(c: TestClient, ...names: string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const full_name of names) ids.push((await c.post('/people', { person: { full_name } })).body.person.id as number);
  return ids;
}
