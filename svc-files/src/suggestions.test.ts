import { describe, expect, test } from '@jest/globals';
import {
  CAREER_FOLDERS,
  fileDraftPrompt,
  fileSuggestionPrompt,
  folderGuide,
  folderSuggestionPrompt,
  suggestionKey,
  sectionsFor,
} from '@cc/ai';
import { startedForTests, TestClient } from '@cc/service-kit/testing';
import { enc, startFiles } from './test-support';

/** With no AI endpoint configured, the service runs on the offline coach. */
const h = startedForTests(startFiles);

type S = { name: string; description: string };
const namesOf = (list: S[]) => list.map((s) => s.name);
const SEVEN = CAREER_FOLDERS.map((f) => f.name);

describe('folder suggestions', () => {
  test('the first GET generates 5 from the career folders of the spec, each with a description, and stores them', async () => {
    const c = h.user();
    const res = await c.get('/profile/suggested_folders');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      suggestions: SEVEN.slice(0, 5).map((name) => ({ name, description: folderGuide(name)!.description })),
    });
    expect((await c.get('/profile/suggested_folders')).body).toEqual(res.body);
  });

  test('never suggests a folder the user has or rejected; a used or rejected suggestion leaves the stored list', async () => {
    const c = h.user();
    await c.post('/folders', { name: 'Work Profile' });
    const first = namesOf((await c.get('/profile/suggested_folders')).body.suggestions);
    expect(first).toEqual(['current-projects', 'past-projects', 'interview-stories', 'career-goals', 'current-job-relationships']);
    expect((await c.post('/profile/reject_suggested_folder', { name: 'past-projects' })).body).toEqual({ success: true });
    await c.post('/folders', { name: 'career_goals' });
    expect(namesOf((await c.get('/profile/suggested_folders')).body.suggestions)).toEqual([
      'current-projects',
      'interview-stories',
      'current-job-relationships',
    ]);
    // Three of the catalogue's folders are taken or turned down: the list still has the 10 asked for.
    const again = await c.post('/profile/regenerate_suggested_folders', { count: 10 });
    expect(namesOf(again.body.suggestions)).toEqual([
      'current-projects',
      'interview-stories',
      'current-job-relationships',
      'industry-relationships',
      'skills-and-learning',
      'feedback-and-reviews',
      'job-search',
      'leadership',
      'mentoring',
      'side-projects',
    ]);
    for (const gone of ['work-profile', 'past-projects', 'career-goals'])
      expect(again.body.suggestions.map((s: S) => suggestionKey(s.name))).not.toContain(gone);
  });

  test('regenerate respects the count: 1-10, non-numeric 5', async () => {
    const c = h.user();
    const counts: [unknown, number][] = [
      [3, 3],
      ['2', 2],
      [0, 1],
      [-4, 1],
      [50, 10],
      ['abc', 5],
      [undefined, 5],
      [null, 5],
    ];
    for (const [count, expected] of counts) {
      const res = await c.post('/profile/regenerate_suggested_folders', { system: '', user: '', count });
      expect(`${String(count)} -> ${res.body.suggestions.length}`).toBe(`${String(count)} -> ${expected}`);
    }
    expect((await c.get('/profile/suggested_folders')).body.suggestions).toHaveLength(5);
  });

  test('when every suggestion was used or rejected, the next GET makes new ones; when none are left it answers []', async () => {
    const c = h.user();
    for (const s of (await c.get('/profile/suggested_folders')).body.suggestions as S[])
      await c.post('/profile/reject_suggested_folder', { name: s.name });
    expect(namesOf((await c.get('/profile/suggested_folders')).body.suggestions)).toEqual([
      'current-job-relationships',
      'industry-relationships',
      'skills-and-learning',
      'feedback-and-reviews',
      'job-search',
    ]);
    // Use every idea there is, list after list, until the catalogue has nothing new.
    for (let round = 0; round < 10; round++) {
      const list = (await c.get('/profile/suggested_folders')).body.suggestions as S[];
      if (!list.length) break;
      for (const s of list) await c.post('/folders', { name: s.name });
    }
    expect((await c.get('/profile/suggested_folders')).body).toEqual({ success: true, suggestions: [] });
    expect((await c.get('/profile/suggested_folders')).body).toEqual({ success: true, suggestions: [] });
  });

  test("one user's folders and rejections do not touch another's suggestions", async () => {
    const a = h.user();
    await a.post('/folders', { name: 'work-profile' });
    await a.post('/profile/reject_suggested_folder', { name: 'current-projects' });
    expect(namesOf((await h.user().get('/profile/suggested_folders')).body.suggestions)).toEqual(SEVEN.slice(0, 5));
  });

  test('reject needs a name; signed out is 401', async () => {
    const c = h.user();
    expect((await c.post('/profile/reject_suggested_folder', { name: ' ' })).body).toEqual({
      success: false,
      errors: ['Please give the name of the suggestion.'],
    });
    expect((await new TestClient(h.svc.url).get('/profile/suggested_folders')).status).toBe(401);
  });
});

