import { describe, expect, test } from '@jest/globals';
import { startedForTests } from '@cc/service-kit/testing';
import { startFiles } from './test-support';
import { excerptAround } from './mentions';

const h = startedForTests(startFiles);

describe('GET /files/mentions?q=', () => {
  test("the user's files and journal entries naming a person, as a whole word in any case, with the text around it", async () => {
    const c = h.user();
    await c.post('/files', {
      file: { folder: 'work', name: 'stakeholders.md', description: '', content: 'Budget owner: dana lee (EMEA).' },
    });
    await c.post('/files', { file: { folder: 'work', name: 'danalee-notes.md', description: '', content: 'Nothing here.' } });
    await c.post('/files', { file: { folder: 'people', name: 'Dana Lee.md', description: '', content: '' } });
    await c.post('/journal/2026-03-04/save', { content: 'Lunch with Dana Lee. Good talk.' });
    await c.post('/journal/2026-03-05/save', { content: 'Quiet day.' });
    await h.user().post('/journal/2026-03-04/save', { content: 'Dana Lee is in my book club.' });

    const res = await c.get('/files/mentions?q=%20Dana%20%20Lee%20');
    expect(res.status).toBe(200);
    const mentions = res.body.mentions as { kind: string; name?: string; date?: string; excerpt: string }[];
    expect(
      mentions
        .filter((m) => m.kind === 'file')
        .map((m) => m.name)
        .sort(),
    ).toEqual(['Dana Lee.md', 'stakeholders.md']);
    expect(mentions.find((m) => m.name === 'stakeholders.md')!.excerpt).toBe('Budget owner: dana lee (EMEA).');
    expect(mentions.filter((m) => m.kind === 'journal')).toEqual([
      { kind: 'journal', date: '2026-03-04', excerpt: 'Lunch with Dana Lee. Good talk.', updated_at: expect.any(String) },
    ]);
  });

  test('regex characters are taken literally; q is required and bounded', async () => {
    const c = h.user();
    await c.post('/journal/2026-01-01/save', { content: 'Met J.R. (Bob) today' });
    expect((await c.get('/files/mentions?q=J.R.%20(Bob)')).body.mentions).toHaveLength(1);
    expect((await c.get('/files/mentions?q=J.Rx')).body.mentions).toHaveLength(0);
    for (const q of ['', '?q=', '?q=a', `?q=${'x'.repeat(201)}`]) {
      const res = await c.get(`/files/mentions${q}`);
      expect(res.status).toBe(422);
    }
  });

  test('a long text is cut around the first mention', () => {
    const text = `${'word '.repeat(100)}Dana Lee said yes. ${'more '.repeat(100)}`;
    const excerpt = excerptAround(text, 'dana lee');
    expect(excerpt).toContain('Dana Lee said yes.');
    expect(excerpt.startsWith('…') && excerpt.endsWith('…')).toBe(true);
    expect(excerpt.length).toBeLessThanOrEqual(244);
  });
});
