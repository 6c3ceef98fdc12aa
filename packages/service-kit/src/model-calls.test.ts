import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type Koa from 'koa';
import { AiEmptyAnswerError, AiMalformedAnswerError, AiTimeoutError, AiUnavailableError } from '@cc/ai/errors';
import { createDb, type Db } from './db';
import { createLogger } from './logger';
import { createModelCalls, type ModelFailureMessages } from './model-calls';
import { kitSettings, parseSettings, SettingsError } from './settings';
import { freshDatabase, type TestDatabase } from './testing';

const messages: ModelFailureMessages = {
  timeout: 'too slow',
  unavailable: 'not there',
  malformed: 'garbled',
  empty: 'said nothing',
  rateLimited: 'slow down',
  cancelled: 'cancelled',
};

/** The bits of a Koa context the model-call path touches. */
function fakeCtx() {
  const headers: Record<string, string> = {};
  const res = { writableFinished: false, destroyed: false, once: () => undefined };
  return {
    status: 200,
    state: {},
    res,
    req: { socket: { destroyed: false } },
    set: (k: string, v: string) => void (headers[k] = v),
    headers,
  } as unknown as Koa.Context & { headers: Record<string, string> };
}

const log = createLogger('probe', 'silent');

describe.each(['pglite', 'postgres'] as const)('model calls on %s', (kind) => {
  let db: Db;
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    if (kind === 'pglite') db = await createDb({});
    else ({ db } = database = await freshDatabase());
    await db.raw('create schema if not exists files');
  });
  afterAll(async () => {
    if (database) await database.drop();
    else await db.destroy();
  });

  test('a per-user limit shared by instances: 429 with Retry-After and the message, then nothing runs', async () => {
    const one = createModelCalls({ db, schema: 'files', perMinute: 3, messages, log });
    const two = createModelCalls({ db, schema: 'files', perMinute: 3, messages, log });
    let ran = 0;
    const work = async () => ++ran;
    for (const calls of [one, two, one]) expect((await calls.run(fakeCtx(), 11, work)).ok).toBe(true);
    const ctx = fakeCtx();
    expect(await two.run(ctx, 11, work)).toEqual({ ok: false, body: { success: false, error: 'slow down', errors: ['slow down'] } });
    expect(ctx.status).toBe(429);
    expect(Number(ctx.headers['Retry-After'])).toBeGreaterThanOrEqual(55);
    expect(ran).toBe(3);
    // Another user has their own allowance.
    expect((await one.run(fakeCtx(), 12, work)).ok).toBe(true);
  });

  test('0 turns the limit off', async () => {
    const calls = createModelCalls({ db, schema: 'files', perMinute: 0, messages, log });
    for (let i = 0; i < 5; i++) expect((await calls.run(fakeCtx(), 13, async () => i)).ok).toBe(true);
  });
});

describe('model failures map to one answer shape', () => {
  const calls = createModelCalls({ db: undefined as unknown as Db, schema: 'files', perMinute: 0, messages, log });
  test.each([
    [new AiTimeoutError(10), 502, 'too slow'],
    [new AiUnavailableError('down', 503), 502, 'not there'],
    [new AiMalformedAnswerError('bad', '{'), 502, 'garbled'],
    [new AiEmptyAnswerError(), 502, 'said nothing'],
    [new TypeError('a bug in a provider'), 502, 'not there'],
  ])('%s → %s', async (err, status, message) => {
    const ctx = fakeCtx();
    const result = await calls.call(ctx, async () => {
      throw err;
    });
    expect(result).toEqual({ ok: false, body: { success: false, error: message, errors: [message] } });
    expect(ctx.status).toBe(status);
  });

  test('the client going away aborts the call: 499, the cancelled message', async () => {
    const ctx = fakeCtx();
    let close = () => undefined as void;
    (ctx.res as unknown as { once: (e: string, f: () => void) => void }).once = (_e, f) => void (close = f);
    const result = await calls.call(
      ctx,
      (signal) =>
        new Promise((_, reject) => {
          signal.addEventListener('abort', async () => reject(new (await import('@cc/ai/errors')).AiAbortedError()));
          setTimeout(close, 5);
        }),
    );
    expect(result).toEqual({ ok: false, body: { success: false, error: 'cancelled', errors: ['cancelled'] } });
    expect(ctx.status).toBe(499);
  });
});

describe('settings', () => {
  test('AI_RATE_LIMIT_PER_MINUTE: default 30, a number, 0 or off', () => {
    expect(parseSettings(kitSettings, {}, 'files').AI_RATE_LIMIT_PER_MINUTE).toBe(30);
    expect(parseSettings(kitSettings, { AI_RATE_LIMIT_PER_MINUTE: '100' }, 'files').AI_RATE_LIMIT_PER_MINUTE).toBe(100);
    expect(parseSettings(kitSettings, { AI_RATE_LIMIT_PER_MINUTE: '0' }, 'files').AI_RATE_LIMIT_PER_MINUTE).toBe(0);
    expect(parseSettings(kitSettings, { AI_RATE_LIMIT_PER_MINUTE: 'off' }, 'files').AI_RATE_LIMIT_PER_MINUTE).toBe(0);
    expect(parseSettings(kitSettings, { AI_RATE_LIMIT_PER_MINUTE: ' ' }, 'files').AI_RATE_LIMIT_PER_MINUTE).toBe(30);
  });

  test('a bad value stops the start with a message naming the variable and the value', () => {
    expect(() => parseSettings(kitSettings, { AI_RATE_LIMIT_PER_MINUTE: 'lots' }, 'chat')).toThrow(SettingsError);
    expect(() => parseSettings(kitSettings, { AI_RATE_LIMIT_PER_MINUTE: 'lots' }, 'chat')).toThrow(
      /svc-chat: invalid settings: AI_RATE_LIMIT_PER_MINUTE .*\(got "lots"\)/,
    );
  });
});
