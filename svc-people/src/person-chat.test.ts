import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { providerFor, startOpenAiTestServer, type OpenAiTestServer } from '@cc/ai/testing';
import { startTestService, type RunningService } from '@cc/service-kit/testing';
import { chatService } from '@cc/svc-chat';
import { addPeople, startPeople, type PeopleHarness } from './test-support';

/** svc-chat's person chat reads people from this service (GET /people/{id} as the caller): the real answer must serve it. */
let model: OpenAiTestServer;
let h: PeopleHarness;
let chat: RunningService;
beforeAll(async () => {
  model = await startOpenAiTestServer();
  model.fallback = () => ({ content: 'What does Dana need from you this quarter?' });
  h = await startPeople();
  chat = await startTestService(chatService, h.database.db, { aiProvider: providerFor(model), env: { PEOPLE_URL: h.svc.url } });
});
afterAll(async () => {
  await chat?.close();
  await h?.close();
  await model?.close();
});

describe('the person chat', () => {
  test("gets the person's name and written fields (blank ones left out); another user's person gives no profile", async () => {
    const c = h.user();
    const [dana] = await addPeople(c, 'Dana Lee');
    await c.patch(`/people/${dana}`, { basic_profile: { role: 'VP Sales' }, what_they_care_about: { values: 'Straight talk' } });
    const inChat = h.as(c, chat.url);
    const send = () =>
      inChat.post('/ai_chat/send_message', { message: 'How do I prepare?', mode: 'ask', person_id: dana, conversation_history: [] });
    expect((await send()).status).toBe(200);
    const system = () => model.requests.at(-1)!.body.messages!.find((m) => m.role === 'system')!.content;
    expect(system()).toContain('Dana Lee');
    expect(system()).toContain('- role: VP Sales');
    expect(system()).toContain('- values: Straight talk');
    expect(system()).not.toMatch(/- (company|team|position|created at):/);

    const stranger = h.as(h.user(), chat.url);
    await stranger.post('/ai_chat/send_message', { message: 'Tell me about them', mode: 'ask', person_id: dana, conversation_history: [] });
    expect(system()).not.toContain('VP Sales');
  });
});
