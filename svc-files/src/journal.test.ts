import { describe, expect, test } from '@jest/globals';
import { startedForTests, TestClient } from '@cc/service-kit/testing';
import { startFiles } from './test-support';

const h = startedForTests(startFiles);

const BAD_DATE = { success: false, errors: ['Date must be a real date in the form YYYY-MM-DD.'] };

describe('journal', () => {
  test('a date without an entry reads as empty content', async () => {
    expect((await h.user().get('/journal/2026-01-05')).body).toEqual({
      success: true,
      entry: { date: '2026-01-05', content: '', revision: 0 },
    });
  });

  test('save creates, then replaces, the entry of that date; GET reads it back', async () => {
    const c = h.user();
    const saved = await c.post('/journal/2026-01-05/save', { content: 'Started the new role.' });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ success: true, entry: { date: '2026-01-05', content: 'Started the new role.', revision: 1 } });
    await c.post('/journal/2026-01-05/save', { content: 'Started the new role. Met the team.' });
    expect((await c.get('/journal/2026-01-05')).body).toEqual({
      success: true,
      entry: { date: '2026-01-05', content: 'Started the new role. Met the team.', revision: 2 },
    });
    expect((await c.get('/journal/2026-01-06')).body.entry.content).toBe('');
  });

  test('GET /journal lists the dates with an entry, oldest first; emptied entries drop out', async () => {
    const c = h.user();
    expect((await c.get('/journal')).body).toEqual({ success: true, entries: [] });
    for (const date of ['2026-03-01', '2025-12-31', '2026-02-28', '2024-02-29'])
      await c.post(`/journal/${date}/save`, { content: `On ${date}` });
    await c.post('/journal/2026-03-02/save', { content: '  \n ' });
    await c.post('/journal/2026-02-28/save', { content: '' });
    expect((await c.get('/journal')).body).toEqual({
      success: true,
      entries: [{ date: '2024-02-29' }, { date: '2025-12-31' }, { date: '2026-03-01' }],
    });
  });

  test('dates must be real days written YYYY-MM-DD (422 otherwise, for reads and saves)', async () => {
    const c = h.user();
    for (const date of ['2025-02-29', '2026-13-01', '2026-04-31', '2026-1-5', 'today', '20260105', '2026-01-05x', '0000-01-01']) {
      const read = await c.get(`/journal/${date}`);
      expect([date, read.status, read.body]).toEqual([date, 422, BAD_DATE]);
      const save = await c.post(`/journal/${date}/save`, { content: 'x' });
      expect([date, save.status, save.body]).toEqual([date, 422, BAD_DATE]);
    }
    expect((await c.get('/journal')).body.entries).toEqual([]);
  });

  test('content must be text (null saves an empty entry)', async () => {
    const c = h.user();
    expect((await c.post('/journal/2026-01-07/save', {})).body).toEqual({ success: false, errors: ['content must be text.'] });
    expect((await c.post('/journal/2026-01-07/save', { content: 12 })).status).toBe(422);
    expect((await c.post('/journal/2026-01-07/save', { content: null })).body).toEqual({
      success: true,
      entry: { date: '2026-01-07', content: '', revision: 1 },
    });
  });

  test('entries are per user: another user neither reads nor lists nor overwrites them', async () => {
    const a = h.user();
    const b = h.user();
    await a.post('/journal/2026-05-01/save', { content: 'private thoughts' });
    expect((await b.get('/journal/2026-05-01')).body.entry.content).toBe('');
    expect((await b.get('/journal')).body.entries).toEqual([]);
    await b.post('/journal/2026-05-01/save', { content: "b's own" });
    expect((await a.get('/journal/2026-05-01')).body.entry.content).toBe('private thoughts');
  });

  test('signed out: 401; save without the CSRF token: 403', async () => {
    expect((await new TestClient(h.svc.url).get('/journal')).status).toBe(401);
    const c = h.user();
    expect((await c.post('/journal/2026-01-05/save', { content: 'x' }, { csrf: false })).status).toBe(403);
  });
});
