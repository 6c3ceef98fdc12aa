import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type Koa from 'koa';
import { createOfflineCoach } from '@cc/ai';
import { AiAbortedError, AiEmptyAnswerError, AiMalformedAnswerError, AiTimeoutError, AiUnavailableError } from '@cc/ai/errors';
import { createDb, type Db } from './db';
import { HttpError } from './errors';
import { createLogger } from './logger';
import { createModelCalls, modelFailure, type ModelCallsOptions, type ModelFailureMessages } from './model-calls';
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
const offline = createOfflineCoach();
const modelCalls = (options: Omit<ModelCallsOptions, 'messages' | 'provider' | 'log'>) =>
  createModelCalls({ ...options, messages, provider: () => offline, log });

/** What a call threw: the kit's answer for it. */
async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof HttpError)) throw new Error(`expected an HttpError, got ${String(err)}`);
  return err;
}

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
    const one = modelCalls({ db, schema: 'files', perMinute: 3 });
    const two = modelCalls({ db, schema: 'files', perMinute: 3 });
    let ran = 0;
    const work = async () => ++ran;
    for (const calls of [one, two, one]) await calls.run(fakeCtx(), 11, work);
    const refused = await refusal(two.run(fakeCtx(), 11, work));
    expect([refused.status, refused.errors]).toEqual([429, ['slow down']]);
    expect(Number(refused.headers['Retry-After'])).toBeGreaterThanOrEqual(55);
    expect(ran).toBe(3);
    // Another user has their own allowance.
    expect(await one.run(fakeCtx(), 12, work)).toBe(4);
  });

  test('0 turns the limit off', async () => {
    const calls = modelCalls({ db, schema: 'files', perMinute: 0 });
    for (let i = 0; i < 5; i++) expect(await calls.run(fakeCtx(), 13, async () => i)).toBe(i);
  });
});

describe('model failures map, by their class, to one answer', () => {
  const calls = modelCalls({ db: undefined as unknown as Db, schema: 'files', perMinute: 0 });
  test.each([
    [new AiTimeoutError(10), 502, 'too slow'],
    [new AiUnavailableError('down', 503), 502, 'not there'],
    [new AiMalformedAnswerError('bad', '{'), 502, 'garbled'],
    [new AiEmptyAnswerError(), 502, 'said nothing'],
    [new TypeError('a bug in a provider'), 502, 'not there'],
    // A platform deadline (AbortSignal.timeout) is a timeout by its class, whatever its text.
    [new DOMException('signal timed out', 'TimeoutError'), 502, 'too slow'],
    // A message that merely mentions a timeout is not one.
    [new Error('upstream said: timeout'), 502, 'not there'],
  ])('%s → %s', async (err, status, message) => {
    const refused = await refusal(
      calls.call(fakeCtx(), async () => {
        throw err;
      }),
    );
    expect([refused.status, refused.errors]).toEqual([status, [message]]);
    // A background job stores the same words.
    expect(calls.message(err)).toBe(message);
  });

  test('the provider is the one the service was given, made once', () => {
    let made = 0;
    const lazy = createModelCalls({
      db: undefined as unknown as Db,
      schema: 'files',
      perMinute: 0,
      messages,
      provider: () => (made++, offline),
      log,
    });
    expect(made).toBe(0);
    expect(lazy.provider).toBe(offline);
  });

  test('the cancelled message defaults to the kit one', () => {
    const { timeout, unavailable, malformed, rateLimited } = messages;
    expect(modelFailure(new AiAbortedError(), { timeout, unavailable, malformed, rateLimited })).toEqual({
      status: 499,
      message: 'The request was cancelled.',
    });
  });

  test('the client going away aborts the call: 499, the cancelled message', async () => {
    const ctx = fakeCtx();
    let close = () => undefined as void;
    (ctx.res as unknown as { once: (e: string, f: () => void) => void }).once = (_e, f) => void (close = f);
    const refused = await refusal(
      calls.call(
        ctx,
        (signal) =>
          new Promise((_, reject) => {
            signal.addEventListener('abort', () => reject(new AiAbortedError()));
            setTimeout(close, 5);
          }),
      ),
    );
    expect([refused.status, refused.errors]).toEqual([499, ['cancelled']]);
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
