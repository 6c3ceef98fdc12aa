/**
 * svc-chat on two replicas: the per-user model limit is one count in Postgres whichever replica
 * a call lands on, and a streamed reply (SSE) from one replica goes on while the other one is
 * stopped and started again.
 */
import { expect, test } from '@jest/globals';
import { startedForTests } from '@cc/service-kit/testing';
import { startEmbeddedStack, type Session } from '../embedded/testing/stack';
import { REPLICA_HEADER } from '../embedded/testing/replicas';
import { startGatedModel, WORDS } from './model-server';
import { describeReplicas } from './testing';

const [A, B] = [0, 1];
const LIMIT = 4;

describeReplicas('svc-chat across two replicas', () => {
  const model = startedForTests(startGatedModel);
  const stack = startedForTests(() => startEmbeddedStack({ replicas: 2, env: { ...model.env, AI_RATE_LIMIT_PER_MINUTE: String(LIMIT) } }));
  const send = (me: Session, replica: number, message: string) =>
    stack.call(me, 'POST', '/ai_chat/send_message', { file_id: 1, folder: 'f', file_name: 'x.md', mode: 'ask', message }, { replica });

  test('the per-user model limit counts calls through A and B together', async () => {
    const me = await stack.signUp('limit@example.com');
    const statuses = [];
    for (let i = 0; i < LIMIT; i += 1) statuses.push((await send(me, i % 2 === 0 ? A : B, `message ${i}`)).status);
    expect(statuses).toEqual([200, 200, 200, 200]);
    // Each replica has counted only two: a count per process would let both of these through.
    expect((await send(me, A, 'one too many')).status).toBe(429);
    expect((await send(me, B, 'one too many')).status).toBe(429);
    expect(model.calls).toBe(LIMIT);
  });

  test('a stream from A goes on to its end while B restarts', async () => {
    const me = await stack.signUp('stream@example.com');
    const res = await fetch(`${stack.base}/ai_chat/send_message`, {
      method: 'POST',
      headers: {
        accept: 'text/event-stream',
        'content-type': 'application/json',
        cookie: me.cookie,
        'x-csrf-token': me.csrf,
        [REPLICA_HEADER]: String(A),
      },
      body: JSON.stringify({ file_id: 2, folder: 'f', file_name: 'x.md', mode: 'ask', message: 'Tell me about replicas.' }),
    });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const text = res.text();
    // Half the reply is out; B stops (its answers cut, its jobs stopped, its pool closed) and starts again.
    await model.atGate();
    await stack.services.chat.down(B);
    await stack.services.chat.up(B);
    model.release();
    const events = (await text)
      .split('\n\n')
      .filter(Boolean)
      .map((block) => ({ event: /^event: (.*)$/m.exec(block)?.[1], data: JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null') }));
    expect(events.filter((e) => e.event === 'token').map((e) => e.data.text)).toEqual(WORDS);
    expect(events.at(-1)).toEqual({ event: 'done', data: { success: true, message: WORDS.join('') } });
    // The restarted B reads what A stored.
    const stored = await stack.call(me, 'GET', '/ai_chat/conversation?file_id=2', undefined, { replica: B });
    expect(stored.body.messages.map((m: { content: string }) => m.content)).toEqual(['Tell me about replicas.', WORDS.join('')]);
  });
});
