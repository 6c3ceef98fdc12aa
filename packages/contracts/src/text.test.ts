import { describe, expect, it } from '@jest/globals';
import { LINE_MAX, plainLine } from './text';

describe('plainLine: one line of a markdown text, as a person reads it', () => {
  it('the first line with words, without block marks', () => {
    expect(plainLine('\n\n## Monday\nMore')).toBe('Monday');
    expect(plainLine('- [x] Closed the deal')).toBe('Closed the deal');
    expect(plainLine('> 1. Quoted item')).toBe('Quoted item');
    expect(plainLine('---\n```ts\ncode\n```')).toBe('code');
    expect(plainLine('| --- | --- |\n| a | b |')).toBe('| a | b |');
    expect(plainLine('   \n\t\n')).toBe('');
    expect(plainLine('***\n- \n')).toBe('');
  });

  it('without inline marks: emphasis, code, links, images and tags', () => {
    expect(plainLine('Shipped **the billing fix** with _Sam_ and `pg_dump`.')).toBe('Shipped the billing fix with Sam and pg_dump.');
    expect(plainLine('Read [the plan](https://example.test/plan) ![chart](c.png) <b>today</b>')).toBe('Read the plan chart today');
    // Marks inside a word are the word's (snake_case, 2*3).
    expect(plainLine('Set max_retries to 2*3 ~ ok')).toBe('Set max_retries to 2*3 ~ ok');
  });

  it('at most LINE_MAX characters, cut on a word with an ellipsis', () => {
    const long = `${'word '.repeat(60)}end`;
    const line = plainLine(long);
    expect(line.length).toBeLessThanOrEqual(LINE_MAX);
    expect(line.endsWith('word…')).toBe(true);
    expect(plainLine('x'.repeat(200)).length).toBe(LINE_MAX);
    expect(plainLine('short line', 5)).toBe('shor…');
  });
});
