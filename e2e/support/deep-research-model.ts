// The model behind deep research in the e2e stack: the OpenAI-compatible test server on a fixed
// port (the stack's DEEP_RESEARCH_BASE_URL points at it), answering as a slow model would: it
// streams a profile over a few seconds, so a journey can reload the page mid-run and watch the
// progress resume. Everything else in the stack keeps the offline coach.
//
// The profile is written from the prompt it is given: each "Source: <label>" block of the user's
// notes becomes "Information from <label>:" with the block's lines as statements, so the
// statements and their sources are the user's own, as a faithful model would write them.
import { startOpenAiTestServer, type ChatCompletionBody } from '@cc/ai/testing';
import { DEEP_MODEL_PORT, DEEP_MODEL_SECONDS } from './env';

export function profileFromPrompt(body: ChatCompletionBody): string {
  const user = [...(body.messages ?? [])].reverse().find((m) => m.role === 'user')?.content ?? '';
  const sections: string[] = [];
  const labels: string[] = [];
  for (const block of user.split(/\n(?=Source: )/)) {
    const match = /^Source: (.+)\n([\s\S]*)$/.exec(block.trim());
    if (!match) continue;
    const [, label, text] = match;
    const lines = text!
      .split('\n')
      .map((l) => l.replace(/^\s*(?:[-*+]|\d+\.)\s+/, '').trim())
      .filter((l) => l && !l.startsWith('#'));
    if (!lines.length) continue;
    labels.push(label!.trim());
    sections.push(`Information from ${label!.trim()}:\n${lines.map((l) => `- ${l}`).join('\n')}`);
  }
  const name = /^Name: (.+)$/m.exec(user)?.[1];
  const role = /^Role: (.+)$/m.exec(user)?.[1];
  const about = name && role ? [`Information from profile details:\n- I am ${name}, ${role}.`] : [];
  return ['# Professional profile', ...about, ...sections, 'References', ...labels.map((l) => `- ${l}`)].join('\n\n');
}

const server = await startOpenAiTestServer({ port: DEEP_MODEL_PORT });
server.fallback = (body) => {
  const content = profileFromPrompt(body);
  const pieces = content.match(/\S+\s*|\s+/g)?.length ?? 1;
  return { content, delayMs: 500, chunkDelayMs: Math.round((DEEP_MODEL_SECONDS * 1000 - 500) / pieces) };
};
process.stdout.write(`deep research model listening at ${server.baseURL}\n`);

const stop = () => void server.close().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
