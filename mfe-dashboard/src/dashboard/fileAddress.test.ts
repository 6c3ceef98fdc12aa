import { describe, expect, it } from '@jest/globals';
import { fileSearch, hintFromSearch } from './fileAddress';

describe('the open file in the address', () => {
  it('is its folder and name, encoded, and nothing for the About me view', () => {
    expect(fileSearch({ folder: 'work-profile', name: 'design (v2) & notes.md' })).toBe(
      '?folder=work-profile&file=design+%28v2%29+%26+notes.md',
    );
    expect(fileSearch(null)).toBe('');
  });

  it('reads back as a hint to open that file, from the address', () => {
    const search = fileSearch({ folder: 'work-profile', name: 'design (v2) & notes.md' });
    expect(hintFromSearch(search)).toEqual({ folder: 'work-profile', fileName: 'design (v2) & notes.md', fromAddress: true });
    // The form statement sources and brag documents link with.
    expect(hintFromSearch('?folder=work-profile&file=log.md')).toEqual({ folder: 'work-profile', fileName: 'log.md', fromAddress: true });
  });

  it('names no file without both parts', () => {
    for (const search of ['', '?folder=work', '?file=x.md', '?folder=%20&file=x.md', '?other=1']) expect(hintFromSearch(search)).toBeNull();
  });
});
