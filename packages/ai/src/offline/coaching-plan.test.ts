import { describe, expect, test } from '@jest/globals';
import { goalOf, offlineCoachingPlan, readPlanPrompt } from './coaching-plan';

// The coaching page's template, filled in (svc-coaching's DEFAULT_COACHING_PROMPT).
const filled = (parts: { where?: string; want?: string; know?: string; unsure?: string }) =>
  [
    'I want a plan for gathering the information I need to take my next career step.',
    '',
    `Where I am now: ${parts.where ?? 'my role, my team and how long I have been there.'}`,
    `What I want: ${parts.want ?? 'the goal I am working toward in the next year (a promotion, a new role, a new skill, leading a team...).'}`,
    `What I already know: ${parts.know ?? 'what has gone well, feedback I have had, people I can ask.'}`,
    `What I am unsure about: ${parts.unsure ?? 'the questions I cannot answer yet.'}`,
    '',
    'Tell me which questions to answer, who and what to learn from, which notes to keep, and what to do first this week.',
  ].join('\n');

describe('the offline information-gathering plan', () => {
  test("reads the template's parts; a part left as the template wrote it is no answer", () => {
    expect(readPlanPrompt(filled({ want: 'promotion to staff engineer.' }))).toEqual({
      parts: { want: 'promotion to staff engineer.' },
      prose: '',
    });
  });

  test('restates the goal as an action in the coach’s words instead of copying the prompt back', () => {
    expect(goalOf('I want to get promoted to staff engineer next year.')).toBe('Get promoted to staff engineer next year.');
    expect(goalOf('I am a frontend engineer and I want to move into product management in the next year.')).toBe(
      'Move into product management in the next year.',
    );
    expect(goalOf(filled({ want: 'a working relationship where she trusts my judgement.' }))).toBe(
      'A working relationship where she trusts your judgement.',
    );
    expect(goalOf('')).toBe('Get clear on your next career step.');
  });

  test("matches the goal's theme, asks the user's open questions first and names the people they named", () => {
    const plan = offlineCoachingPlan(
      filled({
        where: 'senior engineer on the platform team at Contoso for three years.',
        want: 'promotion to staff engineer in the next review cycle.',
        know: 'I lead the platform roadmap and my manager Priya says I am close.',
        unsure: 'what the promotion committee looks for and who could sponsor me.',
      }),
    );
    expect(plan).toMatch(/^# Information-gathering plan\n\n## Your goal\nPromotion to staff engineer in the next review cycle\.\n/);
    expect(plan).toContain(
      '## Questions to answer\n- Find out what the promotion committee looks for\n- Find out who could sponsor you\n- What does the next level expect',
    );
    expect(plan).toContain('- Priya, your manager: ask what they would need to see from you at the next level');
    expect(plan).not.toContain('- Your manager, about the promotion criteria');
    expect(plan).toContain('- Book a conversation with Priya, your manager');
    expect(plan).not.toMatch(/Where I am now|Tell me which|with: |\[|\{/);
  });

  test('a first week, a reorganisation, a return from leave and a missed launch each get their own questions', () => {
    const questions = (prompt: string) => offlineCoachingPlan(prompt).split('## Questions to answer\n')[1]!.split('\n')[0];
    expect(questions(filled({ where: 'I started this week as a product manager at Fabrikam.', want: 'to be trusted with more.' }))).toBe(
      '- What will you be measured on, and by whom?',
    );
    expect(questions('My team was moved under a new director last week. I want to know where we fit.')).toBe(
      '- What does the new leader care about most in their first months?',
    );
    expect(questions('I came back from parental leave in September. I want to get back up to speed.')).toBe(
      '- What changed while you were away, and what does it mean for your work?',
    );
    expect(questions('We missed the launch date by four weeks. I want to rebuild trust with the stakeholders.')).toBe(
      '- How do your stakeholders see what happened, in their own words?',
    );
  });

  test('a question the user asked is not asked again; the first step books a meeting in one sentence and points at a question', () => {
    const firstWeek = offlineCoachingPlan(
      filled({ where: 'I started this week as a data engineer.', want: 'be trusted with a bigger area', unsure: 'what I am measured on' }),
    );
    expect(firstWeek).toContain('- Find out what you are measured on');
    expect(firstWeek).not.toContain('What will you be measured on');
    const reorg = offlineCoachingPlan(filled({ where: 'Our group was reorganised under a new director.', want: 'keep my project funded' }));
    expect(reorg).toContain('- Book a short introduction meeting with the new director\n');
    expect(reorg).toContain('- Before that conversation, write down your answer to the first question above');
  });
});
