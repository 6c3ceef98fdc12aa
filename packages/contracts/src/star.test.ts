import { describe, expect, test } from '@jest/globals';
import { advanceStar, currentStarPhase, emptyStarProgress, starFromMessages, starPhasesIn, starStatus } from './star';

describe('STAR progress', () => {
  test('starts at situation, 0/4, Building Situation', () => {
    expect(starStatus(emptyStarProgress())).toEqual({ count: 0, total: 4, text: '0/4', phase: 'situation', label: 'Building Situation' });
  });

  test('each phase needs the one before it', () => {
    // A result mentioned first does not count yet.
    let p = advanceStar(emptyStarProgress(), 'As a result we saved 20% of costs.');
    expect(starStatus(p).count).toBe(0);
    p = advanceStar(p, 'At the time I was working at Acme on payments.');
    expect(p).toEqual({ situation: true, task: false, action: false, result: false });
    expect(starStatus(p).label).toBe('Defining Task');
    p = advanceStar(p, 'I was responsible for cutting the failure rate.');
    expect(starStatus(p)).toMatchObject({ text: '2/4', phase: 'action', label: 'Describing Actions' });
    p = advanceStar(p, 'I rewrote the retry logic.');
    expect(starStatus(p)).toMatchObject({ text: '3/4', phase: 'result', label: 'Capturing Results' });
    p = advanceStar(p, 'Failures dropped by 90%.');
    expect(starStatus(p)).toMatchObject({ count: 4, text: '4/4', phase: 'result' });
  });

  test('one rich message can cover several phases in order', () => {
    const p = advanceStar(
      emptyStarProgress(),
      'When I joined, the team was late. I had to ship by June, so I reorganised the backlog and as a result we shipped early.',
    );
    expect(starStatus(p).count).toBe(4);
  });

  test('phase detection by keywords ignores order', () => {
    expect(starPhasesIn('I decided to rebuild it and it reduced costs')).toEqual(['action', 'result']);
  });

  test('a coach asking questions does not tick phases', () => {
    const p = starFromMessages([
      { role: 'assistant', content: 'Set the scene: where were you working, and what was going on?' },
      { role: 'assistant', content: 'What exactly were you expected to achieve, and why did it fall to you?' },
      { role: 'assistant', content: 'Walk me through what you did, step by step. What choices did you make yourself?' },
      { role: 'assistant', content: 'How did it end? What changed because of what you did? Numbers help.' },
    ]);
    expect(currentStarPhase(p)).toBe('situation');
  });

  test("the coach's text may set the situation (spec), never the task, action or result", () => {
    const messages = [
      { role: 'assistant', content: 'So at the time your team was under pressure. Then I decided to help; as a result it improved.' },
      { role: 'user', content: 'Yes.' },
    ];
    expect(starFromMessages(messages)).toEqual({ situation: true, task: false, action: false, result: false });
  });

  test("the coach's update offer does not count as the user's result (issue 9, defect 5)", () => {
    const messages = [
      { role: 'user', content: 'At the time I was working at Acme on payments.' },
      { role: 'user', content: 'I was responsible for cutting the failure rate.' },
      { role: 'user', content: 'I rewrote the retry logic.' },
      {
        role: 'assistant',
        content:
          'I can add what you\'ve shared to checkout.md under Situation, Task and Action. Say "update the file" or press Update file, and you can review the changes before they are saved. How did it end? What changed because of what you did? Numbers help.',
      },
    ];
    expect(starStatus(starFromMessages(messages))).toMatchObject({ text: '3/4', phase: 'result' });
  });
});

test('everyday ways of setting the scene count as the situation', () => {
  for (const text of [
    'In 2025 our billing system was failing under load.',
    'I was the tech lead at Acme on the payments team.',
    'Last year our platform kept timing out for customers.',
  ]) {
    expect(`${text} -> ${advanceStar(emptyStarProgress(), text).situation}`).toBe(`${text} -> true`);
  }
  expect(advanceStar(emptyStarProgress(), 'Hello, can you help me?').situation).toBe(false);
});

describe('the coach sets the situation only (spec: "user or assistant text")', () => {
  test('an assistant line naming the setting sets the situation; its boilerplate never sets the rest', async () => {
    const { starFromMessages, starCount } = await import('./star');
    const progress = starFromMessages([
      { role: 'assistant', content: 'Tell me about the situation: what was the context at the time?' },
      {
        role: 'assistant',
        content: 'I will add these to the file; they are saved once you accept. My task is to help. I decided nothing.',
      },
    ]);
    expect(progress).toEqual({ situation: true, task: false, action: false, result: false });
    expect(starCount(progress)).toBe(1);
  });
});

describe('the progress starts from what the open story already holds', () => {
  test('a story file with a situation and a task: the chat shows 2/4 and the next part is the action', async () => {
    const { starFromMessages, starCount, currentStarPhase } = await import('./star');
    const { starInStory } = await import('./story-file');
    const file = [
      '# Platform migration',
      '',
      '## Situation',
      'Our billing database was at capacity and failing every week.',
      '',
      '## Task',
      'I had to move it to the new platform without downtime.',
      '',
      '## Action',
      '',
      '## Result',
      '',
    ].join('\n');
    const start = starInStory(file);
    expect(start).toEqual({ situation: true, task: true, action: false, result: false });
    expect(starCount(starFromMessages([], { start }))).toBe(2);
    const progress = starFromMessages([{ role: 'user', content: 'I decided to copy the data in small batches, then I switched reads.' }], {
      start,
    });
    expect(progress).toEqual({ situation: true, task: true, action: true, result: false });
    expect(currentStarPhase(progress)).toBe('result');
    // An empty story starts from nothing.
    expect(starInStory('# Untitled\n\n## Situation\n\n## Task\n')).toEqual({ situation: false, task: false, action: false, result: false });
  });
});
