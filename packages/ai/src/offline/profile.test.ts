import { describe, expect, test } from '@jest/globals';
import { offlineNarrative, offlineProfileStatements } from './profile';

const details = { full_name: 'Sam Smoke', role: 'Product Manager', company: 'Initech', extra: 'I run discovery for the billing product.' };

describe('the offline About me profile', () => {
  test('each note gives the claims it makes, under its own label; headings, questions, links and TODOs are not claims', () => {
    const { markdown, statements } = offlineProfileStatements(details, [
      {
        kind: 'file',
        label: 'work-profile/wins.md',
        text: '# Wins\n\n| quarter | win |\n|---|---|\n- Launched usage-based billing to 300 customers.\n- TODO add Q3\n- What did I learn?\n- https://example.com/deck\n- [x] Cut churn by 2 points.',
      },
      { kind: 'journal', label: 'journal entry of 2026-11-20', text: 'Ran a pricing workshop with sales and finance. It went well.' },
      { kind: 'checkin', label: 'check-in "Wins" (2026-W47)', text: '   ' },
    ]);
    expect(statements).toEqual([
      { text: 'I work as a Product Manager at Initech.', source: 'profile details' },
      { text: 'I run discovery for the billing product.', source: 'profile details' },
      { text: 'I launched usage-based billing to 300 customers.', source: 'work-profile/wins.md' },
      { text: 'I cut churn by 2 points.', source: 'work-profile/wins.md' },
      { text: 'I ran a pricing workshop with sales and finance.', source: 'journal entry of 2026-11-20' },
    ]);
    expect(markdown).toContain(
      'References\n- Profile details you entered in About me\n- work-profile/wins.md\n- journal entry of 2026-11-20',
    );
    expect(markdown).not.toContain('Wins" (2026-W47)');
  });

  test('with nothing entered or written, it says what to add and has no statements', () => {
    expect(offlineProfileStatements({}, []).statements).toEqual([]);
  });

  test('every statement is in the first person: a note without a subject, the user named, web research; lines about others are left out', () => {
    const { statements } = offlineProfileStatements(
      details,
      [
        {
          kind: 'file',
          label: 'work-profile/notes.md',
          text: '- Led the pricing review with finance.\n- Sam Smoke presented at the product summit.\n- Dana said the roadmap was too long.\n- She wants a weekly update.',
        },
      ],
      "Sam Smoke leads discovery at Initech. Sam's team won the 2025 design award.",
    );
    expect(statements.slice(2).map((s) => s.text)).toEqual([
      'I led the pricing review with finance.',
      'I presented at the product summit.',
      'I lead discovery at Initech.',
      'My team won the 2025 design award.',
    ]);
  });
});

test('the narrative is one voice, the name once: who, the company, then what I do now and what I have done, each in one sentence', () => {
  const narrative = offlineNarrative({
    details: { ...details, company_description: 'Initech makes billing software for clinics.' },
    statements: [
      { text: 'I work as a Product Manager at Initech.', source: 'profile details' },
      { text: 'I run discovery for the billing product.', source: 'profile details' },
      { text: 'Launched usage-based billing to 300 customers.', source: 'work-profile/wins.md' },
      { text: 'I cut churn by 2 points.', source: 'work-profile/wins.md' },
      { text: 'I mentor two associate PMs.', source: 'journal entry of 2026-11-20' },
    ],
  });
  expect(narrative).toBe(
    [
      "I'm Sam Smoke, a Product Manager at Initech. Initech makes billing software for clinics.",
      '',
      'Day to day, I run discovery for the billing product and mentor two associate PMs. Along the way, I launched usage-based billing to 300 customers and cut churn by 2 points.',
    ].join('\n'),
  );
  expect(narrative.match(/Sam/g)).toHaveLength(1);
});

test('a post held by one person takes no article; a job does', () => {
  const first = (role: string) =>
    offlineProfileStatements({ full_name: 'Ada Lovelace', role, company: 'Analytical Engines' }, []).statements[0]!.text;
  expect(first('Head of Engineering')).toBe('I work as Head of Engineering at Analytical Engines.');
  expect(first('VP Product')).toBe('I work as VP Product at Analytical Engines.');
  expect(first('Staff Engineer')).toBe('I work as a Staff Engineer at Analytical Engines.');
  expect(first('Engineering Manager')).toBe('I work as an Engineering Manager at Analytical Engines.');
});

