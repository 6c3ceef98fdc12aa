import { describe, expect, it } from '@jest/globals';
import { restatesIdentity } from './profile-rules';

const details = { full_name: 'Ada Lovelace', role: 'Head of Engineering', company: 'Analytical Engines' };

describe('a statement that only restates who and where', () => {
  it('is one made of the name, role, company and linking words alone', () => {
    for (const text of [
      'I am Ada Lovelace, Head of Engineering.',
      'Ada Lovelace works as a Head of Engineering at Analytical Engines.',
      'Analytical Engines is where Ada currently works.',
    ])
      expect([text, restatesIdentity(text, details)]).toEqual([text, true]);
  });

  it('is not one that says anything more, or nothing at all', () => {
    for (const text of ['I lead the platform team at Analytical Engines.', 'Head of Engineering since 2024.', ''])
      expect([text, restatesIdentity(text, details)]).toEqual([text, false]);
    expect(restatesIdentity('I am Ada.', {})).toBe(false);
  });
});
