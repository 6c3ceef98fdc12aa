import { describe, expect, it } from '@jest/globals';
import type { Milestone, Todo } from '@cc/contracts/planning';
import { keptStatements, openingLine, planningItems, type BragData } from './gather';
import { bragMarkdown, byMonth } from './markdown';
import { inPeriod, presetPeriod, validPeriod } from './period';
import { freeName } from './save';

const todo = (patch: Partial<Todo>): Todo => ({
  id: 1,
  title: 'A todo',
  due_date: null,
  description: '',
  tags: [],
  completed: true,
  milestone_id: null,
  source_key: null,
  source_label: null,
  source_url: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...patch,
});
const milestone = (patch: Partial<Milestone>): Milestone => ({
  id: 1,
  title: 'A milestone',
  target_date: '2026-06-01',
  description: '',
  milestone_type: 'goal',
  completed: true,
  progress: { done: 0, total: 0 },
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...patch,
});

const DETAILS = {
  full_name: 'Ada Lovelace',
  company: 'Analytical Engines',
  company_description: '',
  role: 'Head of Engineering',
  extra: '',
};
const data = (patch: Partial<BragData> = {}): BragData => ({
  period: { from: '2026-05-23', to: '2026-11-23' },
  details: DETAILS,
  statements: [],
  items: [],
  upcoming: [],
  missing: [],
  ...patch,
});
/** A bracket that is neither escaped nor the start of a markdown link: a placeholder left to fill in. */
const LOOSE_BRACKET = /(?<!\\)\[(?![^\]\n]*\]\()|(?<!\\)\](?!\()/;

describe('the brag document period', () => {
  it('runs from the same day 6 or 12 months back (clamped to the month end), or from 1 January, to today', () => {
    const today = new Date(2026, 7, 31);
    expect(presetPeriod('last6', today)).toEqual({ from: '2026-02-28', to: '2026-08-31' });
    expect(presetPeriod('last12', today)).toEqual({ from: '2025-08-31', to: '2026-08-31' });
    expect(presetPeriod('year', today)).toEqual({ from: '2026-01-01', to: '2026-08-31' });
    // A leap year's 29 February, and the late evening of a day (its day, not UTC's).
    expect(presetPeriod('last12', new Date(2028, 1, 29, 23, 30))).toEqual({ from: '2027-02-28', to: '2028-02-29' });
  });

  it('takes a custom period of two real days in order', () => {
    expect(validPeriod({ from: '2026-02-01', to: '2026-02-28' })).toBe(true);
    expect(validPeriod({ from: '2026-02-01', to: '2026-02-31' })).toBe(false);
    expect(validPeriod({ from: '2026-03-01', to: '2026-02-28' })).toBe(false);
    expect(validPeriod({ from: '', to: '2026-02-28' })).toBe(false);
  });

  it('includes both end days and counts a timestamp by its day', () => {
    const period = { from: '2026-05-01', to: '2026-05-31' };
    expect(['2026-05-01', '2026-05-31', '2026-05-31T23:00:00Z'].map((d) => inPeriod(d, period))).toEqual([true, true, true]);
    expect(['2026-04-30', '2026-06-01', null, ''].map((d) => inPeriod(d, period))).toEqual([false, false, false, false]);
  });

  it('takes completed todos and milestones dated in the period; open, undated and outside ones stay out', () => {
    const period = { from: '2026-05-01', to: '2026-05-31' };
    const items = planningItems(
      [
        todo({ id: 1, title: 'Shipped the billing migration', due_date: '2026-05-10' }),
        todo({ id: 2, title: 'Still open', due_date: '2026-05-11', completed: false }),
        todo({ id: 3, title: 'Undated', due_date: null }),
        todo({ id: 4, title: 'Too early', due_date: '2026-04-30' }),
      ],
      [
        milestone({ title: 'Team of eight hired', target_date: '2026-05-31' }),
        milestone({ title: 'Not reached', target_date: '2026-05-20', completed: false }),
      ],
      period,
    );
    expect(items).toEqual([
      // Each links to its own address: the todo or milestone scrolled to and highlighted.
      { date: '2026-05-10', kind: 'todo', text: 'Shipped the billing migration', link: '/planning/all_todos?todo=1' },
      { date: '2026-05-31', kind: 'milestone', text: 'Team of eight hired', link: '/planning/milestones_view?milestone=1' },
    ]);
  });
});

describe('the brag document markdown', () => {
  it('leaves rejected statements out and keeps verified and unverified ones with their sources', () => {
    const statements = keptStatements([
      {
        text: 'Led the platform migration.',
        source: 'work-profile/log.md',
        source_url: '/dashboard?folder=work-profile&file=log.md',
        status: 'verified',
      },
      { text: 'Invented the telephone.', source: 'Journal 2026-06-01', source_url: '/journal/2026-06-01', status: 'rejected' },
      { text: 'Mentored two engineers.', source: 'Check-in', status: 'unverified' },
      { text: 'Wrote the design doc.', source: 'notes', source_url: '/dashboard?folder=work&file=design (v2).md' },
    ]);
    const md = bragMarkdown(data({ statements }));
    expect(md).toContain('- Led the platform migration. ([work-profile/log.md](/dashboard?folder=work-profile&file=log.md))');
    expect(md).toContain('- Mentored two engineers. (Check-in)');
    expect(md).toContain('- Wrote the design doc. ([notes](/dashboard?folder=work&file=design%20%28v2%29.md))');
    expect(md).not.toContain('telephone');
  });

  it('lists no statement that only says who and where (the headline does), and says so when nothing else is left', () => {
    const role = { text: 'Ada Lovelace works as a Head of Engineering at Analytical Engines.', source: 'profile details' };
    const led = { text: 'Led the platform migration, cutting deploys from 2 hours to 10 minutes.', source: 'profile details' };
    const md = bragMarkdown(data({ statements: [role, led] }));
    expect(md).not.toContain('works as a Head of Engineering');
    expect(md).toContain('- Led the platform migration, cutting deploys from 2 hours to 10 minutes. (profile details)');
    expect(bragMarkdown(data({ statements: [role] }))).toContain(
      'Your profile statements only say your role so far: add what you have achieved in About me, then generate again.',
    );
  });

  it('groups dated evidence by month, newest first, each item linked to where it is', () => {
    const items = [
      { date: '2026-06-02', kind: 'journal' as const, text: 'Kicked off the migration', link: '/journal/2026-06-02' },
      { date: '2026-07-15', kind: 'todo' as const, text: 'Shipped billing', link: '/planning/all_todos?todo=5' },
      { date: '2026-06-20', kind: 'milestone' as const, text: 'Team hired', link: '/planning/milestones_view?milestone=2' },
    ];
    expect(byMonth(items).map((g) => [g.month, g.items.map((i) => i.date)])).toEqual([
      ['2026-07', ['2026-07-15']],
      ['2026-06', ['2026-06-20', '2026-06-02']],
    ]);
    const md = bragMarkdown(data({ items }));
    const evidence = md.slice(md.indexOf('## Evidence by month'), md.indexOf('## What I want next'));
    expect(evidence.indexOf('### July 2026')).toBeLessThan(evidence.indexOf('### June 2026'));
    expect(evidence).toContain('- [Completed, Wed 15 Jul 2026](/planning/all_todos?todo=5): Shipped billing');
    expect(evidence).toContain('- [Journal, Tue 2 Jun 2026](/journal/2026-06-02): Kicked off the migration');
    // A statement's journal source reads as a day too, not as the label's ISO date.
    const cited = bragMarkdown(
      data({
        statements: [{ text: 'Ran the pricing workshop.', source: 'journal entry of 2026-06-02', source_url: '/journal/2026-06-02' }],
      }),
    );
    expect(cited).toContain('- Ran the pricing workshop. ([Journal, Tue 2 Jun 2026](/journal/2026-06-02))');
    expect(evidence).toContain('- [Milestone reached, Sat 20 Jun 2026](/planning/milestones_view?milestone=2): Team hired');
  });

  it('has the headline from the details and the four parts in order', () => {
    const md = bragMarkdown(data());
    expect(
      md.startsWith(
        '# Brag document: Ada Lovelace\n\n**Head of Engineering at Analytical Engines**\n\nPeriod: Sat 23 May 2026 to Mon 23 Nov 2026',
      ),
    ).toBe(true);
    const order = ['## Impact and achievements', '## Evidence by month', '## What I want next'].map((h) => md.indexOf(h));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(order[0]).toBeGreaterThan(0);
  });

  it('has no bracketed placeholders: an empty profile asks a question, and the user’s own brackets are escaped', () => {
    const empty = bragMarkdown(data({ details: { ...DETAILS, full_name: '', role: '', company: '' } }));
    expect(empty).not.toMatch(LOOSE_BRACKET);
    expect(empty).toContain(
      '## What I want next\n\nWhat do I want to achieve in the next period, and what support would help me get there?',
    );
    const hostile = bragMarkdown(
      data({
        statements: [{ text: 'Owned [TBD] launches', source: '[your source]' }],
        items: [{ date: '2026-06-02', kind: 'journal', text: '[ ] a checkbox [link](x)', link: '/journal/2026-06-02' }],
        upcoming: [{ title: 'Staff engineer [by Q3]', target_date: '2027-01-01' }],
      }),
    );
    expect(hostile).not.toMatch(LOOSE_BRACKET);
    expect(hostile).toContain('Owned \\[TBD\\] launches');
    expect(hostile).toContain('- Staff engineer \\[by Q3\\] (by Fri 1 Jan 2027)');
  });

  it('reads an entry’s first line with words, without its heading or list marker', () => {
    expect(openingLine('\n\n## Monday\nMore')).toBe('Monday');
    expect(openingLine('- [x] Closed the deal')).toBe('Closed the deal');
    expect(openingLine('   \n')).toBe('');
  });
});

describe('the brag document name', () => {
  it('is brag-document-DAY.md, with -2, -3… when taken (ignoring case)', () => {
    expect(freeName('2026-11-23', ['notes.md'])).toBe('brag-document-2026-11-23.md');
    expect(freeName('2026-11-23', ['Brag-Document-2026-11-23.md', 'brag-document-2026-11-23-2.md'])).toBe('brag-document-2026-11-23-3.md');
  });
});
