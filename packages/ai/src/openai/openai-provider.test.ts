import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { z } from 'zod';
import { AiAbortedError, AiMalformedAnswerError, AiTimeoutError, AiUnavailableError } from '../errors';
import { providerFor, startOpenAiTestServer, type OpenAiTestServer } from '../testing';

let server: OpenAiTestServer;

beforeAll(async () => {
  server = await startOpenAiTestServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  server.fallback = undefined;
});

const hello = [{ role: 'user' as const, content: 'Hello' }];

describe('OpenAI-compatible provider through the real openai client', () => {
  test('plain chat sends the model, the system prompt and the messages, and returns the text', async () => {
    server.reply({ content: 'Hi! What would you like to work on?' });
    const ai = providerFor(server);

    const text = await ai.chat({ system: 'You are a coach.', messages: hello });

    expect(text).toBe('Hi! What would you like to work on?');
    expect(server.requests).toHaveLength(1);
    const { body, headers } = server.requests[0]!;
    expect(body.model).toBe('test-model');
    expect(body.stream).toBeFalsy();
    expect(body.messages).toEqual([
      { role: 'system', content: 'You are a coach.' },
      { role: 'user', content: 'Hello' },
    ]);
    expect(headers.authorization).toBe('Bearer test-key');
  });

  test('info names the provider and the model', () => {
    expect(providerFor(server, { model: 'llama3.2' }).info()).toEqual({ provider: 'openai-compatible', model: 'llama3.2' });
  });

  test('streaming yields the deltas in order and the final text', async () => {
    server.reply({ chunks: ['Tell ', 'me ', 'about ', 'the ', 'situation.'] });
    const stream = providerFor(server).chatStream({ messages: hello });

    const deltas: string[] = [];
    for await (const delta of stream) deltas.push(delta);

    expect(deltas).toEqual(['Tell ', 'me ', 'about ', 'the ', 'situation.']);
    expect(stream.text).toBe('Tell me about the situation.');
    expect(await stream.final()).toBe('Tell me about the situation.');
    expect(server.requests[0]!.body.stream).toBe(true);
  });

  test('final() drains a stream nobody iterated', async () => {
    server.reply({ content: 'One two three four five' });
    expect(await providerFor(server).chatStream({ messages: hello }).final()).toBe('One two three four five');
  });

  test('the server speaks SSE ending with data: [DONE]', async () => {
    server.reply({ chunks: ['a', 'b'] });
    const res = await fetch(`${server.baseURL}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm', stream: true, messages: hello }),
    });
    const raw = await res.text();
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = raw.split('\n\n').filter(Boolean);
    expect(events.at(-1)).toBe('data: [DONE]');
    const chunks = events.slice(0, -1).map((e) => JSON.parse(e.replace(/^data: /, '')));
    expect(chunks.every((c) => c.object === 'chat.completion.chunk')).toBe(true);
    expect(chunks.map((c) => c.choices[0].delta.content ?? '').join('')).toBe('ab');
    expect(chunks.at(-1).choices[0].finish_reason).toBe('stop');
  });

  test('a 500 becomes AiUnavailableError with the status', async () => {
    server.reply({ status: 500, errorMessage: 'The model crashed' });
    const err = await providerFor(server)
      .chat({ messages: hello })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AiUnavailableError);
    expect((err as AiUnavailableError).status).toBe(500);
    expect((err as AiUnavailableError).code).toBe('unavailable');
    expect((err as Error).message).toContain('The model crashed');
  });

  test('a 500 is retried when retries are allowed', async () => {
    server.reply({ status: 500 }, { content: 'Recovered' });
    expect(await providerFor(server, { maxRetries: 1 }).chat({ messages: hello })).toBe('Recovered');
    expect(server.requests).toHaveLength(2);
  });

  test('a 500 on a stream becomes AiUnavailableError', async () => {
    server.reply({ status: 503 });
    await expect(providerFor(server).chatStream({ messages: hello }).final()).rejects.toBeInstanceOf(AiUnavailableError);
  });

  test('a stream cut before its finish reason and [DONE] is an AiUnavailableError, not a short reply', async () => {
    server.reply({ chunks: ['I led ', 'the migr'], truncated: true });
    const stream = providerFor(server).chatStream({ messages: hello });
    const seen: string[] = [];
    await expect(
      (async () => {
        for await (const t of stream) seen.push(t);
      })(),
    ).rejects.toBeInstanceOf(AiUnavailableError);
    expect(seen.join('')).toBe('I led the migr');
  });

  test('an unreachable endpoint becomes AiUnavailableError', async () => {
    const gone = await startOpenAiTestServer();
    const ai = providerFor(gone);
    await gone.close();
    await expect(ai.chat({ messages: hello })).rejects.toBeInstanceOf(AiUnavailableError);
  });

  test('a slow answer becomes AiTimeoutError within the budget', async () => {
    server.reply({ content: 'too late', delayMs: 3_000 });
    const started = Date.now();
    const err = await providerFor(server, { timeoutMs: 200 })
      .chat({ messages: hello })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AiTimeoutError);
    expect((err as AiTimeoutError).timeoutMs).toBe(200);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  test('the per-call timeout overrides the provider default', async () => {
    server.reply({ content: 'too late', delayMs: 3_000 });
    await expect(providerFor(server, { timeoutMs: 10_000 }).chat({ messages: hello, timeoutMs: 150 })).rejects.toBeInstanceOf(
      AiTimeoutError,
    );
  });

  test('a stream that stalls after its first chunk times out too', async () => {
    server.reply({ chunks: ['first ', 'second'], chunkDelayMs: 3_000 });
    const stream = providerFor(server, { timeoutMs: 300 }).chatStream({ messages: hello });
    await expect(stream.final()).rejects.toBeInstanceOf(AiTimeoutError);
    expect(stream.text).toBe('first ');
  });

  test('a reader that stops early closes the request', async () => {
    server.reply({ chunks: ['one ', 'two ', 'three'], chunkDelayMs: 2_000 });
    const stream = providerFor(server).chatStream({ messages: hello });
    const started = Date.now();
    for await (const delta of stream) {
      expect(delta).toBe('one ');
      break;
    }
    expect(stream.text).toBe('one ');
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  test('aborting via AbortSignal becomes AiAbortedError', async () => {
    server.reply({ content: 'never seen', delayMs: 3_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const started = Date.now();
    await expect(providerFor(server).chat({ messages: hello, signal: controller.signal })).rejects.toBeInstanceOf(AiAbortedError);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  test('an already aborted signal fails at once without a request', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(providerFor(server).chat({ messages: hello, signal: controller.signal })).rejects.toBeInstanceOf(AiAbortedError);
    expect(server.requests).toHaveLength(0);
  });

  test('aborting a stream midway becomes AiAbortedError', async () => {
    server.reply({ chunks: ['one ', 'two ', 'three'], chunkDelayMs: 500 });
    const controller = new AbortController();
    const stream = providerFor(server).chatStream({ messages: hello, signal: controller.signal });
    const seen: string[] = [];
    const reading = (async () => {
      for await (const delta of stream) {
        seen.push(delta);
        if (seen.includes('one ')) controller.abort();
      }
    })();
    await expect(reading).rejects.toBeInstanceOf(AiAbortedError);
    expect(seen).toEqual(['one ']);
  });
});

describe('structured answers', () => {
  const schema = z.object({ score: z.number().int().min(0).max(100), feedback: z.string() });

  test('a valid JSON answer is parsed and JSON mode is requested', async () => {
    server.reply({ content: '{"score": 80, "feedback": "Specific and clear."}' });
    const answer = await providerFor(server).structured({ schema, system: 'Score it.', messages: hello });
    expect(answer).toEqual({ score: 80, feedback: 'Specific and clear.' });
    const body = server.requests[0]!.body;
    expect(body.response_format).toEqual({ type: 'json_object' });
    // The format instruction (with the schema) follows the caller's system prompt.
    expect(body.messages?.[0]?.content).toMatch(/^Score it\.[\s\S]*JSON[\s\S]*"score"/);
  });

  test('JSON inside a fence is accepted', async () => {
    server.reply({ content: 'Here you go:\n```json\n{"score": 55, "feedback": "ok"}\n```' });
    expect(await providerFor(server).structured({ schema, messages: hello })).toEqual({ score: 55, feedback: 'ok' });
  });

  test('malformed JSON then a valid answer succeeds after one retry that shows the problem', async () => {
    server.reply({ content: '{"score": 80, "feedback": ' }, { content: '{"score": 80, "feedback": "Good."}' });
    const answer = await providerFor(server).structured({ schema, messages: hello });
    expect(answer).toEqual({ score: 80, feedback: 'Good.' });
    expect(server.requests).toHaveLength(2);
    const retry = server.requests[1]!.body.messages!;
    expect(retry.at(-2)).toEqual({ role: 'assistant', content: '{"score": 80, "feedback": ' });
    expect(retry.at(-1)?.role).toBe('user');
    expect(retry.at(-1)?.content).toContain('not valid JSON');
  });

  test('JSON of the wrong shape is retried too', async () => {
    server.reply({ content: '{"score": 250}' }, { content: '{"score": 90, "feedback": "Great."}' });
    expect(await providerFor(server).structured({ schema, messages: hello })).toEqual({ score: 90, feedback: 'Great.' });
    expect(server.requests[1]!.body.messages!.at(-1)?.content).toContain('score');
  });

  test('malformed twice becomes AiMalformedAnswerError', async () => {
    server.reply({ content: 'I think it is an 80.' }, { content: 'Eighty out of a hundred.' });
    const err = await providerFor(server)
      .structured({ schema, messages: hello })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AiMalformedAnswerError);
    expect((err as AiMalformedAnswerError).answer).toBe('Eighty out of a hundred.');
    expect(server.requests).toHaveLength(2);
  });

  test('JSON mode can be turned off for servers without response_format', async () => {
    server.reply({ content: '{"score": 1, "feedback": "x"}' });
    await providerFor(server, { jsonMode: false }).structured({ schema, messages: hello });
    expect(server.requests[0]!.body.response_format).toBeUndefined();
  });
});

describe('token usage (the eval reports it)', () => {
  test('onUsage is told the tokens an answer took, as the endpoint reported them', async () => {
    server.reply({ content: 'What is the first step?' });
    const seen: unknown[] = [];
    await providerFor(server, { onUsage: (u) => seen.push(u) }).chat({ messages: hello });
    expect(seen).toEqual([{ promptTokens: expect.any(Number), completionTokens: Math.ceil('What is the first step?'.length / 4) }]);
  });

  test('a stream asks for usage only when someone listens (servers may reject the option)', async () => {
    server.reply({ content: 'One' }, { content: 'Two' });
    await providerFor(server).chatStream({ messages: hello }).final();
    await providerFor(server, { onUsage: () => {} })
      .chatStream({ messages: hello })
      .final();
    expect(server.requests.map((r) => r.body.stream_options)).toEqual([undefined, { include_usage: true }]);
  });
});
