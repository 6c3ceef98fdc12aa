/** @jest-environment jsdom */
import { describe, expect, it, jest } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import { MARKDOWN_CORPUS } from './__fixtures__/markdown-corpus';
import { createHtmlToMarkdown } from './html-to-markdown';
import { MarkdownPreview } from './MarkdownPreview';
import { PreviewModel } from './preview-model';

/**
 * An edit made in the preview changes the block edited and nothing else, byte for byte:
 * for each block of each document, one word is changed in the rendered preview.
 */

const toMarkdown = createHtmlToMarkdown();

function textNodes(el: Node): Text[] {
  const out: Text[] = [];
  const walk = (n: Node) => {
    if (n.nodeType === 3) out.push(n as Text);
    n.childNodes.forEach(walk);
  };
  walk(el);
  return out;
}

const wholeWord = (word: string) => new RegExp(`(?<![A-Za-z0-9_])${word}(?![A-Za-z0-9_])`, 'g');
const count = (text: string, word: string) => (text.match(wholeWord(word)) ?? []).length;

interface WordEdit {
  block: number;
  word: string;
  /** Where the word is in the source. */
  at: number;
}

/** Words of each shown block that occur once in its text and once in its markdown (so the expected result is unambiguous). */
function wordEdits(source: string): WordEdit[] {
  const root = document.createElement('div');
  const model = new PreviewModel(root);
  model.update(source);
  const edits: WordEdit[] = [];
  let offset = 0;
  model.blocks.forEach((block, index) => {
    if (block.el) {
      const text = block.el.textContent ?? '';
      const words = [...new Set(text.match(/[A-Za-z]{4,}/g) ?? [])].filter((w) => count(text, w) === 1 && count(block.raw, w) === 1);
      for (const word of new Set([words[0], words[Math.floor(words.length / 2)], words.at(-1)])) {
        if (!word) continue;
        wholeWord(word).lastIndex = 0;
        edits.push({ block: index, word, at: offset + block.raw.search(wholeWord(word)) });
      }
    }
    offset += block.raw.length;
  });
  model.destroy();
  return edits;
}

function editInPreview(source: string, edit: WordEdit, replacement: string): string | null {
  const root = document.createElement('div');
  const model = new PreviewModel(root);
  model.update(source);
  const el = model.blocks[edit.block]!.el!;
  const node = textNodes(el).find((t) => count(t.data, edit.word) === 1)!;
  node.data = node.data.replace(wholeWord(edit.word), replacement);
  const next = model.takeEdits(toMarkdown);
  model.destroy();
  return next;
}

describe('Preview edits on real-world markdown', () => {
  for (const { name, source } of MARKDOWN_CORPUS) {
    describe(name, () => {
      const edits = wordEdits(source);

      it('has words to edit in every shown block', () => {
        expect(edits.length).toBeGreaterThan(5);
      });

      it.each(edits.map((e) => [e.word, e.block, e] as const))('changing "%s" (block %i) changes that word only', (_w, _b, edit) => {
        const expected = source.slice(0, edit.at) + 'Edited' + source.slice(edit.at + edit.word.length);
        expect(editInPreview(source, edit, 'Edited')).toBe(expected);
      });

      it('an edit that leaves the text as it was changes nothing', () => {
        const root = document.createElement('div');
        const model = new PreviewModel(root);
        model.update(source);
        for (const block of model.blocks) {
          if (!block.el) continue;
          for (const node of textNodes(block.el)) node.data = `${node.data}`;
          // Touched but not changed.
          (block.el as Element).setAttribute('data-touched', '1');
          (block.el as Element).removeAttribute('data-touched');
        }
        expect(model.takeEdits(toMarkdown)).toBeNull();
        expect(model.source).toBe(source);
        model.destroy();
      });
    });
  }

  it('typing characters markdown would read as markup keeps them as text', () => {
    const source = '- first item\n- second item\n';
    const root = document.createElement('div');
    const model = new PreviewModel(root);
    model.update(source);
    const node = textNodes(model.blocks[0]!.el!).find((t) => t.data.includes('second'))!;
    node.data = node.data.replace('second', '*second*');
    const next = model.takeEdits(toMarkdown)!;
    model.update(next);
    expect(root.querySelector('li:nth-child(2)')!.textContent).toBe('*second* item');
    expect(next.startsWith('- first item\n- ')).toBe(true);
    model.destroy();
  });

  it('focus and blur without a change give no edit', async () => {
    const onEdit = jest.fn<(markdown: string) => void>();
    const source = MARKDOWN_CORPUS[1]!.source;
    render(<MarkdownPreview source={source} editable onEdit={onEdit} />);
    const preview = screen.getByRole('textbox', { name: 'Preview' });
    await act(async () => {
      preview.focus();
      preview.dispatchEvent(new Event('input', { bubbles: true }));
      preview.blur();
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    for (const call of onEdit.mock.calls) expect(call[0]).toBe(source);
  });
});

describe('Edits turndown converts (the markup changed): in the source style', () => {
  it('writes list items as the source does: one space after the marker, task boxes, nesting indentation', () => {
    const list = '<ul>\n<li><input disabled="" type="checkbox"> open task</li>\n<li>first item<ul>\n<li>nested</li>\n</ul>\n</li>\n</ul>';
    expect(toMarkdown(list)).toBe('- [ ] open task\n- first item\n  - nested');
    expect(toMarkdown(list, '* a\n    * b\n')).toBe('* [ ] open task\n* first item\n    * nested');
    expect(toMarkdown('<ol start="3">\n<li>one</li>\n<li>two</li>\n</ol>', '3) x\n')).toBe('3) one\n4) two');
    expect(toMarkdown('<p><em>a</em> <strong>b</strong></p>', 'some _em_ and __strong__\n')).toBe('_a_ __b__');
    expect(toMarkdown('<pre><code>x\n</code></pre>', '~~~\ny\n~~~\n')).toBe('~~~\nx\n~~~');
    expect(toMarkdown('<h2>Title</h2>', 'Old\n---\n')).toBe('Title\n-----');
  });

  it('a word made bold in a list changes that line only', () => {
    const source = MARKDOWN_CORPUS[1]!.source;
    const root = document.createElement('div');
    const model = new PreviewModel(root);
    model.update(source);
    const item = Array.from(root.querySelectorAll('li')).find((li) => li.firstChild?.textContent === 'second item with ')!;
    const text = item.firstChild as Text;
    const strong = document.createElement('strong');
    strong.textContent = 'second';
    text.data = ' item with ';
    item.insertBefore(strong, text);
    expect(model.takeEdits(toMarkdown)).toBe(source.replace('- second item with', '- **second** item with'));
    model.destroy();
  });

  it('a list item added with Enter keeps the other items as written', () => {
    const source = '+ plus marker list\n+ second plus entry\n\nAfter the list.\n';
    const root = document.createElement('div');
    const model = new PreviewModel(root);
    model.update(source);
    const list = root.querySelector('ul')!;
    const added = document.createElement('li');
    added.textContent = 'third entry';
    list.appendChild(added);
    expect(model.takeEdits(toMarkdown)).toBe('+ plus marker list\n+ second plus entry\n+ third entry\n\nAfter the list.\n');
    model.destroy();
  });
});
