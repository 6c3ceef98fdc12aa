/** @jest-environment jsdom */
import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditorPane } from './EditorPane';
import { syncScroll } from './scroll-sync';

// Issue 9: the editor and its preview scroll together (proportionally), side by side or one at a time.

/** A scrollable box with a given content and view height (jsdom lays nothing out). */
function box(scrollHeight: number, clientHeight: number): HTMLElement {
  const el = document.createElement('div');
  let top = 0;
  Object.defineProperty(el, 'scrollHeight', { value: scrollHeight });
  Object.defineProperty(el, 'clientHeight', { value: clientHeight });
  Object.defineProperty(el, 'scrollTop', {
    get: () => top,
    set: (value: number) => {
      top = Math.max(0, Math.min(scrollHeight - clientHeight, value));
      // The browser reports every change of position with a scroll event.
      queueMicrotask(() => el.dispatchEvent(new Event('scroll')));
    },
  });
  document.body.appendChild(el);
  return el;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('syncScroll', () => {
  it('scrolls the other side to the same share, and its echo does not scroll back', async () => {
    const editor = box(2500, 500);
    const preview = box(1500, 500);
    let enabled = true;
    const ratios: number[] = [];
    const stop = syncScroll(
      { host: editor, scroller: () => editor },
      { host: preview, scroller: () => preview },
      () => enabled,
      (r) => ratios.push(r),
    );

    editor.scrollTop = 1000; // half of 2000
    await settle();
    expect(preview.scrollTop).toBe(500);
    await settle();
    expect(editor.scrollTop).toBe(1000);

    preview.scrollTop = 1000; // the end
    await settle();
    await settle();
    expect(editor.scrollTop).toBe(2000);
    expect(ratios).toEqual([0.5, 1]);

    // One side alone (the other hidden): nothing follows, the share is still heard.
    enabled = false;
    editor.scrollTop = 0;
    await settle();
    expect(preview.scrollTop).toBe(1000);
    expect(ratios.at(-1)).toBe(0);

    stop();
    enabled = true;
    editor.scrollTop = 1000;
    await settle();
    expect(preview.scrollTop).toBe(1000);
  });

  it('listens on a host for its scroller inside (the editor becomes CodeMirror after loading)', async () => {
    const host = document.createElement('div');
    document.body.appendChild(host);
    let inner = box(1000, 500);
    host.appendChild(inner);
    const preview = box(3000, 500);
    syncScroll({ host, scroller: () => inner }, { host: preview, scroller: () => preview }, () => true);
    inner.scrollTop = 250;
    await settle();
    expect(preview.scrollTop).toBe(1250);
    inner = box(5000, 500);
    host.appendChild(inner);
    inner.scrollTop = 4500;
    await settle();
    expect(preview.scrollTop).toBe(2500);
  });
});

describe('EditorPane: layout', () => {
  it('shows the markdown and the preview side by side, or one of them, with a toggle', async () => {
    const user = userEvent.setup();
    render(<EditorPane initialValue="# Notes" />);
    const pane = screen.getByTestId('editor-pane');
    const group = screen.getByRole('group', { name: 'Editor layout' });
    expect(pane.getAttribute('data-layout')).toBe('split');
    expect(screen.getByRole('button', { name: 'Side by side' }).getAttribute('aria-pressed')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(pane.getAttribute('data-layout')).toBe('preview');
    expect(screen.getByRole('button', { name: 'Preview' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Markdown' }));
    expect(pane.getAttribute('data-layout')).toBe('editor');
    expect(group.querySelectorAll('[aria-pressed="true"]')).toHaveLength(1);
  });
});
