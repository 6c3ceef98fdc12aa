/** Shared by svc-coaching's integration tests: the service on a fresh database, signed-in clients (the kit's harness). */
import { modelEnv, startOpenAiTestServer, type OpenAiTestServer } from '@cc/ai/testing';
import { startedForTests, startServiceHarness, type ServiceHarness, type TestClient, type TestDatabase } from '@cc/service-kit/testing';
import { coachingService } from './service';

export { signIn } from '@cc/service-kit/testing';
export type CoachingHarness = ServiceHarness;

export const startCoaching = (env: Record<string, string> = {}, database?: TestDatabase): Promise<CoachingHarness> =>
  startServiceHarness(coachingService, env, database);

/**
 * For a describe block: a second instance of the service on `h`'s database whose model is an
 * OpenAI-compatible test server (`model.reply(…)`), started before its tests.
 */
export function coachingWithModel(h: CoachingHarness): { model: OpenAiTestServer; m: CoachingHarness } {
  const model = startedForTests(() => startOpenAiTestServer());
  const m = startedForTests(() => startCoaching(modelEnv(model), h.database));
  return { model, m };
}

/** The first question of a questionnaire's first section, as the check-in page reads it. */
export async function firstQuestion<Q = { id: number; title: string; text: string }>(
  c: TestClient,
  type: string,
  periodKey: string,
): Promise<Q> {
  return (await c.get(`/coaching/questionnaire_sections?type=${type}&period_key=${periodKey}`)).body.sections[0].questions[0] as Q;
}