test('the narrative says who, what and where once: statements that only restate it are left out', () => {
  const ada = { full_name: 'Ada Lovelace', role: 'Head of Engineering', company: 'Analytical Engines' };
  const narrative = offlineNarrative({
    details: ada,
    statements: [
      { text: 'I am Ada Lovelace, Head of Engineering.', source: 'profile details' },
      { text: 'Shipped the Difference Engine v2 controller.', source: 'work-profile/past-projects.md' },
    ],
    companyStatements: [{ text: 'Analytical Engines is where I currently work.', source: 'Analytical Engines' }],
  });
  expect(narrative).toBe(
    "I'm Ada Lovelace, Head of Engineering at Analytical Engines.\n\nAlong the way, I shipped the Difference Engine v2 controller.",
  );
  // A company statement that says something is kept.
  expect(
    offlineNarrative({
      details: ada,
      companyStatements: [
        { text: 'Analytical Engines is where Ada Lovelace currently works.', source: 'Analytical Engines' },
        { text: 'Analytical Engines builds programmable calculating machines.', source: 'Analytical Engines' },
      ],
    }),
  ).toBe("I'm Ada Lovelace, Head of Engineering at Analytical Engines. Analytical Engines builds programmable calculating machines.");
});

test("a note's own 'Information from the press office:' line is its text: its claims are the note's, not the press office's", () => {
  const { statements, markdown } = offlineProfileStatements(details, [
    {
      kind: 'file',
      label: 'work-profile/news.md',
      text: 'Information from the press office:\nWe launched the billing product to 300 customers in March.\nInformation from LinkedIn:\n- The team grew to twelve engineers this year.',
    },
  ]);
  expect(statements.slice(2)).toEqual([
    { text: 'My team and I launched the billing product to 300 customers in March.', source: 'work-profile/news.md' },
    { text: 'My team grew to twelve engineers this year.', source: 'work-profile/news.md' },
  ]);
  expect(statements.map((s) => s.source)).not.toContain('the press office');
  // The lead-in is no claim of its own either.
  expect(markdown).not.toContain('- Information from');
});

test('what I care about and what I want next each get their own sentence, never "day to day"', () => {
  const narrative = offlineNarrative({
    details: { full_name: 'Dana Kim', role: 'Head of Platform', company: 'Contoso' },
    statements: [
      { text: 'I run the platform group.', source: 'profile details' },
      { text: 'I care about reliability more than anything.', source: 'profile details' },
      { text: 'I want to be promoted to director next year.', source: 'career-goals/next-role.md' },
    ],
  });
  expect(narrative).toBe(
    "I'm Dana Kim, Head of Platform at Contoso.\n\nDay to day, I run the platform group. At heart, I care about reliability more than anything. Looking ahead, I want to be promoted to director next year.",
  );
});

test('a todo or a milestone is what the user did, without its due or target date; a line with no "I" is context, not a statement', () => {
  const { statements, markdown } = offlineProfileStatements(details, [
    {
      kind: 'todo',
      label: 'todo "Collect peer quotes"',
      text: 'Completed the todo "Collect peer quotes" (due Wed 18 Nov 2026): four quotes from finance',
    },
    { kind: 'milestone', label: 'milestone "Packet"', text: 'Working towards the milestone "Packet" (target Fri 11 Dec 2026)' },
    { kind: 'journal', label: 'your journal, Mon 7 Sep 2026', text: 'First day back from leave.\nWe missed the search launch by a week.' },
  ]);
  expect(statements.slice(2).map((s) => s.text)).toEqual([
    'I completed "Collect peer quotes": four quotes from finance.',
    'I am working towards the milestone "Packet".',
    'My team and I missed the search launch by a week.',
  ]);
  expect(markdown).toContain('Information from your journal, Mon 7 Sep 2026:');
});
