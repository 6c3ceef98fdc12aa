/** @jest-environment jsdom */
import { describe, expect, it } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { DoneBox } from './RecordItem';

describe('DoneBox', () => {
  it('follows the click at once, holds it while the change is on its way, then shows what the lists hold', async () => {
    let settle: () => void = () => undefined;
    const onToggle = () => new Promise<void>((resolve) => (settle = resolve));
    const { rerender } = render(<DoneBox completed={false} name='todo "Book the review"' onToggle={onToggle} />);
    const box = screen.getByRole('checkbox', { name: 'Mark todo "Book the review" done' });
    fireEvent.click(box);
    expect((box as HTMLInputElement).checked).toBe(true);
    // A second click while the first is on its way is no second change.
    fireEvent.click(box);
    expect((box as HTMLInputElement).checked).toBe(true);
    // The server refused: the lists still say not done, and so does the box once it settles.
    await act(async () => settle());
    rerender(<DoneBox completed={false} name='todo "Book the review"' onToggle={onToggle} />);
    expect((box as HTMLInputElement).checked).toBe(false);
  });
});
