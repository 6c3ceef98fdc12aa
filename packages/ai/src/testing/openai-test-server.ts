/**
 * A small OpenAI-compatible server on loopback for tests: POST /v1/chat/completions answers
 * from a script of replies, in the real wire format (a chat.completion object, or SSE
 * chat.completion.chunk events ending with `data: [DONE]`, or OpenAI's error JSON), with
 * optional delays so timeouts and cancellation can be exercised. POST /v1/embeddings answers
 * with deterministic vectors that carry meaning (testEmbedding), so texts sharing words are close.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ScriptedReply {
  /** The assistant's text. */
  content?: string;
  /** Streaming deltas; defaults to `content` split into words. */
  chunks?: string[];
  /** An HTTP error status; the body is OpenAI's error shape. */
  status?: number;
  errorMessage?: string;
  /** Wait this long before answering (headers included). */
  delayMs?: number;
  /** Wait this long between SSE chunks. */
  chunkDelayMs?: number;
  finishReason?: 'stop' | 'length';
  /** Streaming: end the response after the deltas, with no finish reason and no `[DONE]` (a cut connection). */
  truncated?: boolean;
  /** Sent beside the answer as Perplexity's API does: the URLs the answer's [n] refer to. */
  citations?: string[];
  /** Perplexity's `search_results`: [{title, url, date}]. */
  searchResults?: { title: string; url: string; date?: string }[];
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: ChatCompletionBody;
}

export interface ChatCompletionBody {
  model?: string;
  stream?: boolean;
  messages?: { role: string; content: string }[];
  response_format?: { type: string };
  [key: string]: unknown;
}

export interface OpenAiTestServer {
  /** The base URL to give the client, ending in /v1. */
  baseURL: string;
  /** Every request received, in order. */
  requests: RecordedRequest[];
  /** Queues replies; each request takes the next one. */
  reply(...replies: ScriptedReply[]): void;
  /**
   * Queues answers for POST /v1/embeddings, apart from the chat replies: an error status or a
   * delay (the vectors are always testEmbedding's). Unqueued requests get the vectors at once.
   */
  replyEmbeddings(...replies: Pick<ScriptedReply, 'status' | 'errorMessage' | 'delayMs'>[]): void;
  /** Answers requests when the queue is empty (default: a 500 saying nothing was scripted). */
  fallback: ((body: ChatCompletionBody) => ScriptedReply) | undefined;
  close(): Promise<void>;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (!ms || signal.aborted) return resolve();
    // One listener at a time: a streamed reply sleeps once per chunk on the same signal.
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });

let sequence = 0;
const completionId = () => `chatcmpl-test${++sequence}`;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    'x-request-id': `req_${sequence}`,
  });
  res.end(text);
}

function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  type = status >= 500 ? 'server_error' : 'invalid_request_error',
): void {
  sendJson(res, status, { error: { message, type, param: null, code: null } });
}

function usageFor(body: ChatCompletionBody, content: string) {
  const prompt = (body.messages ?? []).reduce((n, m) => n + Math.ceil(String(m.content ?? '').length / 4), 0);
  const completion = Math.ceil(content.length / 4);
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

async function answer(res: ServerResponse, body: ChatCompletionBody, reply: ScriptedReply, gone: AbortSignal): Promise<void> {
  await sleep(reply.delayMs ?? 0, gone);
  if (gone.aborted) return;
  if (reply.status && reply.status >= 400) {
    sendError(res, reply.status, reply.errorMessage ?? 'The server had an error while processing your request.');
    return;
  }
  const model = body.model ?? 'test-model';
  const created = Math.floor(Date.now() / 1000);
  const id = completionId();
  const content = reply.content ?? reply.chunks?.join('') ?? '';
  const finish = reply.finishReason ?? 'stop';

  if (!body.stream) {
    sendJson(res, 200, {
      id,
      object: 'chat.completion',
      created,
      model,
      system_fingerprint: 'fp_test',
      choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, logprobs: null, finish_reason: finish }],
      usage: usageFor(body, content),
      ...(reply.citations ? { citations: reply.citations } : {}),
      ...(reply.searchResults ? { search_results: reply.searchResults } : {}),
    });
    return;
  }

  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive' });
  const event = (delta: Record<string, unknown>, finishReason: string | null) =>
    `data: ${JSON.stringify({
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      system_fingerprint: 'fp_test',
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    })}\n\n`;
  const chunks = reply.chunks ?? content.match(/\S+\s*|\s+/g) ?? [];
  res.write(event({ role: 'assistant', content: '', refusal: null }, null));
  for (const [i, chunk] of chunks.entries()) {
    if (i > 0) await sleep(reply.chunkDelayMs ?? 0, gone);
    if (gone.aborted) return;
    res.write(event({ content: chunk }, null));
  }
  if (reply.truncated) {
    res.end();
    return;
  }
  res.write(event({}, finish));
  res.end('data: [DONE]\n\n');
}

/** The test model's vector length, unless a request asks for `dimensions`. */
export const TEST_EMBEDDING_DIMENSIONS = 64;

/** Words too common to carry meaning: two texts are not alike for sharing "the". */
const STOP_WORDS = new Set(
  ['a an and are as at be but by for from has have i in is it its me my of on or our', 'so that the this to was we were will with you your']
    .join(' ')
    .split(' '),
);

