/** @jest-environment jsdom */
import { describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MARKDOWN_CORPUS } from './__fixtures__/markdown-corpus';
import { createHtmlToMarkdown } from './html-to-markdown';
import { MarkdownPreview } from './MarkdownPreview';
import { PreviewModel } from './preview-model';
import { toggleTaskInBlock } from './task-boxes';

// Issue 9: a task-list box in the editable preview can be ticked; it writes `[x]` (or `[ ]`)
// into the markdown at exactly that item, and every other byte stays as it was.

const NO_LINKS = { links: {}, images: true };
const boxes = () => screen.getAllByRole('checkbox') as HTMLInputElement[];

/** Where each task item's box letter is in `source` (the corpus has no task-like lines elsewhere). */
function markerPositions(source: string): number[] {
  const out: number[] = [];
  const re = /^(?:[ \t]*>)*[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+\[([ xX])\] /gm;
  for (let m = re.exec(source); m; m = re.exec(source)) out.push(m.index + m[0].length - 3);
  return out;
}

const flip = (source: string, at: number) => source.slice(0, at) + (source[at] === ' ' ? 'x' : ' ') + source.slice(at + 1);

function renderPreview(source: string) {
  const onEdit = jest.fn<(markdown: string) => void>();
  render(<MarkdownPreview source={source} editable onEdit={onEdit} />);
  return onEdit;
}

describe('Ticking task boxes in the preview', () => {
  const withTasks = MARKDOWN_CORPUS.filter(({ source }) => markerPositions(source).length > 0);

  it('the corpus has task lists to tick', () => {
    expect(withTasks.length).toBeGreaterThan(0);
  });

  for (const { name, source } of withTasks) {
    it(`${name}: each box writes its own mark, byte for byte`, async () => {
      const user = userEvent.setup();
      const positions = markerPositions(source);
      for (let i = 0; i < positions.length; i++) {
        const onEdit = renderPreview(source);
        expect(boxes()).toHaveLength(positions.length);
        const box = boxes()[i]!;
        const wasChecked = box.checked;
        await user.click(box);
        expect(onEdit).toHaveBeenCalledTimes(1);
        expect(onEdit.mock.calls[0]![0]).toBe(flip(source, positions[i]!));
        // The preview shows the markdown's state.
        expect(boxes()[i]!.checked).toBe(!wasChecked);
        // Ticked back: the document is as it was.
        await user.click(boxes()[i]!);
        expect(onEdit.mock.calls[1]![0]).toBe(source);
        document.body.innerHTML = '';
      }
    });
  }

  it('boxes are enabled and named by their item only in an editable preview', () => {
    render(<MarkdownPreview source={'- [ ] call the mentor\n  - [x] book a room\n'} editable />);
    expect(boxes().map((b) => [b.disabled, b.getAttribute('aria-label')])).toEqual([
      [false, 'Done: call the mentor'],
      [false, 'Done: book a room'],
    ]);
    document.body.innerHTML = '';
    render(<MarkdownPreview source={'- [ ] read only\n'} />);
    expect(screen.getByRole('checkbox').hasAttribute('disabled')).toBe(true);
  });

  it('a click lands on the right item when a code block in the list looks like a task', () => {
    const source = '- [ ] first\n  ```\n  - [ ] inside code\n  ```\n- [x] second\n\nafter\n';
    const onEdit = renderPreview(source);
    expect(boxes()).toHaveLength(2);
    fireEvent.click(boxes()[1]!);
    expect(onEdit).toHaveBeenLastCalledWith(source.replace('- [x] second', '- [ ] second'));
  });

  it('works in ordered lists, block quotes, loose lists and with an upper-case X', () => {
    expect(toggleTaskInBlock('1. [ ] one\n2) [X] two\n', 1, false, NO_LINKS)).toBe('1. [ ] one\n2) [ ] two\n');
    expect(toggleTaskInBlock('> - [ ] quoted\n> - [ ] again\n', 1, true, NO_LINKS)).toBe('> - [ ] quoted\n> - [x] again\n');
    expect(toggleTaskInBlock('* [ ] loose\n\n* [ ] list\n', 0, true, NO_LINKS)).toBe('* [x] loose\n\n* [ ] list\n');
    expect(toggleTaskInBlock('- [ ]  two spaces\r\n- [ ] crlf\r\n', 1, true, NO_LINKS)).toBe('- [ ]  two spaces\r\n- [x] crlf\r\n');
  });

  it('leaves a box that is not a task item alone (raw HTML), and a box already in that state', () => {
    expect(toggleTaskInBlock('<ul><li><input type="checkbox"> html</li></ul>\n', 0, true, NO_LINKS)).toBeNull();
    expect(toggleTaskInBlock('- [x] done\n', 0, true, NO_LINKS)).toBeNull();
    expect(toggleTaskInBlock('- [x] done\n', 3, false, NO_LINKS)).toBeNull();
  });

  it('words typed in the preview just before the click are kept, and the tick lands on the text as it is now', async () => {
    const source = '# Plan\n\n- [ ] call the mentor\n- [ ] send the deck\n';
    const onEdit = renderPreview(source);
    const item = screen.getByText('send the deck');
    await act(async () => {
      (item.lastChild as Text).data = ' send the final deck';
      screen.getByRole('textbox', { name: 'Preview' }).dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => {
      fireEvent.click(boxes()[1]!);
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(onEdit.mock.calls.at(-1)![0]).toBe('# Plan\n\n- [ ] call the mentor\n- [x] send the final deck\n');
  });

  it('an edit of a task item’s words is still patched byte for byte (the boxes the preview enabled are not content)', () => {
    const source = MARKDOWN_CORPUS.find((c) => c.name.startsWith('weekly notes'))!.source;
    const root = document.createElement('div');
    const model = new PreviewModel(root);
    model.tasks = true;
    model.update(source);
    const item = Array.from(root.querySelectorAll('li')).find((li) => li.textContent?.includes('another open item'))!;
    const text = Array.from(item.childNodes).find((n) => n.nodeType === 3 && n.textContent?.includes('another')) as Text;
    text.data = text.data.replace('another', 'one more');
    expect(model.takeEdits(createHtmlToMarkdown())).toBe(source.replace('- [ ] another open item', '- [ ] one more open item'));
    model.destroy();
  });
});
