import { expect, test } from '@jest/globals';
import { linkOf } from './evidence';

const evidence = [
  { label: 'work-profile/wins.md', url: '/dashboard?folder=work-profile&file=wins.md' },
  { label: 'journal entry of 2026-11-20', url: '/journal/2026-11-20' },
  { label: 'planning milestones', url: '/planning' },
];

test("a statement's source links to the note it names, however the model quoted or trimmed the label", () => {
  expect(linkOf(evidence, 'work-profile/wins.md')).toBe('/dashboard?folder=work-profile&file=wins.md');
  expect(linkOf(evidence, '`Work-Profile/wins.md`')).toBe('/dashboard?folder=work-profile&file=wins.md');
  expect(linkOf(evidence, 'wins.md')).toBe('/dashboard?folder=work-profile&file=wins.md');
  expect(linkOf(evidence, 'my journal entry of 2026-11-20 (Friday)')).toBe('/journal/2026-11-20');
  expect(linkOf(evidence, 'Planning milestones.')).toBe('/planning');
});

test('a source that names none of them, or too little to tell, has no link', () => {
  expect(linkOf(evidence, 'profile details')).toBeUndefined();
  expect(linkOf(evidence, 'Acme')).toBeUndefined();
  expect(linkOf(evidence, 'md')).toBeUndefined();
  expect(linkOf(evidence, '')).toBeUndefined();
});