describe('file suggestions', () => {
  test('suggests files for the folder (5 by default), never ones it holds or the user rejected', async () => {
    const c = h.user();
    await c.post('/files', { file: { folder: 'interview-stories', name: 'Leading under pressure' } });
    const res = await c.get(`/profile/suggested_files?folder=${enc('interview-stories')}`);
    const guide = folderGuide('interview-stories')!.files;
    expect(res.body).toEqual({ success: true, suggestions: guide.slice(1, 6) });
    expect((await c.post('/profile/reject_suggested_file', { folder: 'interview-stories', name: 'resolving-a-conflict.md' })).body).toEqual(
      { success: true },
    );
    expect(namesOf((await c.get('/profile/suggested_files?folder=interview-stories')).body.suggestions)).toEqual(
      namesOf(guide.slice(2, 6)),
    );
    const again = await c.post('/profile/regenerate_suggested_files', { folder: 'interview-stories', count: 3 });
    expect(again.body).toEqual({ success: true, suggestions: guide.slice(2, 5) });
    expect((await c.get('/profile/suggested_files?folder=interview-stories')).body).toEqual(again.body);
  });

  test('every name ends in .md; an unknown folder gets general suggestions; folder is required', async () => {
    const c = h.user();
    const res = await c.get(`/profile/suggested_files?folder=${enc('side gigs')}&count=7`);
    expect(res.body.suggestions).toHaveLength(7);
    for (const s of res.body.suggestions as S[]) expect(s.name).toMatch(/^[a-z0-9-]+\.md$/);
    expect((await c.get('/profile/suggested_files')).body).toEqual({ success: false, errors: ['Please choose a folder.'] });
    expect((await c.post('/profile/reject_suggested_file', { name: 'x.md' })).body).toEqual({
      success: false,
      errors: ['Please choose a folder.'],
    });
  });

  test('a folder the catalogue does not know is named as the user typed it, and a regenerated list honours the count', async () => {
    const c = h.user();
    await c.post('/folders', { name: 'qa-notes' });
    for (const name of ['a', 'b', 'c', 'd']) await c.post('/files', { file: { folder: 'qa-notes', name } });
    const first = (await c.get('/profile/suggested_files?folder=qa-notes')).body.suggestions as S[];
    for (const s of first.slice(0, 3)) await c.post('/profile/reject_suggested_file', { folder: 'qa-notes', name: s.name });
    const again = await c.post('/profile/regenerate_suggested_files', { folder: 'qa-notes', count: 10 });
    expect(again.body.suggestions).toHaveLength(10);
    const descriptions = (again.body.suggestions as S[]).map((s) => s.description).join(' ');
    expect(descriptions).toContain('qa-notes');
    expect(descriptions).not.toMatch(/Qa Notes/i);
  });

  test('a renamed folder keeps its suggestions and rejections; a deleted one drops its list', async () => {
    const c = h.user();
    await c.post('/folders', { name: 'career-goals' });
    const before = namesOf((await c.get('/profile/suggested_files?folder=career-goals')).body.suggestions);
    await c.post('/profile/reject_suggested_file', { folder: 'career-goals', name: before[0] });
    await c.patch('/folders/career-goals', { new_name: 'my goals' });
    expect(namesOf((await c.get(`/profile/suggested_files?folder=${enc('my goals')}`)).body.suggestions)).toEqual(before.slice(1));
    await c.delete(`/folders/${enc('my goals')}`);
    await c.post('/folders', { name: 'my goals' });
    const fresh = namesOf((await c.get(`/profile/suggested_files?folder=${enc('my goals')}`)).body.suggestions);
    expect(fresh).not.toContain(before[0]);
  });
});

