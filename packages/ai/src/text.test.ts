import { describe, expect, it } from '@jest/globals';
import { article, roleWithArticle } from './text';

describe('article', () => {
  it('chooses by the sound, not the letter: acronyms, "a user", "an hour"', () => {
    const said = (w: string) => `${article(w)} ${w}`;
    expect(['HR', 'MBA', 'SRE', 'FAQ', 'ML', 'engineer', 'hour', 'honest'].map(said)).toEqual([
      'an HR',
      'an MBA',
      'an SRE',
      'an FAQ',
      'an ML',
      'an engineer',
      'an hour',
      'an honest',
    ]);
    expect(['UX', 'US', 'UK', 'user', 'unit', 'university', 'one-off', 'manager', 'umbrella'].map(said)).toEqual([
      'a UX',
      'a US',
      'a UK',
      'a user',
      'a unit',
      'a university',
      'a one-off',
      'a manager',
      'an umbrella',
    ]);
  });

  it('gives a post held by one person no article', () => {
    expect(roleWithArticle('HR business partner')).toBe('an HR business partner');
    expect(roleWithArticle('Head of Data')).toBe('Head of Data');
  });
});
