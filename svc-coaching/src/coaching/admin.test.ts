import { describe, expect, test } from '@jest/globals';
import { COACHING_MESSAGES as M, REQUEST_MESSAGES } from '@cc/contracts';
import { startedForTests } from '@cc/service-kit/testing';
import { startCoaching } from '../test-support';
import { adminClient } from './test-clients';

const h = startedForTests(startCoaching);

const section = (title: string, more: Record<string, unknown> = {}) => ({
  section: { title, description: 'About it', questionnaire_type: 'monthly', ...more },
});
const question = (sectionId: number, title: string, more: Record<string, unknown> = {}) => ({
  question: { title, question_text: `${title}?`, prompt: 'Ask for an example.', onboarding_section_id: sectionId, ...more },
});

describe('only administrators edit the questionnaires', () => {
  test('every admin call answers 403 with the message to anyone else (and writes nothing)', async () => {
    const user = h.user();
    const refused = { success: false, errors: [REQUEST_MESSAGES.adminOnly] };
    // admin_sections and upload_questions_csv document `error`: it comes beside the list there.
    const calls = [
      () => user.get('/coaching/admin_sections?type=monthly'),
      () => user.post('/coaching/sections', section('Not mine')),
      () => user.patch('/coaching/sections/1', section('Not mine')),
      () => user.delete('/coaching/sections/1'),
      () => user.post('/coaching/questions', question(1, 'Not mine')),
      () => user.patch('/coaching/questions/1', question(1, 'Not mine')),
      () => user.delete('/coaching/questions/1'),
      () => user.post('/coaching/upload_questions_csv', {}),
    ];
    for (const call of calls) {
      const res = await call();
      expect([res.status, res.body]).toMatchObject([403, refused]);
    }
    const titles = (await adminClient(h).get('/coaching/admin_sections?type=monthly')).body.sections.map((s: { title: string }) => s.title);
    expect(titles).not.toContain('Not mine');
  });
});

describe('sections', () => {
  test('create goes last by default (the count plus 1), edit changes only what is sent, every user sees it', async () => {
    const admin = adminClient(h);
    const before = (await admin.get('/coaching/admin_sections?type=quarterly')).body.sections;
    const created = await admin.post('/coaching/sections', section('Team health', { questionnaire_type: 'quarterly' }));
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      success: true,
      errors: [],
      section: {
        id: expect.any(Number),
        title: 'Team health',
        description: 'About it',
        position: before.length + 1,
        questionnaire_type: 'quarterly',
        questions: [],
      },
    });
    const id = created.body.section.id;
    const edited = await admin.patch(`/coaching/sections/${id}`, { section: { description: 'How the team is doing' } });
    expect(edited.body.section).toMatchObject({ title: 'Team health', description: 'How the team is doing', position: before.length + 1 });
    const seen = (await h.user().get('/coaching/questionnaire_sections?type=quarterly&period_key=2026-Q1')).body.sections;
    expect(seen.at(-1)).toMatchObject({ id, title: 'Team health', description: 'How the team is doing' });
    const placed = await admin.post('/coaching/sections', section('First things', { position: 1 }));
    expect(placed.body.section.position).toBe(1);
  });

  test('errors: every broken rule, a taken title, an unknown id', async () => {
    const admin = adminClient(h);
    const bad = await admin.post('/coaching/sections', { section: { title: '', questionnaire_type: 'yearly', position: -1 } });
    expect([bad.status, bad.body]).toEqual([422, { success: false, errors: [M.sectionTitleRequired, M.positionInvalid, M.typeInvalid] }]);
    await admin.post('/coaching/sections', section('Unique title'));
    const taken = await admin.post('/coaching/sections', section('unique TITLE'));
    expect([taken.status, taken.body]).toEqual([422, { success: false, errors: [M.sectionExists] }]);
    const missing = await admin.patch('/coaching/sections/999999', section('x'));
    expect([missing.status, missing.body]).toEqual([404, { success: false, errors: [M.sectionNotFound] }]);
    expect((await admin.delete('/coaching/sections/abc')).status).toBe(404);
    expect((await admin.post('/coaching/sections', { section: { title: 'x'.repeat(201), questionnaire_type: 'monthly' } })).body).toEqual({
      success: false,
      errors: [M.titleTooLong],
    });
  });
});

