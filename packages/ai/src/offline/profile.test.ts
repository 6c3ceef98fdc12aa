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
      { text: 'Sam Smoke works as a Product Manager at Initech.', source: 'profile details' },
      { text: 'I run discovery for the billing product.', source: 'profile details' },
      { text: 'Launched usage-based billing to 300 customers.', source: 'work-profile/wins.md' },
      { text: 'Cut churn by 2 points.', source: 'work-profile/wins.md' },
      { text: 'Ran a pricing workshop with sales and finance.', source: 'journal entry of 2026-11-20' },
    ]);
    expect(markdown).toContain(
      'References\n- Profile details you entered in About me\n- work-profile/wins.md\n- journal entry of 2026-11-20',
    );
    expect(markdown).not.toContain('Wins" (2026-W47)');
  });

  test('with nothing entered or written, it says what to add and has no statements', () => {
    expect(offlineProfileStatements({}, []).statements).toEqual([]);
  });

  test('the narrative names who did what a note left without a subject', () => {
    const narrative = offlineNarrative({
      details,
      statements: [{ text: 'Launched usage-based billing to 300 customers.', source: 'work-profile/wins.md' }],
    });
    expect(narrative).toContain('Sam launched usage-based billing to 300 customers.');
    expect(narrative).toContain('Sam runs discovery for the billing product.');
  });
});

test('a post held by one person takes no article; a job does', () => {
  const first = (role: string) =>
    offlineProfileStatements({ full_name: 'Ada Lovelace', role, company: 'Analytical Engines' }, []).statements[0]!.text;
  expect(first('Head of Engineering')).toBe('Ada Lovelace works as Head of Engineering at Analytical Engines.');
  expect(first('VP Product')).toBe('Ada Lovelace works as VP Product at Analytical Engines.');
  expect(first('Staff Engineer')).toBe('Ada Lovelace works as a Staff Engineer at Analytical Engines.');
  expect(first('Engineering Manager')).toBe('Ada Lovelace works as an Engineering Manager at Analytical Engines.');
});

test('the narrative says who, what and where once: statements that only restate it are left out', () => {
  const ada = { full_name: 'Ada Lovelace', role: 'Head of Engineering', company: 'Analytical Engines' };
  const narrative = offlineNarrative({
    details: ada,
    statements: [
      { text: 'I am Ada Lovelace, Head of Engineering.', source: 'profile details' },
      { text: 'Shipped the Difference Engine v2 controller.', source: 'work-profile/past-projects.md' },
    ],
    companyStatements: [{ text: 'Analytical Engines is where Ada Lovelace currently works.', source: 'Analytical Engines' }],
  });
  expect(narrative).toBe(
    'Ada Lovelace works as Head of Engineering at Analytical Engines.\n\nAda shipped the Difference Engine v2 controller.',
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
  ).toBe('Ada Lovelace works as Head of Engineering at Analytical Engines. Analytical Engines builds programmable calculating machines.');
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
    { text: 'We launched the billing product to 300 customers in March.', source: 'work-profile/news.md' },
    { text: 'The team grew to twelve engineers this year.', source: 'work-profile/news.md' },
  ]);
  expect(statements.map((s) => s.source)).not.toContain('the press office');
  // The lead-in is no claim of its own either.
  expect(markdown).not.toContain('- Information from');
});
