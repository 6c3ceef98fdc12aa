import { describe, expect, it } from '@jest/globals';
import { coachingFileName } from '@cc/contracts/coaching-rules';
import { suggestionType } from './suggestion';

describe('the virtual coaching file name', () => {
  it('lowercases the title, keeps letters, digits, hyphens and spaces, cuts at 48, spaces as underscores, then the period', () => {
    expect(coachingFileName('What went well?', '2026-W03')).toBe('what_went_well_2026-W03.md');
    expect(coachingFileName("Today's top-3 priorities (work & life)", '2026-03-02')).toBe(
      'todays_top-3_priorities_work__life_2026-03-02.md',
    );
    const long = 'A very long question title that goes on and on past the limit';
    expect(coachingFileName(long, '2026-Q1')).toBe(`${long.toLowerCase().slice(0, 48).replace(/ /g, '_')}_2026-Q1.md`);
  });
});

describe('the suggestion type', () => {
  const index = { coaching: [{ id: 4, name: 'plan.md', description: '' }], notes: [{ id: 9, name: 'weekly-plan.md', description: '' }] };

  it('is update when the text names one of the files (the longest name mentioned)', () => {
    expect(suggestionType('Add this to weekly-plan.md please', index)).toEqual({
      type: 'update',
      file: { id: 9, folder: 'notes', name: 'weekly-plan.md' },
    });
    expect(suggestionType('Put it in PLAN.md', index)).toEqual({ type: 'update', file: { id: 4, folder: 'coaching', name: 'plan.md' } });
  });

  it('is create otherwise', () => {
    expect(suggestionType('A new file about my goals', index)).toEqual({ type: 'create' });
  });
});
