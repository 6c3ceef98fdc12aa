/**
 * An OpenAI-compatible model for the replica tests whose streamed answers wait at a gate the
 * test opens: the first half of the words go out, then nothing until `release()`, so a test
 * acts (restarts the other replica) while the stream is certainly under way, with no timing.
 * With `only`, just the requests whose body holds that text wait; the others stream straight.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GatedModel {
  env: Record<string, string>;
  /** Chat completion requests received. */
  calls: number;
  /** Resolves once a streamed answer reached its gate. */
  atGate(): Promise<void>;
  release(): void;
  close(): Promise<void>;
}

export const WORDS = ['Replicas', ' share', ' one', ' database', ' and', ' agree', ' on', ' it.'];

export async function startGatedModel(only?: string): Promise<GatedModel> {
  let reached!: () => void;
  let atGate = new Promise<void>((r) => (reached = r));
  let open!: () => void;
  let gate = new Promise<void>((r) => (open = r));
  const model = { calls: 0 };
  const chunk = (delta: object, finish: string | null = null) =>
    `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 0, model: 'test-model', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (d: Buffer) => (raw += d.toString()));
    req.on('end', () => {
      model.calls += 1;
      const body = JSON.parse(raw || '{}') as { stream?: boolean };
      if (!body.stream) {
        res.setHeader('content-type', 'application/json');
        const message = { role: 'assistant', content: WORDS.join('') };
        res.end(
          JSON.stringify({
            id: 'c1',
            object: 'chat.completion',
            created: 0,
            model: 'test-model',
            choices: [{ index: 0, message, finish_reason: 'stop' }],
          }),
        );
        return;
      }
      const gated = only === undefined || raw.includes(only);
      // A reader that left (its replica stopped) is no fault of the model's.
      res.on('error', () => undefined);
      void (async () => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        const half = WORDS.length / 2;
        for (const word of WORDS.slice(0, half)) res.write(chunk({ content: word }));
        if (gated) {
          reached();
          await gate;
        }
        for (const word of WORDS.slice(half)) res.write(chunk({ content: word }));
        res.end(chunk({}, 'stop') + 'data: [DONE]\n\n');
      })();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return {
    env: { AI_BASE_URL: baseURL, AI_MODEL: 'test-model', AI_API_KEY: 'test-key', AI_MAX_RETRIES: '0', AI_TIMEOUT_MS: '10000' },
    get calls() {
      return model.calls;
    },
    atGate: () => atGate,
    release() {
      open();
      // The next stream waits at a new gate.
      atGate = new Promise<void>((r) => (reached = r));
      gate = new Promise<void>((r) => (open = r));
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
