// The eval runner against the loopback OpenAI-compatible server: a model's answers are checked
// like the offline coach's, and the table adds latency and the tokens the endpoint reported.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { modelEnv, startOpenAiTestServer, type OpenAiTestServer } from '@cc/ai/testing';
import { runEval } from './run';
import { parseScenarioFile } from './scenario';

const fileChat = parseScenarioFile(
  `task: file-chat-ask
about: The file chat in Ask mode.
cases:
  - name: promotion-case
    situation: Building a promotion case.
    input:
      mode: ask
      folder: career-goals
      fileName: promotion.md
      fileContent: "# Promotion"
      history: []
      message: I want to be promoted to staff engineer this year.
      page: { kind: file }
`,
  'file-chat-ask.yaml',
);

const weekPlan = parseScenarioFile(
  `task: week-plans
about: The week's AI plan.
cases:
  - name: thursday
    situation: Planned on a Thursday.
    today: 2026-03-12
    input: { periodKey: 2026-W11, prompt: Finish the promotion packet }
`,
  'week-plans.yaml',
);

let server: OpenAiTestServer;
beforeAll(async () => {
  server = await startOpenAiTestServer();
});
afterAll(() => server.close());

const run = async (options: Parameters<typeof runEval>[0]) => {
  const lines: string[] = [];
  const result = await runEval({ env: modelEnv(server), print: (line) => lines.push(line), ...options });
  return { ...result, printed: lines.join('\n') };
};

describe('npm run eval against a model', () => {
  test('a good reply passes, and the table shows latency and the tokens reported', async () => {
    server.reply({ content: 'What would make the promotion committee say yes, and who on it knows your work?' });
    const { passed, failed, lines } = await run({ scenarios: [fileChat] });
    expect({ passed, failed }).toEqual({ passed: 1, failed: 0 });
    expect(lines[0]).toMatch(/^task\s+cases\s+passed\s+failed\s+p50 ms\s+max ms\s+tokens in\s+tokens out$/);
    // The tokens come from the server's `usage`: numbers, not "-".
    expect(lines[2]).toMatch(/^file-chat-ask\s+1\s+1\s+0\s+\d+\s+\d+\s+[1-9]\d*\s+[1-9]\d*$/);
    expect(lines.at(-1)).toBe('1 passed, 0 failed');
  });

  test('each failure names its case and its check', async () => {
    server.reply({ content: 'Set AI_BASE_URL in the JSON for [your name] in promotion.md and press Update file.' });
    const { failed, printed } = await run({ scenarios: [fileChat] });
    expect(failed).toBe(1);
    expect(printed).toContain('file-chat-ask / promotion-case: developer-words: says an environment variable: "AI_BASE_URL"');
    expect(printed).toContain('file-chat-ask / promotion-case: developer-words: says a [placeholder]');
    expect(printed).toMatch(/0 passed, 1 failed$/);
  });

  test('a structured answer still malformed after the retry fails the case', async () => {
    server.reply({ content: 'Here is your plan!' }, { content: 'Monday: work on it' });
    const { failed, printed } = await run({ scenarios: [weekPlan] });
    expect(failed).toBe(1);
    expect(printed).toContain('week-plans / thursday: schema: the answer stayed malformed after the retry');
  });
});

const citingChat = parseScenarioFile(
  `task: journal-chat
about: The journal chat, given a passage of the user's other notes.
cases:
  - name: cites-a-day
    situation: The team is short again.
    today: 2026-11-26
    input:
      mode: ask
      folder: journal
      fileName: 2026-11-20.md
      fileContent: ''
      history: []
      message: The platform team lost another engineer.
      page: { kind: journal, date: 2026-11-20 }
      passages:
        - { n: 1, kind: journal, id: 2026-11-03, title: Tue 3 Nov 2026, url: /journal/2026-11-03, snippet: The platform team is short two engineers., updated_at: 2026-11-03T18:00:00.000Z }
`,
  'journal-chat.yaml',
);

describe('citations of the user’s notes', () => {
  test('a cited passage named where it is cited passes', async () => {
    server.reply({ content: 'In your journal on 3 November you wrote that the team was short two engineers [1]. What changed since?' });
    expect(await run({ scenarios: [citingChat] })).toMatchObject({ passed: 1, failed: 0 });
  });

  test('a bare [1] and a number with no passage fail', async () => {
    server.reply({ content: 'The team was short two engineers [1]. What changed since [3]?' });
    const { failed, printed } = await run({ scenarios: [citingChat] });
    expect(failed).toBe(1);
    expect(printed).toContain('journal-chat / cites-a-day: cites-passages: cites [1] without saying where it is from ("Tue 3 Nov 2026")');
    expect(printed).toContain('journal-chat / cites-a-day: sources: cites [3] with no such source');
  });
});
