// The `@cc/ai/testing` OpenAI-compatible server as its own process, for the chat bench: every
// request waits BENCH_AI_DELAY_MS (default 50) before its first byte, then answers a fixed
// reply (streamed without pauses when asked to stream). Prints "listening <baseURL>".
import { startOpenAiTestServer } from '@cc/ai/testing';

const delayMs = Number(process.env.BENCH_AI_DELAY_MS ?? 50);
const content = 'That sounds like a meaningful project. What was your own part in it, and what changed because of it?';

const server = await startOpenAiTestServer();
server.fallback = () => ({ content, delayMs });
// The test server keeps every request for inspection; a bench sends thousands.
setInterval(() => server.requests.splice(0), 1000).unref();
process.stdout.write(`listening ${server.baseURL}\n`);

const stop = () => void server.close().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