/** A crude English stem, enough that "planning", "planned" and "plans" land together. */
function stem(word: string): string {
  for (const suffix of ['ations', 'ation', 'ings', 'ing', 'ed', 'es', 's', 'ly']) {
    if (word.length - suffix.length >= 3 && word.endsWith(suffix)) {
      const base = word.slice(0, -suffix.length);
      // planning -> plann -> plan: a doubled last consonant is one.
      return base.length >= 4 && base.at(-1) === base.at(-2) ? base.slice(0, -1) : base;
    }
  }
  return word;
}

/** FNV-1a: the same 32 bits for a word in every run. */
function hash(word: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/**
 * The test model's vector for a text: a signed, hashed bag of its lower-cased word stems,
 * L2-normalised. Texts sharing words have a high cosine, texts sharing none about zero. A text
 * with no words gets the first unit vector, as a real model answers something for anything.
 */
export function testEmbedding(text: string, dimensions = TEST_EMBEDDING_DIMENSIONS): number[] {
  const v = new Array<number>(dimensions).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (STOP_WORDS.has(word)) continue;
    const h = hash(stem(word));
    v[h % dimensions]! += h & 0x80000000 ? -1 : 1;
  }
  const norm = Math.hypot(...v);
  if (norm === 0) return v.map((_, i) => (i === 0 ? 1 : 0));
  return v.map((x) => x / norm);
}

async function answerEmbeddings(
  res: ServerResponse,
  body: ChatCompletionBody,
  reply: Pick<ScriptedReply, 'status' | 'errorMessage' | 'delayMs'>,
  gone: AbortSignal,
): Promise<void> {
  await sleep(reply.delayMs ?? 0, gone);
  if (gone.aborted) return;
  if (reply.status && reply.status >= 400) {
    sendError(res, reply.status, reply.errorMessage ?? 'The server had an error while processing your request.');
    return;
  }
  const input = typeof body.input === 'string' ? [body.input] : body.input;
  if (!Array.isArray(input) || input.length === 0 || !input.every((t) => typeof t === 'string' && t.length > 0)) {
    sendError(res, 400, "'$.input' is invalid. Please check the API reference.");
    return;
  }
  const dimensions = typeof body.dimensions === 'number' && body.dimensions > 0 ? body.dimensions : TEST_EMBEDDING_DIMENSIONS;
  // The client asks for base64 unless told otherwise: little-endian float32s, as OpenAI sends them.
  const base64 = body.encoding_format === 'base64';
  const tokens = input.reduce((n, t) => n + Math.ceil(t.length / 4), 0);
  sendJson(res, 200, {
    object: 'list',
    data: input.map((text, index) => {
      const vector = testEmbedding(text, dimensions);
      return {
        object: 'embedding',
        index,
        embedding: base64 ? Buffer.from(new Float32Array(vector).buffer).toString('base64') : vector,
      };
    }),
    model: body.model ?? 'test-embedding-model',
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  });
}

/** `port`: a fixed one (a server other processes are pointed at before it starts); default: any free port. */
export async function startOpenAiTestServer({ port: wanted = 0 }: { port?: number } = {}): Promise<OpenAiTestServer> {
  const queue: ScriptedReply[] = [];
  const embeddingsQueue: Pick<ScriptedReply, 'status' | 'errorMessage' | 'delayMs'>[] = [];
  const requests: RecordedRequest[] = [];
  const open = new Set<AbortController>();

  const server = createServer(async (req, res) => {
    const gone = new AbortController();
    open.add(gone);
    // The client hung up (timeout or abort): stop writing to it.
    res.on('close', () => gone.abort());
    try {
      const path = (req.url ?? '/').split('?')[0]!;
      if (req.method === 'GET' && path === '/v1/models') {
        sendJson(res, 200, { object: 'list', data: [{ id: 'test-model', object: 'model', created: 0, owned_by: 'test' }] });
        return;
      }
      if (req.method === 'POST' && path === '/v1/embeddings') {
        let body: ChatCompletionBody;
        try {
          body = JSON.parse(await readBody(req)) as ChatCompletionBody;
        } catch {
          sendError(res, 400, 'We could not parse the JSON body of your request.');
          return;
        }
        requests.push({ method: req.method, path, headers: req.headers, body });
        await answerEmbeddings(res, body, embeddingsQueue.shift() ?? {}, gone.signal);
        return;
      }
      if (req.method !== 'POST' || path !== '/v1/chat/completions') {
        sendError(res, 404, `Unknown path ${req.method} ${path}`);
        return;
      }
      let body: ChatCompletionBody;
      try {
        body = JSON.parse(await readBody(req)) as ChatCompletionBody;
      } catch {
        sendError(res, 400, 'We could not parse the JSON body of your request.');
        return;
      }
      requests.push({ method: req.method, path, headers: req.headers, body });
      const reply = queue.shift() ?? api.fallback?.(body) ?? { status: 500, errorMessage: 'No reply was scripted for this request.' };
      await answer(res, body, reply, gone.signal);
    } catch (err) {
      if (!res.headersSent) sendError(res, 500, String(err));
      else res.destroy();
    } finally {
      open.delete(gone);
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(wanted, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;

  const api: OpenAiTestServer = {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    reply: (...replies) => void queue.push(...replies),
    replyEmbeddings: (...replies) => void embeddingsQueue.push(...replies),
    fallback: undefined,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const c of open) c.abort();
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
  return api;
}
