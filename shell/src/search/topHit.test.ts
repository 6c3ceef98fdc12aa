import { describe, expect, it } from '@jest/globals';
import type { SearchGroup, SearchKind, SearchResult } from '@cc/contracts';
import { formatDayLong } from '@cc/contracts/dates';
import { comparable, titleMatch, topHit } from './topHit';
import { titleParts } from './titles';

const result = (kind: SearchKind, id: string, title: string, snippet = 'Something else entirely'): SearchResult => ({
  kind,
  id,
  title,
  snippet,
  highlights: [],
  url: `/${kind}/${id}`,
  updated_at: '2026-11-20T10:00:00.000Z',
  generated: false,
});

const group = (kind: SearchKind, ...results: SearchResult[]): SearchGroup => ({ kind, total: results.length, results });

describe('titleMatch', () => {
  it('ignores case, accents and punctuation', () => {
    expect(comparable('  Ádá-Lovelace!! ')).toBe('ada lovelace');
    expect(titleMatch('Ada Lovelace', 'ada lovelace')).toBe(0);
    expect(titleMatch('Ada Lovelace', 'Ada-Lovelace.')).toBe(0);
    expect(titleMatch('migration.md', 'Migration MD')).toBe(0);
  });

  it('ranks the title itself, then its start, then a start of each of its words', () => {
    expect(titleMatch('Ada Lovelace', 'ada')).toBe(1);
    expect(titleMatch('Ada Lovelace', 'ada lov')).toBe(1);
    expect(titleMatch('Ada Lovelace', 'lovelace')).toBe(2);
    expect(titleMatch('Ada Lovelace', 'love ada')).toBe(2);
    expect(titleMatch('Ada Lovelace', 'ada smith')).toBeNull();
    // Inside a word is not a start.
    expect(titleMatch('Ada Lovelace', 'velace')).toBeNull();
    expect(titleMatch('Canada trip', 'ada')).toBeNull();
  });

  it('matches nothing with a query of punctuation alone', () => {
    expect(titleMatch('Ada Lovelace', '…')).toBeNull();
    expect(titleMatch('—', '—')).toBeNull();
  });
});

describe('topHit', () => {
  it('lifts the person named as typed above the files that mention them', () => {
    const ada = result('person', '4', 'Ada Lovelace');
    const groups = [group('file', result('file', '1', 'notes.md', 'Met Ada for coffee')), group('person', ada)];
    expect(topHit(groups, 'Ada')).toBe(ada);
    expect(topHit(groups, 'lovelace')).toBe(ada);
  });

  it('prefers the title itself to its start, and its start to a start of its words, whatever the kind order', () => {
    const starts = result('file', '1', 'Ada Lovelace notes.md');
    const words = result('todo', '2', 'Call Ada Lovelace');
    const itself = result('person', '4', 'Ada Lovelace');
    expect(topHit([group('file', starts), group('todo', words), group('person', itself)], 'ada lovelace')).toBe(itself);
    expect(topHit([group('todo', words), group('person', result('person', '5', 'Ada Lovelace-Byron'))], 'ada lovelace')!.id).toBe('5');
    expect(topHit([group('todo', words)], 'ada lovelace')).toBe(words);
  });

  it('keeps the fixed order on a tie: the earlier kind, then the earlier (better) result of a kind', () => {
    const file = result('file', '1', 'Ada.md');
    const person = result('person', '4', 'Ada Lovelace');
    expect(topHit([group('file', file), group('person', person)], 'ada')).toBe(file);
    const second = result('person', '5', 'Ada Byron');
    expect(topHit([group('person', person, second)], 'ada')).toBe(person);
  });

  it('has none when no title matches: a match in the text alone is not a top hit', () => {
    const groups = [
      group('file', result('file', '1', 'notes.md', 'Met Ada for coffee')),
      group('journal', result('journal', '2026-11-03', 'Journal – Tuesday, 3 November 2026', 'Ada said yes')),
    ];
    expect(topHit(groups, 'Ada')).toBeNull();
    expect(topHit([], 'Ada')).toBeNull();
  });

  it('reads a journal day by its date, as the row shows it: the kind’s own name in its title is no match', () => {
    const day = result('journal', '2026-11-03', 'Journal – Tuesday, 3 November 2026', 'My journal is full');
    expect(topHit([group('journal', day)], 'journal')).toBeNull();
    expect(topHit([group('journal', day)], '3 november')).toBe(day);
    expect(topHit([group('journal', day)], 'tuesday')).toBe(day);
  });
});

describe('titleParts', () => {
  it('shows a journal day by its date alone, which no offset of the answer’s title marks; other titles are kept whole', () => {
    const day = { ...result('journal', '2026-11-03', 'Journal – Tuesday, 3 November 2026'), highlights: [[12, 19] as [number, number]] };
    expect(titleParts(day)).toEqual({ main: formatDayLong('2026-11-03'), marks: [] });
    expect(formatDayLong('2026-11-03')).toMatch(/^Tuesday,? 3 November 2026$/);
    // Only a journal day is written by the palette.
    expect(titleParts(result('file', '1', 'Journal – ideas.md')).main).toBe('Journal – ideas.md');
  });

  it('gives a meeting’s day a line of its own', () => {
    expect(titleParts(result('meeting', '9', 'Weekly 1:1 · Nov 20, 2026'))).toEqual({
      main: 'Weekly 1:1',
      when: 'Nov 20, 2026',
      marks: [],
    });
  });
});