describe('editable prompts', () => {
  test('folder prompt: the defaults of packages/ai with the count, the folders and the rejections filled in', async () => {
    const c = h.user();
    await c.post('/folders', { name: 'work-profile' });
    await c.post('/profile/reject_suggested_folder', { name: 'job-search' });
    const res = await c.get('/profile/folder_suggestion_prompt?count=3');
    expect(res.body).toEqual({
      success: true,
      ...folderSuggestionPrompt({ count: 3, existing: ['work-profile'], rejected: ['job-search'] }),
    });
    expect(res.body.user).toContain('Suggest 3 folders');
    expect((await c.get('/profile/folder_suggestion_prompt?count=abc')).body.user).toContain('Suggest 5 folders');
    expect((await c.get('/profile/folder_suggestion_prompt')).body.user).toContain('Suggest 5 folders');
    expect((await c.get('/profile/folder_suggestion_prompt?count=99')).body.user).toContain('Suggest 10 folders');
  });

  test('file suggestion prompt: the defaults for the folder, its description and its files', async () => {
    const c = h.user();
    await c.post('/folders', { name: 'side gigs', description: 'Paid work outside my job' });
    await c.post('/files', { file: { folder: 'side gigs', name: 'pricing' } });
    const res = await c.get(`/profile/file_suggestion_prompt?folder=${enc('side gigs')}`);
    expect(res.body).toEqual({
      success: true,
      ...fileSuggestionPrompt({
        folder: 'side gigs',
        folderDescription: 'Paid work outside my job',
        count: 5,
        existing: ['pricing.md'],
        rejected: [],
      }),
    });
    expect((await c.get('/profile/file_suggestion_prompt')).body).toEqual({ success: false, errors: ['Please choose a folder.'] });
  });

  test("draft prompt: the defaults for the folder, name and description (the stored file's description when none is given)", async () => {
    const c = h.user();
    const q = `folder=${enc('interview-stories')}&name=${enc('leading_under_pressure')}&description=${enc('The outage')}`;
    const res = await c.get(`/profile/file_draft_prompt?${q}`);
    expect(res.body).toEqual({
      success: true,
      ...fileDraftPrompt({ folder: 'interview-stories', name: 'leading under pressure.md', description: 'The outage' }),
    });
    await c.post('/files', { file: { folder: 'interview-stories', name: 'conflict', description: 'The API dispute' } });
    const stored = await c.get('/profile/file_draft_prompt?folder=interview-stories&name=conflict.md');
    expect(stored.body.user).toContain('It is for: The API dispute');
    expect((await c.get('/profile/file_draft_prompt?folder=x')).body).toEqual({ success: false, errors: ['Please enter a file name.'] });
  });
});

describe('POST /profile/generate_file_draft (offline coach)', () => {
  test('drafts a title and the headings that fit the folder, with the description', async () => {
    const c = h.user();
    const res = await c.post('/profile/generate_file_draft', {
      folder: 'interview-stories',
      name: 'leading-under-pressure.md',
      description: 'The night the payments API went down',
    });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const draft: string = res.body.draft;
    expect(draft).toMatch(/^# Leading under pressure\n/);
    expect(draft).toContain('The night the payments API went down');
    for (const s of sectionsFor('interview-stories')) expect(draft).toContain(`## ${s.heading}`);
    const goals = (await c.post('/profile/generate_file_draft', { folder: 'career-goals', name: 'five year plan' })).body.draft as string;
    for (const s of sectionsFor('career-goals')) expect(goals).toContain(`## ${s.heading}`);
  });

  test('builds on the workspace: the folder description and the other files of the folder, with questions instead of placeholders', async () => {
    const c = h.user();
    await c.post('/folders', { name: 'qa-notes', description: 'Notes from QA sessions with the mobile team' });
    await c.post('/files', {
      file: {
        folder: 'qa-notes',
        name: 'login bugs',
        description: 'Bugs found in login',
        content: '# Login bugs\n\nThe release on 3 March broke login for 2% of Android users.\n',
      },
    });
    await c.post('/files', {
      file: { folder: 'qa-notes', name: 'release checklist', description: 'What to check before each mobile release' },
    });
    const draft = (await c.post('/profile/generate_file_draft', { folder: 'qa-notes', name: 'release checklist.md' })).body.draft as string;
    // The stored file's description, the folder's, and the sibling's line about releases.
    expect(draft).toContain('What to check before each mobile release.');
    expect(draft).toContain('Notes from QA sessions with the mobile team.');
    expect(draft).toContain('From login bugs.md: The release on 3 March broke login for 2% of Android users.');
    expect(draft).not.toMatch(/[[\]]/);
    for (const s of sectionsFor('qa-notes')) expect(draft).toContain(`## ${s.heading}`);
  });

  test('folder and name are required', async () => {
    const res = await h.user().post('/profile/generate_file_draft', {});
    expect([res.status, res.body]).toEqual([422, { success: false, errors: ['Please choose a folder.', 'Please enter a file name.'] }]);
  });
});
