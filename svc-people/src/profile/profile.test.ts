import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { PROFILE_MESSAGES as M } from '@cc/contracts';
import { startOpenAiTestServer, type OpenAiTestServer } from '@cc/ai/testing';
import { startTestService, type RunningService } from '@cc/service-kit/testing';
import { coachingService } from '@cc/svc-coaching';
import { filesService } from '@cc/svc-files';
import { startPeople, type PeopleHarness } from '../test-support';

let base: PeopleHarness;
let app: PeopleHarness;
let modelled: PeopleHarness;
let files: RunningService;
let coaching: RunningService;
let model: OpenAiTestServer;

beforeAll(async () => {
  // One database for the three services, as in the embedded run.
  base = await startPeople();
  files = await startTestService(filesService, base.database.db, { env: { FILES_LISTING_CACHE: 'off' } });
  coaching = await startTestService(coachingService, base.database.db);
  app = await startPeople({ FILES_URL: files.url, COACHING_URL: coaching.url }, base.database);
  model = await startOpenAiTestServer();
  modelled = await startPeople(
    { AI_BASE_URL: model.baseURL, AI_MODEL: 'test-model', AI_API_KEY: 'k', FILES_URL: files.url, COACHING_URL: coaching.url },
    base.database,
  );
});
afterAll(async () => {
  await modelled?.close();
  await model?.close();
  await app?.close();
  await coaching?.close();
  await files?.close();
  await base?.close();
});

const DETAILS = {
  full_name: 'Jane Doe',
  company: 'Acme',
  company_description: 'Acme sells payment software to banks.',
  role: 'Engineering Manager',
  extra: 'I lead the platform team of eight engineers.',
};