describe('questions', () => {
  test("create goes last in its section by default; edit can move it; the tab's type must be the section's", async () => {
    const admin = adminClient(h);
    const a = (await admin.post('/coaching/sections', section('Section A'))).body.section;
    const b = (await admin.post('/coaching/sections', section('Section B'))).body.section;
    const q1 = await admin.post('/coaching/questions', question(a.id, 'One', { questionnaire_type: 'monthly' }));
    expect(q1.status).toBe(201);
    expect(q1.body).toEqual({
      success: true,
      errors: [],
      question: {
        id: expect.any(Number),
        title: 'One',
        text: 'One?',
        prompt: 'Ask for an example.',
        position: 1,
        onboarding_section_id: a.id,
        questionnaire_type: 'monthly',
      },
    });
    expect((await admin.post('/coaching/questions', question(a.id, 'Two'))).body.question.position).toBe(2);
    const moved = await admin.patch(`/coaching/questions/${q1.body.question.id}`, {
      question: { onboarding_section_id: b.id, question_text: 'Moved?' },
    });
    expect(moved.body.question).toMatchObject({ title: 'One', text: 'Moved?', onboarding_section_id: b.id });
    const wrongTab = await admin.post('/coaching/questions', question(a.id, 'Three', { questionnaire_type: 'semester' }));
    expect([wrongTab.status, wrongTab.body]).toEqual([422, { success: false, errors: [M.sectionTypeMismatch('monthly', 'semester')] }]);
    const noSection = await admin.post('/coaching/questions', question(999_999, 'Four'));
    expect([noSection.status, noSection.body]).toEqual([422, { success: false, errors: [M.sectionNotFound] }]);
    const taken = await admin.post('/coaching/questions', question(a.id, 'two'));
    expect(taken.body).toEqual({ success: false, errors: [M.questionExists] });
    const bad = await admin.post('/coaching/questions', { question: { title: '', question_text: '' } });
    expect(bad.body).toEqual({ success: false, errors: [M.questionTitleRequired, M.questionTextRequired, M.sectionIdRequired] });
    expect((await admin.patch('/coaching/questions/999999', question(a.id, 'x'))).status).toBe(404);
  });
});

describe('deletions cascade, each in one transaction', () => {
  test("deleting a question deletes every user's conversations of it", async () => {
    const admin = adminClient(h);
    const s = (await admin.post('/coaching/sections', section('Cascade Q'))).body.section;
    const q = (await admin.post('/coaching/questions', question(s.id, 'Asked'))).body.question;
    const u1 = h.user();
    const u2 = h.user();
    await u1.post('/coaching/onboarding_send_message', { question_id: q.id, period_key: '2026-05', message: 'My answer' });
    await u2.post('/coaching/onboarding_save_content', { question_id: q.id, period_key: '2026-06', content: 'Notes' });
    const res = await admin.delete(`/coaching/questions/${q.id}`);
    expect(res.body).toEqual({ success: true, errors: [], deleted_conversations: 2 });
    const gone = await u1.get(`/coaching/onboarding_conversation?question_id=${q.id}&period_key=2026-05`);
    expect([gone.status, gone.body]).toEqual([404, { success: false, errors: [M.questionNotFound] }]);
    expect((await admin.delete(`/coaching/questions/${q.id}`)).status).toBe(404);
  });

  test('deleting a section deletes its questions and their conversations', async () => {
    const admin = adminClient(h);
    const s = (await admin.post('/coaching/sections', section('Cascade S'))).body.section;
    const q1 = (await admin.post('/coaching/questions', question(s.id, 'First'))).body.question;
    await admin.post('/coaching/questions', question(s.id, 'Second'));
    const u = h.user();
    await u.post('/coaching/onboarding_save_content', { question_id: q1.id, period_key: '2026-05', content: 'Notes' });
    expect((await admin.delete(`/coaching/sections/${s.id}`)).body).toEqual({ success: true, errors: [], deleted_questions: 2 });
    expect((await admin.get('/coaching/admin_sections?type=monthly')).body.sections.map((x: { id: number }) => x.id)).not.toContain(s.id);
    expect((await u.get(`/coaching/onboarding_conversation?question_id=${q1.id}&period_key=2026-05`)).status).toBe(404);
    expect((await admin.delete(`/coaching/sections/${s.id}`)).body).toEqual({ success: false, errors: [M.sectionNotFound] });
  });
});

describe('admin_sections', () => {
  test('one questionnaire by type, or every one; an unknown type is named', async () => {
    const admin = adminClient(h);
    const daily = (await admin.get('/coaching/admin_sections?type=start_of_day')).body;
    expect(daily.success).toBe(true);
    expect(new Set(daily.sections.map((s: { questionnaire_type: string }) => s.questionnaire_type))).toEqual(new Set(['start_of_day']));
    expect(daily.sections[0].questions[0]).toEqual(
      expect.objectContaining({ title: expect.any(String), text: expect.any(String), prompt: expect.any(String) }),
    );
    const all = (await admin.get('/coaching/admin_sections')).body.sections;
    expect(new Set(all.map((s: { questionnaire_type: string }) => s.questionnaire_type)).size).toBe(8);
    expect((await admin.get('/coaching/admin_sections?type=weekly')).body).toEqual({
      success: false,
      error: M.typeInvalid,
      errors: [M.typeInvalid],
    });
  });
});
