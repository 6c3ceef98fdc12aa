/**
 * Background jobs with two replicas' workers polling one queue in Postgres: a deep research
 * (svc-people, pg-boss) enqueued through A runs once, on B when A's one worker is busy; an
 * import (svc-chat) started on A finishes once while B restarts (B's start-up sweep of
 * interrupted imports leaves a live one alone).
 */
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { strToU8, zipSync } from 'fflate';
import { until } from '@cc/service-kit/testing';
import { startEmbeddedStack, type EmbeddedStack, type Session } from '../embedded/testing/stack';
import { REPLICA_HEADER } from '../embedded/testing/replicas';
import { startGatedModel, WORDS, type GatedModel } from './model-server';
import { describeReplicas } from './testing';

const [A, B] = [0, 1];
const HOLD = 'Held At The Gate';

let model: GatedModel;
let stack: EmbeddedStack;

describeReplicas('jobs across two replicas', () => {
  beforeAll(async () => {
    model = await startGatedModel(HOLD);
    // One deep research at a time per replica: A busy means the queue's next job is B's.
    stack = await startEmbeddedStack({ logs: true, replicas: 2, env: { ...model.env, DEEP_RESEARCH_CONCURRENCY: '1' } });
  });
  afterAll(async () => {
    model?.release();
    // Replicas starting together lost no race (a job queue made by both at once, a migration).
    expect(stack?.logLines.filter((line) => line.includes('"level":50'))).toEqual([]);
    await stack?.close();
    await model?.close();
  });

  const generate = (me: Session, fullName: string, replica: number) =>
    stack.call(me, 'POST', '/profile/generate', { details: { full_name: fullName }, research_mode: 'deep' }, { replica });
  const generation = async (me: Session, replica: number) =>
    (await stack.call(me, 'GET', '/profile/generation_status', undefined, { replica })).body.generation;

  test('a deep research enqueued through A runs once, on B while A is busy', async () => {
    const held = await stack.signUp('held@example.com');
    const other = await stack.signUp('other@example.com');
    const callsBefore = model.calls;
    // A's worker takes the first run, which waits at the model's gate.
    const first = generate(held, HOLD, A);
    await model.atGate();
    // The status call on B finds a run under way and starts B's worker too.
    expect(await generation(held, B)).toMatchObject({ state: 'running', attempts: 1 });
    // Enqueued through A, whose one worker is held: only B's worker can run it.
    const second = await generate(other, 'Jane', A);
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ success: true, markdown: WORDS.join(''), generation: { state: 'done', attempts: 1 } });
    expect(await generation(held, A)).toMatchObject({ state: 'running', attempts: 1 });
    model.release();
    expect((await first).body).toMatchObject({ success: true, generation: { state: 'done', attempts: 1 } });
    // One model call per research: neither ran twice.
    expect(model.calls - callsBefore).toBe(2);
  });

  test('an import started on A finishes once while B restarts', async () => {
    const me = await stack.signUp('import@example.com');
    const files = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`notes/note ${i}.md`, strToU8(`# Note ${i}\n\nText ${i}.\n`)]));
    const form = new FormData();
    form.append('file', new Blob([zipSync(files) as BlobPart]), 'notes.zip');
    const res = await fetch(`${stack.base}/import`, {
      method: 'POST',
      headers: { cookie: me.cookie, 'x-csrf-token': me.csrf, accept: 'application/json', [REPLICA_HEADER]: String(A) },
      body: form,
    });
    expect(res.status).toBe(202);
    const id = ((await res.json()) as { import: { id: string } }).import.id;
    await stack.services.chat.down(B);
    await stack.services.chat.up(B);
    let state = 'running';
    await until(async () => {
      state = (await stack.call(me, 'GET', `/import/${id}`, undefined, { replica: B })).body.import.state;
      return state !== 'running';
    });
    expect(state).toBe('done');
    // Every note once (a zip's one folder around everything is not a folder: they land in one).
    const listed = (await stack.call(me, 'GET', '/files')).body as Record<string, unknown[]>;
    expect(Object.values(listed).flat()).toHaveLength(40);
  });
});
