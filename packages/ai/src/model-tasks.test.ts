import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { AiMalformedAnswerError } from './errors';
import { fileDraftPrompt, fileSuggestionPrompt, folderSuggestionPrompt } from './prompts';
import { providerFor, startOpenAiTestServer, type OpenAiTestServer } from './testing';

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

const lastUserMessage = () =>
  server.requests
    .at(-1)!
    .body.messages!.filter((m) => m.role === 'user')
    .at(-1)!.content;
const systemMessage = () => server.requests.at(-1)!.body.messages!.find((m) => m.role === 'system')!.content;

describe('task helpers on a model', () => {
  test('chatReply sends the coaching prompt with the file, the history and the new message', async () => {
    server.reply({ content: 'It sounds like a tough launch. What was your role in it?' });
    const reply = await providerFor(server).chatReply({
      mode: 'agent',
      folder: 'interview-stories',
      fileName: 'launch.md',
      fileContent: '# Launch\n## Situation\n- We had two weeks.',
      history: [
        { role: 'user', content: 'I want to talk about our launch.' },
        { role: 'assistant', content: 'Tell me more.' },
      ],
      message: 'It was chaotic.',
    });
    expect(reply).toBe('It sounds like a tough launch. What was your role in it?');
    const messages = server.requests[0]!.body.messages!;
    expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(messages.at(-1)!.content).toBe('It was chaotic.');
    expect(systemMessage()).toContain('STAR');
    expect(systemMessage()).toContain('We had two weeks.');
    expect(systemMessage()).toContain('offer to update the file');
  });

  test('ask mode tells the model not to offer edits', async () => {
    server.reply({ content: 'ok' });
    await providerFor(server).chatReply({
      mode: 'ask',
      folder: 'career-goals',
      fileName: 'g.md',
      fileContent: '',
      history: [],
      message: 'Hi there',
    });
    expect(systemMessage()).toContain('Do not offer to change the file');
  });

  test('chatReplyStream streams the reply', async () => {
    server.reply({ chunks: ['What ', 'happened ', 'next?'] });
    const stream = providerFor(server).chatReplyStream({
      mode: 'ask',
      folder: 'x',
      fileName: 'y.md',
      fileContent: '',
      history: [],
      message: 'Hi',
    });
    expect(await stream.final()).toBe('What happened next?');
  });

  test('suggestFolders uses the default prompts, slugs names and drops existing and rejected ones', async () => {
    server.reply({
      content: JSON.stringify({
        suggestions: [
          { name: 'Work Profile', description: 'Your role.' },
          { name: 'career-goals', description: 'Where you are going.' },
          { name: 'Side Projects', description: 'Things you build.' },
          { name: 'learning', description: 'What you study.' },
          { name: 'mentoring', description: 'Who you help.' },
        ],
      }),
    });
    const folders = await providerFor(server).suggestFolders({ count: 2, existing: ['work-profile'], rejected: ['Career Goals'] });
    expect(folders).toEqual([
      { name: 'side-projects', description: 'Things you build.' },
      { name: 'learning', description: 'What you study.' },
    ]);
    const defaults = folderSuggestionPrompt({ count: 2, existing: ['work-profile'], rejected: ['Career Goals'] });
    expect(lastUserMessage()).toBe(defaults.user);
    expect(systemMessage().startsWith(defaults.system)).toBe(true);
  });

  test('suggestFolders sends edited prompts as they are', async () => {
    server.reply({ content: '{"suggestions": [{"name": "music", "description": "Gigs."}]}' });
    await providerFor(server).suggestFolders({
      count: 3,
      existing: [],
      rejected: [],
      system: 'Be brief.',
      user: 'Folders about music please.',
    });
    expect(lastUserMessage()).toBe('Folders about music please.');
    expect(systemMessage()).toMatch(/^Be brief\./);
  });

  test('suggestFiles gives .md names', async () => {
    server.reply({
      content:
        '{"suggestions": [{"name": "Conflict story", "description": "A disagreement."}, {"name": "leadership.md", "description": "Leading."}]}',
    });
    const files = await providerFor(server).suggestFiles({
      folder: 'interview-stories',
      count: 5,
      existing: ['leadership.md'],
      rejected: [],
    });
    expect(files).toEqual([{ name: 'conflict-story.md', description: 'A disagreement.' }]);
    expect(lastUserMessage()).toBe(
      fileSuggestionPrompt({ folder: 'interview-stories', count: 5, existing: ['leadership.md'], rejected: [] }).user,
    );
  });

  test('a malformed suggestion list twice is reported as such', async () => {
    server.reply({ content: 'work-profile, career-goals' }, { content: 'Sorry: work-profile' });
    await expect(providerFor(server).suggestFolders({ count: 2, existing: [], rejected: [] })).rejects.toBeInstanceOf(
      AiMalformedAnswerError,
    );
  });

  test('draftFile returns the markdown without a fence', async () => {
    server.reply({ content: '```markdown\n# Conflict\n\n## Situation\n- [where]\n```' });
    const draft = await providerFor(server).draftFile({ folder: 'interview-stories', name: 'conflict.md', description: 'A disagreement' });
    expect(draft).toBe('# Conflict\n\n## Situation\n- [where]\n');
    expect(lastUserMessage()).toBe(
      fileDraftPrompt({ folder: 'interview-stories', name: 'conflict.md', description: 'A disagreement' }).user,
    );
  });

  test('suggestEdits returns the new content, and never an empty file', async () => {
    server.reply({ content: '# Goals\n- Become a manager\n' }, { content: '   ' });
    const ai = providerFor(server);
    const input = {
      folder: 'career-goals',
      fileName: 'goals.md',
      fileContent: '# Goals\n',
      history: [{ role: 'user' as const, content: 'I want to become a manager.' }],
    };
    expect(await ai.suggestEdits(input)).toBe('# Goals\n- Become a manager\n');
    expect(lastUserMessage()).toContain('User: I want to become a manager.');
    expect(await ai.suggestEdits(input)).toBe('# Goals\n');
  });

  test('suggestEdits of a file longer than the prompt keeps everything past the part the model saw', async () => {
    const line = (i: number) => `- fact number ${i} about the project`;
    const content = `# Notes\n${Array.from({ length: 2000 }, (_, i) => line(i)).join('\n')}\n`;
    server.reply({ content: '# Notes\n- the new fact\n' });
    const edited = await providerFor(server).suggestEdits({
      folder: 'current-projects',
      fileName: 'notes.md',
      fileContent: content,
      history: [{ role: 'user' as const, content: 'Add the new fact.' }],
    });
    const sent = lastUserMessage();
    expect(sent).toContain('the beginning of a longer file');
    expect(sent).not.toContain(line(1999));
    // The model's version of the head, then the untouched rest, ending with the last line.
    expect(edited.startsWith('# Notes\n- the new fact\n')).toBe(true);
    expect(edited.endsWith(`${line(1999)}\n`)).toBe(true);
    const seen = content.slice(0, content.lastIndexOf('\n', 12_000) + 1);
    expect(edited).toBe(`# Notes\n- the new fact\n${content.slice(seen.length)}`);
  });

  test('summarize of empty content is empty without asking the model', async () => {
    expect(await providerFor(server).summarize({ content: '  \n ' })).toBe('');
    expect(server.requests).toHaveLength(0);
  });

  test('score is clamped to 0-100 and rounded', async () => {
    server.reply({ content: '{"score": 104.6, "feedback": " Excellent. "}' });
    expect(await providerFor(server).score({ question: 'What went well?', answer: 'I shipped the release.', history: [] })).toEqual({
      score: 100,
      feedback: 'Excellent.',
    });
  });

  test("score: the model is given the user's whole answer, not the latest message alone", async () => {
    server.reply({ content: '{"score": 72, "feedback": "Concrete and complete."}' });
    const opener = "I'm ready to start reflecting on: What went well?";
    const example = "In Tuesday's demo I showed the sales team the export live.";
    await providerFor(server).score({
      question: 'What went well?',
      answer: "Yes, that's it.",
      history: [
        { role: 'user', content: opener },
        { role: 'assistant', content: 'What went well?' },
        { role: 'user', content: example },
        { role: 'assistant', content: 'Anything else?' },
      ],
    });
    expect(systemMessage()).toContain("Score the user's whole answer");
    expect(lastUserMessage()).toContain(`The user's whole answer, all their messages in order:\n${example}\nYes, that's it.`);
  });

  test('the automatic first message is not an answer: no score, and the model is not asked', async () => {
    const opener = "I'm ready to start reflecting on: What went well?";
    expect(await providerFor(server).score({ question: 'What went well?', answer: opener, history: [] })).toEqual({
      score: null,
      feedback: '',
    });
    expect(
      await providerFor(server).score({ question: 'What went well?', answer: '', history: [{ role: 'user', content: opener }] }),
    ).toEqual({ score: null, feedback: '' });
    expect(server.requests).toHaveLength(0);
  });

  test('weekPlan: the model is told today and the days left; its actions become task boxes, none before today', async () => {
    server.reply({ content: '{"outcomes": ["- Deck done"], "actions": ["Mon: outline", "Wed: draft", "**Fri 21 Mar:** send it"]}' });
    // Wednesday of week 12: Monday has passed.
    const plan = await providerFor(server).weekPlan({ prompt: 'Finish the deck', periodKey: '2025-W12', today: '2025-03-19' });
    expect(plan).toEqual({
      outcomes: '- Deck done',
      actions: '- [ ] **Wed 19 Mar:** Outline\n- [ ] **Wed 19 Mar:** Draft\n- [ ] **Fri 21 Mar:** Send it',
    });
    expect(lastUserMessage()).toContain('Week 12, 2025 (17 Mar – 23 Mar)');
    expect(systemMessage()).toContain('Today is Wed 19 Mar. Plan only the days left in the week: Wed 19 Mar to Fri 21 Mar.');
    expect(systemMessage()).toContain('never copy their sentences back');

    // An outcome that is the request again is no result: left out.
    server.reply({
      content: '{"outcomes": ["Finish the deck and talk to Dana", "Deck reviewed by Dana"], "actions": ["Thu: send the deck"]}',
    });
    const again = await providerFor(server).weekPlan({
      prompt: 'Finish the deck and talk to Dana',
      periodKey: '2025-W12',
      today: '2025-03-19',
    });
    expect(again.outcomes).toBe('- Deck reviewed by Dana');
  });

  test('profileStatements extracts statements from the markdown', async () => {
    server.reply({ content: '# Profile\nInformation from profile details:\n- Jane leads payments.\nReferences\n- https://example.com' });
    const result = await providerFor(server).profileStatements({ details: { full_name: 'Jane' } });
    expect(result.statements).toEqual([{ text: 'Jane leads payments.', source: 'profile details' }]);
  });

  test('profileStatements with onText streams the answer and reports the text written so far', async () => {
    const markdown = '# Profile\nInformation from profile details:\n- Jane leads payments.\n- Jane hired four engineers.';
    server.reply({ content: markdown });
    const seen: string[] = [];
    const result = await providerFor(server).profileStatements({ details: { full_name: 'Jane' }, onText: (text) => seen.push(text) });
    expect(server.requests.at(-1)!.body.stream).toBe(true);
    expect(seen.length).toBeGreaterThan(3);
    expect(seen.at(-1)).toBe(markdown);
    // Each report holds the one before it: the text only grows.
    seen.slice(1).forEach((text, i) => expect(text.startsWith(seen[i]!)).toBe(true));
    expect(result.statements).toHaveLength(2);
  });

  test('profileStatements with onText refuses a stream cut before its end', async () => {
    server.reply({ content: '# Profile\nInformation from profile details:\n- Jane leads', truncated: true });
    await expect(providerFor(server).profileStatements({ details: { full_name: 'Jane' }, onText: () => undefined })).rejects.toThrow(
      /ended before the reply was complete/,
    );
  });

  test('companyStatements default the source to the company', async () => {
    server.reply({ content: '{"statements": [{"text": "Acme sells software.", "source": ""}]}' });
    expect(await providerFor(server).companyStatements({ details: { company: 'Acme' } })).toEqual([
      { text: 'Acme sells software.', source: 'Acme' },
    ]);
  });
});
