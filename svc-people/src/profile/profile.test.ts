import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { PROFILE_MESSAGES as M } from '@cc/contracts';
import { startTestService, type RunningService } from '@cc/service-kit/testing';
import { filesService } from '@cc/svc-files';
import { startPeople, type PeopleHarness } from '../test-support';

let base: PeopleHarness;
let app: PeopleHarness;
let files: RunningService;

beforeAll(async () => {
  base = await startPeople();
  files = await startTestService(filesService, base.database.db, { env: { FILES_LISTING_CACHE: 'off' } });
  app = await startPeople({ FILES_URL: files.url }, base.database);
});
afterAll(async () => {
  await app?.close();
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
      text: 'Cut checkout latency by 40% in Q2.',
      source: 'work-profile/achievements-log.md',
      source_url: '/dashboard?folder=work-profile&file=achievements-log.md',
    });
    expect(res.body.statements).toContainEqual({ text: 'I lead the platform team of eight engineers.', source: 'profile details' });
    const saved = (await c.get('/profile')).body;
    expect(saved.ai_profile_markdown).toBe(res.body.markdown);
    expect(saved.statements).toEqual(res.body.statements);
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
    expect(narrative.body.narrative).toContain('Jane Doe works as an Engineering Manager at Acme.');
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
