// The chat bench: what svc-chat (and the gateway) add on top of the model's own latency.
//
// The model is the `@cc/ai/testing` OpenAI-compatible server in its own process
// (bench/servers/openai-test-server.ts), waiting a fixed BENCH_AI_DELAY_MS (50 ms) before its
// first byte. The stack must call it, so when this module is selected and the bench starts its
// own stack, the server is started while this file is imported, before bench/index.ts starts
// the stack, and AI_BASE_URL / AI_MODEL / AI_RATE_LIMIT_PER_MINUTE are put in the environment
// the stack inherits. With --base-url the running stack's own AI is measured as it is.
import autocannon from 'autocannon';
import { SERVICE_PORTS } from '@cc/contracts';
import { setUpPageChats } from '../lib/chat-pages';
import { modelServer, moduleSelected } from '../lib/model-server';
import { CONNECTIONS, DURATION, WARMUP } from '../lib/load';
import { int, median } from '../lib/stats';
import type { BenchContext, BenchModule, BenchUser, Row } from '../lib/types';

const DELAY_MS = Number(process.env.BENCH_AI_DELAY_MS ?? 50);
const TTFT_RUNS = Number(process.env.BENCH_CHAT_RUNS ?? 50);
const chatURL = `http://127.0.0.1:${SERVICE_PORTS.chat}`;

const server = moduleSelected('chat') ? await modelServer(DELAY_MS) : undefined;
if (server) {
  process.stderr.write(
    `[bench] chat: OpenAI test server at ${server.baseURL} (${DELAY_MS} ms before the first byte); the stack will use it\n`,
  );
}

const p = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
};
const ms1 = (v: number) => `${v.toFixed(1)} ms`;

/** ms from sending the request to the first chunk holding `marker`. */
async function firstChunk(url: string, init: RequestInit, marker: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, init);
  if (!res.ok || !res.body) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let seen = '';
  let at: number | undefined;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    seen += value;
    if (at === undefined && seen.includes(marker)) at = performance.now() - started;
  }
  if (at === undefined) throw new Error(`${url}: no ${JSON.stringify(marker)} in ${seen.slice(0, 300)}`);
  return at;
}

const chatBody = (i: number) => ({
  file_id: 1000 + i,
  folder: 'current-projects',
  file_name: 'billing.md',
  file_content: '# Billing migration\n\n## Goal\n- Cut database costs by 40%.\n',
  mode: 'agent',
  message: 'I led the migration of our billing system to Postgres.',
  conversation_history: [],
});

function sseInit(user: BenchUser, i: number, body: Record<string, unknown> = chatBody(i)): RequestInit {
  return {
    method: 'POST',
    headers: { accept: 'text/event-stream', 'content-type': 'application/json', cookie: user.cookie, 'x-csrf-token': user.csrfToken },
    body: JSON.stringify(body),
  };
}

/** Time to the first `event: token`, sequentially, after 5 warm-up requests. */
async function ttft(run: (i: number) => Promise<number>): Promise<number[]> {
  for (let i = 0; i < 5; i++) await run(i);
  const times: number[] = [];
  for (let i = 0; i < TTFT_RUNS; i++) times.push(await run(i));
  return times;
}

async function sendMessageLoad(url: string, users: BenchUser[], duration: number): Promise<autocannon.Result> {
  let next = 0;
  return autocannon({
    url,
    method: 'POST',
    connections: CONNECTIONS,
    duration,
    pipelining: 1,
    body: JSON.stringify(chatBody(0)),
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    // One user per connection, like real traffic (each has its own conversation and rate budget).
    setupClient(client) {
      const user = users[next++ % users.length]!;
      client.setHeaders({
        'content-type': 'application/json',
        accept: 'application/json',
        cookie: user.cookie,
        'x-csrf-token': user.csrfToken,
      });
    },
  });
}

async function statusNote(ctx: BenchContext, user: BenchUser): Promise<string> {
  const res = await fetch(`${ctx.baseURL}/ai_chat/status`, { headers: { cookie: user.cookie, accept: 'application/json' } });
  const body = (await res.json()) as { provider?: string; model?: string };
  return `${body.provider}/${body.model}`;
}

