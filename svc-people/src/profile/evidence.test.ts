import { expect, test } from '@jest/globals';
import { DETAILS_SOURCE, detailsSource, namedSource, sourceOf, type Source } from './evidence';

const sources: Source[] = [
  detailsSource({
    full_name: 'Jane Doe',
    role: 'Engineering Manager',
    company: 'Acme',
    extra: 'I lead the platform team of eight engineers.',
  }),
  {
    label: 'work-profile/wins.md',
    url: '/dashboard?folder=work-profile&file=wins.md',
    text: 'Information from the press office:\nWe launched usage-based billing to 300 customers.',
  },
  { label: 'journal entry of 2026-11-20', url: '/journal/2026-11-20', text: 'Ran a pricing workshop with sales and finance.' },
  { label: 'milestone "Promotion to Director"', url: '/planning/milestones_view?milestone=4', text: 'Working towards the milestone' },
];
const urlOf = (statement: { text: string; source: string }) => sourceOf(sources, statement)?.url;

test("a statement's source is the object its source line names, however the model quoted or trimmed the label", () => {
  expect(namedSource(sources, 'work-profile/wins.md')?.url).toBe('/dashboard?folder=work-profile&file=wins.md');
  expect(namedSource(sources, '`Work-Profile/wins.md`')?.url).toBe('/dashboard?folder=work-profile&file=wins.md');
  expect(namedSource(sources, 'wins.md')?.url).toBe('/dashboard?folder=work-profile&file=wins.md');
  expect(namedSource(sources, 'Information from work-profile/wins.md')?.label).toBe('work-profile/wins.md');
  expect(namedSource(sources, 'my journal entry of 2026-11-20 (Friday)')?.url).toBe('/journal/2026-11-20');
  expect(namedSource(sources, 'Profile details.')?.label).toBe(DETAILS_SOURCE);
  expect(namedSource(sources, 'md')).toBeUndefined();
  expect(namedSource(sources, '')).toBeUndefined();
});

test('a source line that names no object (text from inside a note, or made up) is not a source: the object that says it is', () => {
  // The note's own lead-in is not where the claim came from: the note is.
  expect(sourceOf(sources, { text: 'I launched usage-based billing to 300 customers.', source: 'the press office' })).toMatchObject({
    label: 'work-profile/wins.md',
    url: '/dashboard?folder=work-profile&file=wins.md',
  });
  expect(urlOf({ text: 'Ran a pricing workshop with sales and finance.', source: 'LinkedIn' })).toBe('/journal/2026-11-20');
  expect(sourceOf(sources, { text: 'I lead a platform team of eight engineers.', source: '' })?.label).toBe(DETAILS_SOURCE);
  // Nothing known says it: no source at all, rather than the model's word for one.
  expect(sourceOf(sources, { text: 'Won the industry award for payments in 2025.', source: 'the press office' })).toBeUndefined();
  expect(sourceOf(sources, { text: 'Award.', source: 'Acme' })).toBeUndefined();
});
