import { describe, expect, test } from '@jest/globals';
import { lineDiff } from './diff';

describe('lineDiff', () => {
  test('one entry per line, without newlines; a missing final newline is no change', () => {
    expect(lineDiff('a\nb\nc', 'a\nB\nc\nd\n')).toEqual([
      { type: 'unchanged', content: 'a' },
      { type: 'removed', content: 'b' },
      { type: 'added', content: 'B' },
      { type: 'unchanged', content: 'c' },
      { type: 'added', content: 'd' },
    ]);
    expect(lineDiff('', 'new\n\nfile\n')).toEqual([
      { type: 'added', content: 'new' },
      { type: 'added', content: '' },
      { type: 'added', content: 'file' },
    ]);
    expect(lineDiff('same\r\n', 'same\r\n')).toEqual([{ type: 'unchanged', content: 'same' }]);
    expect(lineDiff('', '')).toEqual([]);
  });

  test('keeps unchanged lines around a change, as the conflict panel and the diff panel show them', () => {
    expect(lineDiff('keep\nold\n', 'keep\nnew\n')).toEqual([
      { type: 'unchanged', content: 'keep' },
      { type: 'removed', content: 'old' },
      { type: 'added', content: 'new' },
    ]);
  });

  test('does not import zod (the browser loads it)', async () => {
    const { readFile } = await import('node:fs/promises');
    const source = await readFile(new URL('./diff.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/from 'zod'|from '\.\/(?!chat')/);
    expect(source).toMatch(/import type \{ DiffLine \} from '\.\/chat'/);
  });
});
