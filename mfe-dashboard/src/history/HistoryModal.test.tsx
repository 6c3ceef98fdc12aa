/** @jest-environment jsdom */
import '@cc/ui/testing/text-encoding';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installContractApi } from '@cc/ui/testing/contract-api';
import { withQueries } from '@cc/ui/testing/queries';
import HistoryModal, { HISTORY_TEXT } from './HistoryModal';

const NOW = Date.now();
const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

/** svc-files' history of one file: revision → [text, saved minutes ago]. */
const FILE: Record<number, [string, number]> = {
  7: ['# Notes\nkept line\nnew line\n', 1],
  5: ['# Notes\nkept line\nold line\n', 30],
  2: ['# Notes\n', 60 * 24 * 3],
};

let uninstall: (() => void) | undefined;
afterEach(() => {
  uninstall?.();
  uninstall = undefined;
});

function serve(history: Record<number, [string, number]>, restoredAs = 8) {
  const restores: unknown[] = [];
  const revisions = Object.entries(history)
    .map(([r, [text, minutes]]) => ({ revision: Number(r), saved_at: ago(minutes), characters: text.length }))
    .sort((a, b) => b.revision - a.revision);
  const fake = installContractApi({
    'GET /files/{id}/revisions': () => ({ success: true, revisions }),
    'GET /files/{id}/revisions/{revision}': ({ params }) => {
      const point = history[Number(params.revision)];
      if (!point) return { status: 404, body: { success: false, errors: ['This version is not in the history.'] } };
      return { success: true, revision: Number(params.revision), saved_at: ago(point[1]), content: point[0] };
    },
    'POST /files/{id}/restore': ({ body }) => {
      restores.push(body);
      return { success: true, errors: [], revision: restoredAs };
    },
    'GET /journal/{date}/revisions': () => ({ status: 404, body: { success: false, errors: ['There is no journal entry on this day.'] } }),
  });
  uninstall = () => fake.uninstall();
  return { restores };
}

function open(overrides: Partial<Parameters<typeof HistoryModal>[0]> = {}) {
  const props = {
    target: { kind: 'file' as const, id: 3 },
    subject: 'notes.md',
    onClose: jest.fn(),
    currentText: () => FILE[7]![0],
    prepare: jest.fn(async () => true),
    restored: jest.fn(),
    ...overrides,
  };
  render(<HistoryModal {...props} />, { wrapper: withQueries() });
  return props;
}

describe('HistoryModal', () => {
  it('lists the versions newest first and shows the newest earlier one as a diff against the current text', async () => {
    serve(FILE);
    open();
    const dialog = await screen.findByRole('dialog', { name: 'History of notes.md' });
    const points = within(await within(dialog).findByTestId('history-points')).getAllByRole('button');
    expect(points.map((b) => b.querySelector('.history-point-when')?.textContent)).toEqual([
      HISTORY_TEXT.current,
      '30 minutes ago',
      '3 days ago',
    ]);
    expect(points[1]!.getAttribute('aria-pressed')).toBe('true');
    expect(points[1]!.textContent).toContain('27 characters');
    const diff = await within(dialog).findByRole('region', { name: HISTORY_TEXT.diffLabel });
    expect(within(diff).getByTestId('diff-summary').textContent).toBe('+1 added−1 removed2 unchanged');
    expect([...diff.querySelectorAll('[data-type="removed"]')].map((l) => l.textContent)).toEqual(['−Removed: old line']);

    await userEvent.click(points[2]!);
    await waitFor(() => expect(within(dialog).getByTestId('diff-summary').textContent).toBe('+2 added−0 removed1 unchanged'));
    await userEvent.click(points[0]!);
    expect(within(dialog).getByText(HISTORY_TEXT.currentNote)).toBeTruthy();
  });

  it('restores after a confirmation: saves the typing first, then hands the old text to the editor', async () => {
    const { restores } = serve(FILE);
    const props = open();
    const dialog = await screen.findByRole('dialog', { name: 'History of notes.md' });
    await userEvent.click(await within(dialog).findByRole('button', { name: HISTORY_TEXT.restore }));
    const confirm = await screen.findByRole('dialog', { name: HISTORY_TEXT.restore });
    expect(confirm.textContent).toContain('The text you have now stays in the history.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(props.restored).toHaveBeenCalledWith(FILE[5]![0], 8));
    expect(props.prepare).toHaveBeenCalledTimes(1);
    expect(restores).toEqual([{ revision: 5 }]);
    expect(props.onClose).toHaveBeenCalled();
  });

  it('restores nothing when the typing could not be saved first, and says so', async () => {
    const { restores } = serve(FILE);
    const props = open({ prepare: jest.fn(async () => false) });
    const dialog = await screen.findByRole('dialog', { name: 'History of notes.md' });
    await userEvent.click(await within(dialog).findByRole('button', { name: HISTORY_TEXT.restore }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: HISTORY_TEXT.restore })).getByRole('button', { name: 'Restore' }),
    );
    expect(await within(dialog).findByText(HISTORY_TEXT.notSaved)).toBeTruthy();
    expect(restores).toEqual([]);
    expect(props.restored).not.toHaveBeenCalled();
    expect(props.onClose).not.toHaveBeenCalled();
  });

  it('says when there is only the current version', async () => {
    serve({ 1: ['only text', 2] });
    open();
    expect((await screen.findByTestId('history-empty')).textContent).toBe(HISTORY_TEXT.empty);
  });

  it('a journal day without an entry has no history yet', async () => {
    serve(FILE);
    open({ target: { kind: 'journal', date: '2026-01-05' }, subject: 'Monday 5 January 2026' });
    expect((await screen.findByTestId('history-empty')).textContent).toBe(HISTORY_TEXT.empty);
  });
});
