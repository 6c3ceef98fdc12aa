import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import OpenAI from 'openai';
import { createEmbedder, embeddingsConfigFromEnv } from '../config';
import { AiAbortedError, AiTimeoutError, AiUnavailableError } from '../errors';
import { embedderFor, modelEnv, startOpenAiTestServer, testEmbedding, TEST_EMBEDDING_DIMENSIONS, type OpenAiTestServer } from '../testing';
import { EMBED_BATCH } from './embeddings';

let server: OpenAiTestServer;

beforeAll(async () => {
  server = await startOpenAiTestServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
});

const cosine = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i]!, 0);

describe('the test model’s vectors', () => {
  test('are unit length, the same every time, and close for texts sharing words', () => {
    const a = testEmbedding('Planning the database migration');
    expect(a).toHaveLength(TEST_EMBEDDING_DIMENSIONS);
    expect(Math.hypot(...a)).toBeCloseTo(1, 10);
    expect(testEmbedding('Planning the database migration')).toEqual(a);
    const near = cosine(a, testEmbedding('We planned the migration of the database'));
    const far = cosine(a, testEmbedding('Lunch with Ada about her garden'));
    expect(near).toBeGreaterThan(0.8);
    expect(far).toBeLessThan(0.5);
    expect(near).toBeGreaterThan(far);
  });

  test('a text without words still gets a unit vector', () => {
    expect(Math.hypot(...testEmbedding('?!'))).toBeCloseTo(1, 10);
  });

  test('are served in the real wire format, floats or base64, to the openai client itself', async () => {
    const client = new OpenAI({ baseURL: server.baseURL, apiKey: 'k', maxRetries: 0 });
    const floats = await client.embeddings.create({ model: 'm', input: ['one text', 'two'], encoding_format: 'float' });
    expect(floats.object).toBe('list');
    expect(floats.model).toBe('m');
    expect(floats.usage.total_tokens).toBeGreaterThan(0);
    expect(floats.data.map((d) => [d.object, d.index])).toEqual([
      ['embedding', 0],
      ['embedding', 1],
    ]);
    expect(floats.data[0]!.embedding).toEqual(testEmbedding('one text'));
    // Without encoding_format the client asks for base64 and decodes it into float32s.
    const decoded = await client.embeddings.create({ model: 'm', input: 'one text' });
    const vector = Array.from(decoded.data[0]!.embedding);
    vector.forEach((x, i) => expect(x).toBeCloseTo(testEmbedding('one text')[i]!, 6));
    const sized = await client.embeddings.create({ model: 'm', input: 'one text', dimensions: 8, encoding_format: 'float' });
    expect(sized.data[0]!.embedding).toHaveLength(8);
  });
});

describe('createEmbedder', () => {
  test('none without EMBEDDINGS_MODEL, or without an endpoint', () => {
    expect(createEmbedder({ ...modelEnv(server) })).toBeNull();
    expect(createEmbedder({ EMBEDDINGS_MODEL: 'nomic-embed-text' })).toBeNull();
    expect(createEmbedder({ ...modelEnv(server), EMBEDDINGS_MODEL: '  ' })).toBeNull();
  });

  test('reads the model and the AI_* endpoint settings', () => {
    expect(embeddingsConfigFromEnv({ ...modelEnv(server), EMBEDDINGS_MODEL: ' nomic-embed-text ' })).toEqual({
      baseURL: server.baseURL,
      model: 'nomic-embed-text',
      apiKey: 'test-key',
      timeoutMs: 5000,
      maxRetries: 0,
    });
  });

  test('embeds through the openai client at AI_BASE_URL, as floats, and learns the length', async () => {
    const embedder = createEmbedder({ ...modelEnv(server), EMBEDDINGS_MODEL: 'nomic-embed-text' })!;
    expect(embedder.model).toBe('nomic-embed-text');
    expect(embedder.dimensions).toBeUndefined();
    const vectors = await embedder.embed(['first note', 'second note']);
    expect(vectors).toEqual([testEmbedding('first note'), testEmbedding('second note')]);
    expect(embedder.dimensions).toBe(TEST_EMBEDDING_DIMENSIONS);
    const { body, headers, path } = server.requests[0]!;
    expect(path).toBe('/v1/embeddings');
    expect(body).toMatchObject({ model: 'nomic-embed-text', input: ['first note', 'second note'], encoding_format: 'float' });
    expect(headers.authorization).toBe('Bearer test-key');
  });
});

describe('embed', () => {
  test('sends at most 64 texts a request and keeps the order', async () => {
    const texts = Array.from({ length: EMBED_BATCH * 2 + 3 }, (_, i) => `note number ${i}`);
    const vectors = await embedderFor(server).embed(texts);
    expect(vectors).toEqual(texts.map((t) => testEmbedding(t)));
    expect(server.requests.map((r) => (r.body.input as string[]).length)).toEqual([EMBED_BATCH, EMBED_BATCH, 3]);
  });

  test('nothing to embed asks nothing', async () => {
    expect(await embedderFor(server).embed([])).toEqual([]);
    expect(server.requests).toHaveLength(0);
  });

  test('an HTTP error is unavailable, without the texts in its message', async () => {
    server.replyEmbeddings({ status: 503, errorMessage: 'model is loading' });
    const err = await embedderFor(server)
      .embed(['my secret note'])
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AiUnavailableError);
    expect((err as AiUnavailableError).status).toBe(503);
    expect(String((err as Error).message)).not.toContain('secret');
  });

  test('a slow answer times out, a cancelled one is aborted', async () => {
    server.replyEmbeddings({ delayMs: 2_000 });
    await expect(embedderFor(server, { timeoutMs: 100 }).embed(['a note'])).rejects.toBeInstanceOf(AiTimeoutError);
    server.replyEmbeddings({ delayMs: 2_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    await expect(embedderFor(server).embed(['a note'], controller.signal)).rejects.toBeInstanceOf(AiAbortedError);
  });

  test('an unreachable endpoint is unavailable', async () => {
    await expect(embedderFor(server, { baseURL: 'http://127.0.0.1:9/v1' }).embed(['a note'])).rejects.toBeInstanceOf(AiUnavailableError);
  });
});
