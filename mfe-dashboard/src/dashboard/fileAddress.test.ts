import { describe, expect, it } from '@jest/globals';
import { fileSearch, fileFromSearch } from './fileAddress';

describe('the open file in the address', () => {
  it('is its folder and name, encoded, and nothing for the About me view', () => {
    expect(fileSearch({ folder: 'work-profile', name: 'design (v2) & notes.md' })).toBe(
      '?folder=work-profile&file=design+%28v2%29+%26+notes.md',
    );
    expect(fileSearch(null)).toBe('');
  });

  it('reads back as the file to open', () => {
    const search = fileSearch({ folder: 'work-profile', name: 'design (v2) & notes.md' });
    expect(fileFromSearch(search)).toEqual({ folder: 'work-profile', fileName: 'design (v2) & notes.md' });
    // The form statement sources and brag documents link with.
    expect(fileFromSearch('?folder=work-profile&file=log.md')).toEqual({ folder: 'work-profile', fileName: 'log.md' });
  });

  it('names no file without both parts', () => {
    for (const search of ['', '?folder=work', '?file=x.md', '?folder=%20&file=x.md', '?other=1']) expect(fileFromSearch(search)).toBeNull();
  });
});
