import { describe, expect, test } from '@jest/globals';
import { goalOf, offlineCoachingPlan } from './coaching-plan';

describe('the offline information-gathering plan', () => {
  test('restates the goal as an action instead of copying the prompt back', () => {
    expect(goalOf('I want to get promoted to staff engineer next year.')).toBe('Get promoted to staff engineer next year.');
    expect(goalOf('Help me move from support into product management, ideally at my current company before the June review cycle.')).toBe(
      'Move from support into product management.',
    );
    const long = goalOf(
      'My goal is to understand whether the reorganisation announced last week puts my role at risk and what my options are.',
    );
    expect(long).toBe(
      'In your words: "understand whether the reorganisation announced last week puts my role at risk". This plan gathers what you need to know before you act on it.',
    );
    expect(goalOf('')).toBe('Get clear on your next career step.');
  });

  test('matches a theme and gives questions, people, notes to keep and first steps in plain sentences', () => {
    const plan = offlineCoachingPlan('I want to get promoted to staff engineer next year.');
    expect(plan).toMatch(/^# Information-gathering plan\n\n## Your goal\nGet promoted to staff engineer next year\.\n/);
    expect(plan).toContain('- What does the next level expect that you do not yet show?');
    expect(plan).toContain('- Book a conversation with your manager, about the promotion criteria and timing');
    expect(plan).not.toMatch(/with: |\[|\{/);
  });
});
