import { describe, expect, test } from '@jest/globals';
import { CAREER_FOLDERS } from '../career-folders';
import { createOfflineCoach } from './offline-provider';
import { storyQuestion } from './testing';

// The offline coach's one-shot tasks: suggestions, drafts, summaries, scores, plans, the profile.
// (Its chat and the edits it proposes from a conversation are in offline-coach.test.ts.)
const ai = createOfflineCoach();

describe('offline coach: suggestions and drafts', () => {
  test('folder suggestions are the career folders, minus rejected and existing, within count', async () => {
    const all = await ai.suggestFolders({ count: 10, existing: [], rejected: [] });
    expect(all.slice(0, 7).map((s) => s.name)).toEqual(CAREER_FOLDERS.map((f) => f.name));
    expect(all).toHaveLength(10);
    for (const s of all) expect(s.description.length).toBeGreaterThan(30);

    const some = await ai.suggestFolders({ count: 3, existing: ['Work Profile'], rejected: ['current-projects', 'past_projects'] });
    expect(some.map((s) => s.name)).toEqual(['interview-stories', 'career-goals', 'current-job-relationships']);
  });

  test('folder suggestion counts are clamped to 1-10, non-numbers give 5', async () => {
    expect(await ai.suggestFolders({ count: 0, existing: [], rejected: [] })).toHaveLength(1);
    expect(await ai.suggestFolders({ count: 50, existing: [], rejected: [] })).toHaveLength(10);
    expect(await ai.suggestFolders({ count: Number.NaN, existing: [], rejected: [] })).toHaveLength(5);
  });

  test('file suggestions fit the folder and skip what exists or was rejected', async () => {
    const files = await ai.suggestFiles({
      folder: 'interview-stories',
      count: 3,
      existing: ['leading-under-pressure.md'],
      rejected: ['Resolving a conflict'],
    });
    expect(files.map((f) => f.name)).toEqual(['learning-from-failure.md', 'influencing-without-authority.md', 'biggest-achievement.md']);

    const other = await ai.suggestFiles({ folder: 'side-hustle', folderDescription: 'My Etsy shop', count: 4, existing: [], rejected: [] });
    expect(other).toHaveLength(4);
    for (const f of other) expect(f.name).toMatch(/^[a-z0-9-]+\.md$/);
    expect(other[0]!.description).toContain('My Etsy shop');
  });

  test('drafts have a title and the headings of their folder', async () => {
    const storyDraft = await ai.draftFile({
      folder: 'interview-stories',
      name: 'resolving-a-conflict.md',
      description: 'A disagreement with a peer',
    });
    expect(storyDraft.startsWith('# Resolving a conflict\n')).toBe(true);
    expect(storyDraft).toContain('> A disagreement with a peer.');
    expect(storyDraft.match(/^## .+$/gm)).toEqual(['## Situation', '## Task', '## Action', '## Result', '## Reflection']);
    // Questions to answer, not bracketed placeholders or instructions to the user.
    expect(storyDraft).not.toMatch(/[[\]]/);
    expect(storyDraft).not.toMatch(/Tell it in the first person/);
    expect(storyDraft).toContain(`_${storyQuestion('Result')}_`);

    const profileDraft = await ai.draftFile({ folder: 'work-profile', name: 'current-role.md' });
    expect(profileDraft).toContain('## Role and scope');
    expect(profileDraft).toContain('## Key achievements');

    const anyDraft = await ai.draftFile({ folder: 'hobbies', name: 'climbing.md' });
    expect(anyDraft.match(/^## /gm)!.length).toBeGreaterThanOrEqual(3);
  });
});

describe('offline coach: summaries, scores, plans and profile', () => {
  test('the summary of empty content is empty', async () => {
    expect(await ai.summarize({ content: '' })).toBe('');
    expect(await ai.summarize({ content: ' \n\n ' })).toBe('');
  });

  test('a summary takes the first point of each section', async () => {
    const summary = await ai.summarize({
      content:
        '# Launch\n\n## Goal\n- Ship the beta by June. It matters for the Series B.\n- Another line.\n\n## Status\n- [placeholder]\n- Two of five features done.\n',
    });
    expect(summary).toBe('- **Goal:** Ship beta by June.\n- **Status:** Two of five features done.');
  });

  test('scores stay within 0-100 and richer answers score higher', async () => {
    const q = 'What went well this week?';
    const empty = await ai.score({ question: q, answer: '', history: [] });
    const thin = await ai.score({ question: q, answer: 'It was fine.', history: [] });
    const rich = await ai.score({
      question: q,
      answer:
        'What went well this week: on Tuesday I ran the design review for the billing migration and got sign-off from all three teams. ' +
        'I prepared by meeting each lead beforehand, which cut the review from two hours to forty minutes. ' +
        'I learned that pre-wiring decisions works because people raise concerns early. Next week I will do the same for the data migration.',
      history: [],
    });
    // No answer, no score: a 0 would count as answered and pull the average down.
    expect(empty).toEqual({ score: null, feedback: '' });
    const opener = await ai.score({ question: q, answer: `I'm ready to start reflecting on: ${q}`, history: [] });
    expect(opener).toEqual({ score: null, feedback: '' });
    for (const s of [thin, rich]) {
      expect(s.score).toBeGreaterThanOrEqual(0);
      expect(s.score).toBeLessThanOrEqual(100);
      expect(Number.isInteger(s.score)).toBe(true);
      expect(s.feedback.length).toBeGreaterThan(10);
    }
    expect(thin.score).toBeLessThan(30);
    expect(rich.score).toBeGreaterThan(80);
    expect(rich.score).toBeGreaterThan(thin.score!);
  });

  test('the score counts earlier answers in the conversation', async () => {
    const q = 'What went well this week?';
    const alone = await ai.score({ question: q, answer: 'Also the offsite.', history: [] });
    const withHistory = await ai.score({
      question: q,
      answer: 'Also the offsite.',
      history: [{ role: 'user', content: 'I shipped the new onboarding flow on Monday and signups rose 12%.' }],
    });
    expect(withHistory.score).toBeGreaterThan(alone.score!);
  });

  test('a week plan has outcomes and dated task boxes from today', async () => {
    const plan = await ai.weekPlan({
      prompt: 'I want to finish the Q3 roadmap deck. I need to prepare for my promotion talk.',
      periodKey: '2025-W12',
      today: '2025-03-18',
    });
    expect(plan.outcomes.split('\n')).toEqual(['- Q3 roadmap deck finished', '- Ready for my promotion talk']);
    expect(plan.actions.split('\n')[0]).toMatch(/^- \[ \] \*\*Tue 18 Mar:\*\* /);
    expect(plan.actions).not.toContain('Mon 17 Mar');
    expect(plan.actions).toContain('- [ ] **Fri 21 Mar:** Review the week');
    expect(plan.actions).toContain('Rehearse for my promotion talk');
  });

  test('profile statements come from the details, with their source', async () => {
    const details = {
      full_name: 'Jane Doe',
      role: 'Staff Engineer',
      company: 'Acme',
      company_description: 'Acme sells payment software. It has 2,000 staff.',
      extra: 'I lead the payments platform.',
    };
    const profile = await ai.profileStatements({ details });
    expect(profile.statements).toEqual([
      { text: 'I work as a Staff Engineer at Acme.', source: 'profile details' },
      { text: 'I lead the payments platform.', source: 'profile details' },
    ]);
    expect(profile.markdown).toContain('Information from profile details:');

    expect(await ai.companyStatements({ details })).toEqual([
      { text: 'Acme sells payment software.', source: 'Acme' },
      { text: 'It has 2,000 staff.', source: 'Acme' },
    ]);

    const narrative = await ai.narrative({ details, statements: profile.statements });
    expect(narrative).toContain("I'm Jane Doe, a Staff Engineer at Acme.");
    expect(narrative).toContain('Day to day, I lead the payments platform.');
  });

  test('a meeting section proposal keeps what was written', async () => {
    const proposal = await ai.meetingSection({
      section: 'agenda',
      title: 'Q3 planning',
      attendees: ['Sam', 'Lee'],
      content: { goals: '- Agree on Q3 priorities', agenda: '- Budget review' },
    });
    expect(proposal.startsWith('- Budget review\n')).toBe(true);
    expect(proposal).toContain('\n- Agree on Q3 priorities\n');
  });

  test('a coaching plan is markdown with questions and first steps', async () => {
    const plan = await ai.coachingPlan({ prompt: 'I want to get promoted to staff engineer next year.' });
    expect(plan).toMatch(/^# Information-gathering plan/);
    expect(plan).toContain('## Questions to answer');
    expect(plan).toContain('## First steps this week');
  });
});