describe('details', () => {
  test('an empty profile, then PATCH saves only the fields sent', async () => {
    const c = app.user();
    const empty = await c.get('/profile');
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({
      success: true,
      details: { full_name: '', company: '', company_description: '', role: '', extra: '' },
      ai_profile_narrative: '',
      ai_profile_markdown: '',
      statements: [],
      company_statements: {},
    });
    expect((await c.patch('/profile', { details: { full_name: 'Jane Doe' } })).body.details.full_name).toBe('Jane Doe');
    const second = await c.patch('/profile', { details: { role: 'EM' } });
    expect(second.body).toEqual({
      success: true,
      errors: [],
      details: { full_name: 'Jane Doe', company: '', company_description: '', role: 'EM', extra: '' },
    });
  });

  test('unknown and too long fields are refused, naming each', async () => {
    const c = app.user();
    const bad = await c.patch('/profile', { details: { nick: 'x', role: 'r'.repeat(201) } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual([M.unknownDetail('nick'), M.detailTooLong('role', 200)]);
  });
});

describe('generation', () => {
  test('the prompt is filled with the details and the notes', async () => {
    const c = app.user();
    await c.patch('/profile', { details: DETAILS });
    const prompt = await c.get('/profile/generation_prompt');
    expect(prompt.body.success).toBe(true);
    expect(prompt.body.user).toContain('Name: Jane Doe');
    expect(prompt.body.user).toContain('Company: Acme');
    expect(prompt.body.system).toContain('Information from');
  });

  test('quick: statements from the details and the user files, each source linked to its evidence', async () => {
    const c = app.user();
    const f = app.as(c, files.url);
    await f.post('/files', {
      file: {
        folder: 'work-profile',
        name: 'achievements-log.md',
        description: '',
        content: '# Wins\n\n- Cut checkout latency by 40% in Q2.\n- Hired four engineers.',
      },
    });
    const res = await c.post('/profile/generate', { details: DETAILS, research_mode: 'quick' });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.markdown).toContain('Information from work-profile/achievements-log.md:');
    expect(res.body.statements).toContainEqual({
      text: 'I cut checkout latency by 40% in Q2.',
      source: 'work-profile/achievements-log.md',
      source_url: '/dashboard?folder=work-profile&file=achievements-log.md',
    });
    expect(res.body.statements).toContainEqual({
      text: 'I lead the platform team of eight engineers.',
      source: 'profile details',
      source_url: '/dashboard?about=me',
    });
    const saved = (await c.get('/profile')).body;
    expect(saved.ai_profile_markdown).toBe(res.body.markdown);
    expect(saved.statements).toEqual(res.body.statements);
  });

  test('journal entries, check-in answers, milestones and completed todos are evidence too, each linked at its address', async () => {
    const c = app.user();
    const f = app.as(c, files.url);
    const k = app.as(c, coaching.url);
    await f.post('/journal/2026-11-20/save', { content: 'Presented the payments roadmap to the leadership team.', revision: 0 });
    const question = (await k.get('/coaching/questionnaire_sections?type=end_of_week&period_key=2026-W47')).body.sections[0].questions[0];
    await k.post('/coaching/onboarding_save_content', {
      question_id: question.id,
      period_key: '2026-W47',
      content: 'Mentored two new engineers through their first on-call.',
    });
    await k.post('/planning/milestones', { milestone: { title: 'Promotion to Director', target_date: '2027-06-30', description: '' } });
    const todo = (await k.post('/planning/todos', { todo: { title: 'Ran the Q3 incident review with all teams', due_date: '2026-10-02' } }))
      .body.todo;
    await k.patch(`/planning/todos/${todo.id}/toggle_completed`, {});
    await k.post('/planning/todos', { todo: { title: 'Still open, so no achievement yet' } });
    const res = await c.post('/profile/generate', { details: DETAILS });
    expect(res.body.statements).toContainEqual({
      // What the user did, without the planning page's due date.
      text: 'I completed "Ran the Q3 incident review with all teams".',
      source: 'todo "Ran the Q3 incident review with all teams"',
      source_url: `/planning/all_todos?todo=${todo.id}`,
    });
    expect(JSON.stringify(res.body.statements)).not.toContain('Still open');
    expect(res.body.statements).toContainEqual({
      text: 'I presented the payments roadmap to the leadership team.',
      source: 'your journal, Fri 20 Nov 2026',
      source_url: '/journal/2026-11-20',
    });
    expect(res.body.statements).toContainEqual({
      text: 'I mentored two new engineers through their first on-call.',
      source: `check-in "${question.title}" (2026-W47)`,
      source_url: `/coaching?tab=end-of-week-checkin&period=2026-W47&question=${question.id}`,
    });
    const milestone = (await k.get('/planning/milestones')).body.milestones[0];
    expect(res.body.statements).toContainEqual(
      expect.objectContaining({
        source: 'milestone "Promotion to Director"',
        source_url: `/planning/milestones_view?milestone=${milestone.id}`,
        text: expect.stringContaining('Promotion to Director'),
      }),
    );
  });

  test("a note that begins 'Information from the press office:' gives its statements to the note, linked; the press office is no source", async () => {
    const c = app.user();
    await app.as(c, files.url).post('/files', {
      file: {
        folder: 'work-profile',
        name: 'press.md',
        description: '',
        content: 'Information from the press office:\nWe launched the payments API to 300 banks in March.',
      },
    });
    const res = await c.post('/profile/generate', { details: DETAILS });
    expect(res.body.statements).toContainEqual({
      text: 'My team and I launched the payments API to 300 banks in March.',
      source: 'work-profile/press.md',
      source_url: '/dashboard?folder=work-profile&file=press.md',
    });
    expect(res.body.statements.map((s: { source: string }) => s.source)).not.toContain('the press office');
    expect(res.body.statements.every((s: { source: string; source_url?: string }) => s.source_url)).toBe(true);
  });

  test("a model's source is kept only when it names an object; else the object whose text says it, else none", async () => {
    const user = app.user();
    const c = modelled.as(user, modelled.svc.url);
    await modelled.as(user, files.url).post('/files', {
      file: {
        folder: 'work-profile',
        name: 'press.md',
        description: '',
        content: 'Information from the press office:\nWe launched the payments API to 300 banks in March.',
      },
    });
    model.reply({
      content: [
        'Information from the press office:',
        '- I launched the payments API to 300 banks in March.',
        'Information from work-profile/press.md:',
        '- We launched the payments API to 300 banks.',
        'Information from LinkedIn:',
        '- I won the industry award for payments in 2025.',
        'Information from profile details:',
        '- I lead the platform team of eight engineers.',
      ].join('\n'),
    });
    const res = await c.post('/profile/generate', { details: DETAILS });
    const file = { source: 'work-profile/press.md', source_url: '/dashboard?folder=work-profile&file=press.md' };
    expect(res.body.statements).toEqual([
      { text: 'I launched the payments API to 300 banks in March.', ...file },
      { text: 'We launched the payments API to 300 banks.', ...file },
      { text: 'I won the industry award for payments in 2025.', source: '' },
      { text: 'I lead the platform team of eight engineers.', source: 'profile details', source_url: '/dashboard?about=me' },
    ]);
  });

  test('documents the product generated (the brag document, even renamed) are never evidence', async () => {
    const c = app.user();
    const f = app.as(c, files.url);
    const brag =
      '# Brag document: Jane Doe\n\n**Engineering Manager at Acme**\n\nPeriod: 26 May 2026 to 26 Nov 2026\n\n## Impact and achievements\n\n- Cut checkout latency by 40% in Q2.';
    await f.post('/files', {
      file: { folder: 'work-profile', name: 'brag-document-2026-11-26.md', description: 'Brag document', content: brag },
    });
    await f.post('/files', { file: { folder: 'work-profile', name: 'for-my-review.md', description: 'mine now', content: brag } });
    await f.post('/files', {
      file: { folder: 'work-profile', name: 'wins.md', description: '', content: '- Hired four engineers in Q3.' },
    });
    const prompt = (await c.get('/profile/generation_prompt')).body;
    expect(prompt.user).not.toContain('Brag document');
    const res = await c.post('/profile/generate', { details: DETAILS });
    const texts = res.body.statements.map((s: { text: string }) => s.text);
    expect(texts).toContain('I hired four engineers in Q3.');
    expect(texts.filter((t: string) => /Period:|Cut checkout latency/.test(t))).toEqual([]);
    expect(res.body.statements.map((s: { source: string }) => s.source)).not.toContain('work-profile/brag-document-2026-11-26.md');
    expect(res.body.markdown).not.toContain('for-my-review.md');
  });

  test('a model profile is cut by the extraction rules: References, source labels, bullets, headings, at most 200', async () => {
    const c = modelled.as(app.user(), modelled.svc.url);
    const hostile = [
      '# Profile',
      '## Summary',
      '',
      '   ',
      'Plain line before any label.',
      '**Information from work-profile/cv.md:**',
      '- Led a team of 8.',
      '  * Nested bullet kept as text.',
      '3) Numbered item.',
      '<script>alert(1)</script>',
      '### Information from heading is a heading',
      'Information from journal entry of 2026-01-05:',
      '+ Shipped v2.',
      ...Array.from({ length: 250 }, (_, i) => `- Claim ${i + 1}.`),
      'References',
      '- Never a statement.',
    ].join('\r\n');
    model.reply({ content: hostile });
    const res = await c.post('/profile/generate', { details: DETAILS, system: 'Be brief.', user: 'Write it.' });
    expect(res.status).toBe(200);
    const statements = res.body.statements as { text: string; source: string }[];
    expect(statements).toHaveLength(200);
    // No object of the user's is named cv.md or a journal entry of that day: those sources are made up.
    expect(statements.slice(0, 6)).toEqual([
      { text: 'Plain line before any label.', source: '' },
      { text: 'Led a team of 8.', source: '' },
      { text: 'Nested bullet kept as text.', source: '' },
      { text: 'Numbered item.', source: '' },
      { text: '<script>alert(1)</script>', source: '' },
      { text: 'Shipped v2.', source: '' },
    ]);
    expect(statements.at(-1)).toEqual({ text: 'Claim 194.', source: '' });
    expect(statements.some((s) => s.text.includes('Never'))).toBe(false);
    // The user's own prompts went to the model as written.
    const sent = model.requests.at(-1)!.body.messages as { role: string; content: string }[];
    expect(sent.map((m) => m.content)).toEqual(['Be brief.', 'Write it.']);
    expect((await c.get('/profile')).body.statements).toHaveLength(200);
  });

  test('a bad research mode is 422', async () => {
    const res = await app.user().post('/profile/generate', { research_mode: 'slow' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([M.researchModeInvalid]);
  });
});

describe('company statements, narrative and edits by index', () => {
  test('grouped by company; delete by company and index; narrative written', async () => {
    const c = app.user();
    await c.patch('/profile', { details: { ...DETAILS, company_description: 'Acme sells payment software. It has 2,000 employees.' } });
    const company = await c.post('/profile/generate_company_statements', {});
    expect(company.body).toEqual({
      success: true,
      company_statements: {
        Acme: [
          { text: 'Acme sells payment software.', source: 'Acme' },
          { text: 'It has 2,000 employees.', source: 'Acme' },
        ],
      },
    });
    const deleted = await c.post('/profile/delete_company_statement', { company: 'Acme', index: 0 });
    expect(deleted.body.company_statements).toEqual({ Acme: [{ text: 'It has 2,000 employees.', source: 'Acme' }] });
    expect((await c.post('/profile/delete_company_statement', { company: 'Acme', index: 5 })).status).toBe(404);
    const narrative = await c.post('/profile/generate_narrative', {});
    expect(narrative.body.success).toBe(true);
    expect(narrative.body.narrative).toContain("I'm Jane Doe, an Engineering Manager at Acme.");
    expect((await c.get('/profile')).body.ai_profile_narrative).toBe(narrative.body.narrative);
  });

  test('verify and delete statements by index; a bad status is 422; another user sees nothing of it', async () => {
    const c = app.user();
    await c.post('/profile/generate', { details: DETAILS });
    const before = (await c.get('/profile')).body.statements as { text: string }[];
    expect(before.length).toBeGreaterThan(1);
    const verified = await c.post('/profile/verify_statement', { index: 1, status: 'verified' });
    expect(verified.body.statements[1]).toEqual({ ...before[1], status: 'verified' });
    const bad = await c.post('/profile/verify_statement', { index: 1, status: 'true' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual([M.statusInvalid]);
    const after = await c.post('/profile/delete_statement', { index: 0 });
    expect(after.body.statements.map((s: { text: string }) => s.text)).toEqual(before.slice(1).map((s) => s.text));
    expect((await c.post('/profile/delete_statement', { index: 99 })).status).toBe(404);

    const other = app.as(app.user(), app.svc.url);
    expect((await other.get('/profile')).body.statements).toEqual([]);
    expect((await other.post('/profile/delete_statement', { index: 0 })).status).toBe(404);
  });
});

describe('with a web search configured', () => {
  test('company statements come from the search, each linked to its citation', async () => {
    const web = await startPeople({ SEARCH_BASE_URL: model.baseURL, SEARCH_API_KEY: 'k', SEARCH_MODEL: 'sonar' }, base.database);
    try {
      const c = web.as(app.user(), web.svc.url);
      await c.patch('/profile', { details: DETAILS });
      model.reply({
        content: 'Acme sells payment software to banks [1].\nIt employs about 2,000 people [2].',
        citations: ['https://acme.example/about', 'https://news.example/acme-hiring'],
      });
      const res = await c.post('/profile/generate_company_statements', {});
      expect(res.body).toEqual({
        success: true,
        company_statements: {
          Acme: [
            { text: 'Acme sells payment software to banks [1].', source: 'Acme', source_url: 'https://acme.example/about' },
            { text: 'It employs about 2,000 people [2].', source: 'Acme', source_url: 'https://news.example/acme-hiring' },
          ],
        },
      });
      expect(model.requests.at(-1)!.body.model).toBe('sonar');
    } finally {
      await web.close();
    }
  });
});
