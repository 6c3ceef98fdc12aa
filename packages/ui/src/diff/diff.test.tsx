/** @jest-environment jsdom */
import { describe, expect, it } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import { allAddedDiff, cleanDiff, diffLines } from './diff';
import { DiffView } from './DiffView';

describe('diff', () => {
  it('an all-added diff for a new draft', () => {
    expect(allAddedDiff('# Title\n\nText\n')).toEqual([
      { type: 'added', content: '# Title' },
      { type: 'added', content: '' },
      { type: 'added', content: 'Text' },
    ]);
  });

  it('a line diff keeps unchanged lines and marks removed and added ones', async () => {
    expect(await diffLines('a\nb\nc\n', 'a\nB\nc\nd\n')).toEqual([
      { type: 'unchanged', content: 'a' },
      { type: 'removed', content: 'b' },
      { type: 'added', content: 'B' },
      { type: 'unchanged', content: 'c' },
      { type: 'added', content: 'd' },
    ]);
  });

  it("is the server's diff, line for line", async () => {
    const { lineDiff } = await import('@cc/contracts/diff');
    const before = '# Story\n\nSituation: x\nTask: y\n';
    const after = '# Story\n\nSituation: x, at scale\nTask: y\nAction: z\n';
    expect(await diffLines(before, after)).toEqual(lineDiff(before, after));
  });

  it('keeps only well-formed lines from a server', () => {
    expect(cleanDiff([{ type: 'added', content: 'x' }, { type: 'weird', content: 'y' }, null, { type: 'removed' }])).toEqual([
      { type: 'added', content: 'x' },
      { type: 'removed', content: '' },
    ]);
  });

  it('DiffView shows each line with its kind and the counts', async () => {
    const lines = await diffLines('keep\nold\n', 'keep\nnew\n');
    render(<DiffView lines={lines} actions={<button type="button">Accept All</button>} />);
    const region = screen.getByRole('region', { name: 'Proposed changes' });
    const items = within(region).getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('data-type'))).toEqual(['unchanged', 'removed', 'added']);
    expect(items[1]!.textContent).toContain('Removed: old');
    expect(within(region).getByTestId('diff-summary').textContent).toBe('+1 added−1 removed1 unchanged');
    expect(within(region).getByRole('button', { name: 'Accept All' })).toBeTruthy();
  });
});