export const chat: BenchModule = {
  name: 'chat',
  description: `POST /ai_chat/send_message against an OpenAI test server with ${DELAY_MS} ms before its first byte: time to first streamed token (SSE) and JSON throughput`,
  async run(ctx) {
    const users = await Promise.all(Array.from({ length: CONNECTIONS }, (_, i) => ctx.newUser(`chat${i}`)));
    const user = users[0]!;
    const provider = await statusNote(ctx, user);
    if (server && provider !== 'openai-compatible/bench-model')
      throw new Error(`svc-chat is not using the bench model server (status: ${provider})`);
    const out: Row[] = [];
    try {
      // (1) Time to first token: the model server alone, svc-chat directly, and through nginx.
      const runs: [string, string, (i: number) => Promise<number>][] = [];
      if (server) {
        const direct = { model: 'bench-model', stream: true, messages: [{ role: 'user', content: 'hi' }] };
        runs.push([
          'model server alone',
          'raw OpenAI streaming request, the floor',
          () =>
            firstChunk(
              `${server.baseURL}/chat/completions`,
              { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(direct) },
              '"content":"That',
            ),
        ]);
      }
      runs.push([
        'svc-chat direct',
        `:${SERVICE_PORTS.chat}, no gateway`,
        (i) => firstChunk(`${chatURL}/ai_chat/send_message`, sseInit(user, i), 'event: token'),
      ]);
      runs.push([
        'via nginx',
        'gateway → svc-chat → model',
        (i) => firstChunk(`${ctx.baseURL}/ai_chat/send_message`, sseInit(user, i), 'event: token'),
      ]);
      const medians = new Map<string, number>();
      for (const [label, notes, run] of runs) {
        ctx.log(`chat: time to first token, ${label} (${TTFT_RUNS} requests)`);
        const times = await ttft(run);
        medians.set(label, median(times));
        const added = server
          ? `; minus the ${DELAY_MS} ms model delay: ${ms1(median(times) - DELAY_MS)} / ${ms1(p(times, 0.99) - DELAY_MS)}`
          : '';
        out.push({
          bench: `SSE first token, ${label}`,
          metric: 'median / p99',
          value: `${ms1(median(times))} / ${ms1(p(times, 0.99))}`,
          notes: `${notes}; ${TTFT_RUNS} sequential requests${added}`,
        });
      }
      const floor = medians.get('model server alone');
      if (floor !== undefined) {
        for (const label of ['svc-chat direct', 'via nginx']) {
          out.push({
            bench: `SSE first token, ${label}`,
            metric: 'added (median)',
            value: ms1(medians.get(label)! - floor),
            notes: 'over the model server alone; goal ≤ 20 ms',
          });
        }
      }

      // (2) What each chat page's reads add (issue 20): the first token of a chat whose page
      // svc-chat reads from svc-people / svc-coaching first, beside the file chat, which reads none.
      const pagesUser = await ctx.newUser('chatpages');
      const pages = await setUpPageChats(ctx.baseURL, pagesUser);
      const pageMedians = new Map<string, number>();
      for (const { page, notes, body } of pages) {
        ctx.log(`chat: time to first token, ${page} chat via nginx (${TTFT_RUNS} requests)`);
        const times = await ttft(() => firstChunk(`${ctx.baseURL}/ai_chat/send_message`, sseInit(pagesUser, 0, body), 'event: token'));
        pageMedians.set(page, median(times));
        const over = page === 'file' ? '' : `; over the file chat: ${ms1(median(times) - pageMedians.get('file')!)}`;
        out.push({
          bench: `SSE first token, ${page} chat`,
          metric: 'median / p99',
          value: `${ms1(median(times))} / ${ms1(p(times, 0.99))}`,
          notes: `via nginx; ${notes}${over}`,
        });
      }

      // (3) JSON send_message throughput and latency (autocannon), direct and through nginx.
      for (const [label, url, notes] of [
        ['svc-chat direct', `${chatURL}/ai_chat/send_message`, `:${SERVICE_PORTS.chat}, no gateway`],
        ['via nginx', `${ctx.baseURL}/ai_chat/send_message`, 'gateway → svc-chat → model'],
      ] as const) {
        const probe = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json', cookie: user.cookie, 'x-csrf-token': user.csrfToken },
          body: JSON.stringify(chatBody(0)),
        });
        if (!probe.ok) throw new Error(`${label}: send_message answered ${probe.status}: ${await probe.text()}`);
        ctx.log(`chat: send_message JSON ${label} (${CONNECTIONS} connections / users, ${WARMUP} s warm-up + ${DURATION} s)`);
        await sendMessageLoad(url, users, WARMUP);
        const result = await sendMessageLoad(url, users, DURATION);
        const problems = result.non2xx + result.errors + result.timeouts;
        const sanity = problems ? `; ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts` : '';
        const added = server ? `; minus the ${DELAY_MS} ms model delay: p50 ${result.latency.p50 - DELAY_MS} ms` : '';
        out.push(
          {
            bench: `send_message JSON, ${label}`,
            metric: 'req/s (mean)',
            value: int(result.requests.average),
            notes: `${int(result.requests.total)} requests in ${result.duration.toFixed(1)} s, ${CONNECTIONS} connections${sanity}`,
          },
          {
            bench: `send_message JSON, ${label}`,
            metric: 'latency p50 / p99',
            value: `${result.latency.p50} / ${result.latency.p99} ms`,
            notes: `${notes}${added}`,
          },
        );
      }
      if (!server)
        out.push({
          bench: 'chat',
          metric: 'model',
          value: provider,
          notes: "the running stack's own AI (--base-url); no model delay to subtract",
        });
    } finally {
      server?.stop();
    }
    return out;
  },
};
