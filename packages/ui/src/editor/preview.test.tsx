/** @jest-environment jsdom */
import { describe, expect, it, jest } from '@jest/globals';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import { MarkdownPreview, type MarkdownPreviewHandle } from './MarkdownPreview';
import { PreviewModel, splitSections } from './preview-model';
import { createHtmlToMarkdown } from './html-to-markdown';

describe('MarkdownPreview: sanitized', () => {
  it('renders markdown and strips script, event handlers and javascript: links', () => {
    render(
      <MarkdownPreview
        source={'# Title\n\n<img src="x" onerror="alert(1)">\n\n<script>alert(2)</script>\n\n[click](javascript:alert(3)) and **bold**'}
      />,
    );
    const preview = screen.getByTestId('markdown-preview');
    expect(preview.querySelector('h1')?.textContent).toBe('Title');
    expect(preview.querySelector('strong')?.textContent).toBe('bold');
    const img = preview.querySelector('img');
    expect(img).not.toBeNull();
    expect(img!.getAttribute('onerror')).toBeNull();
    expect(preview.innerHTML).not.toMatch(/onerror|<script|javascript:/i);
  });

  it('is editable in place only when asked', () => {
    const { rerender } = render(<MarkdownPreview source="text" />);
    expect(screen.getByTestId('markdown-preview').getAttribute('contenteditable')).toBe('false');
    rerender(<MarkdownPreview source="text" editable />);
    expect(screen.getByRole('textbox', { name: 'Preview' }).getAttribute('contenteditable')).toBe('true');
  });
});

describe('PreviewModel: block-wise updates', () => {
  it('re-renders only the blocks whose markdown changed', () => {
    const root = document.createElement('div');
    const model = new PreviewModel(root);
    model.update('# One\n\nfirst paragraph\n\nsecond paragraph\n');
    const blockEls = () => Array.from(root.querySelectorAll('.cc-md-block'));
    const blocks = blockEls();
    expect(blocks).toHaveLength(3);
    model.update('# One\n\nfirst paragraph, edited\n\nsecond paragraph\n');
    const after = blockEls();
    expect(after[0]).toBe(blocks[0]);
    expect(after[1]).not.toBe(blocks[1]);
    expect(after[1]!.textContent).toBe('first paragraph, edited');
    expect(after[2]).toBe(blocks[2]);
    model.destroy();
  });

  it('cuts big documents into sections at blank lines outside code fences', () => {
    const fence = '```\n' + 'code line\n\n'.repeat(50) + '```\n\n';
    const para = 'word '.repeat(40) + '\n\n';
    const source = fence + para.repeat(200);
    const sections = splitSections(source, 2000);
    expect(sections.join('')).toBe(source);
    expect(sections.length).toBeGreaterThan(5);
    // The fenced block (with blank lines inside) stays in one section.
    expect(sections[0]!.startsWith(fence)).toBe(true);
  });

  it('renders a big document in slices without losing a block', async () => {
    const root = document.createElement('div');
    const model = new PreviewModel(root);
    const source = Array.from({ length: 3000 }, (_, i) => `Paragraph ${i} with **bold** text.\n`).join('\n');
    const done = new Promise<void>((resolve) => (model.onRendered = resolve));
    model.update(source);
    await done;
    const blocks = root.querySelectorAll('.cc-md-block');
    expect(blocks).toHaveLength(3000);
    expect(blocks[2999]!.textContent).toBe('Paragraph 2999 with bold text.');
    // Grouped in chunks of 64 (each skipped by the browser while out of view).
    expect(root.querySelectorAll(':scope > .cc-md-chunk')).toHaveLength(Math.ceil(3000 / 64));
    // An edit in the middle re-renders that block only, in its chunk.
    const before = blocks[1500];
    model.update(source.replace('Paragraph 1500 with', 'Paragraph 1500, edited, with'));
    const now = root.querySelectorAll('.cc-md-block');
    expect(now).toHaveLength(3000);
    expect(now[1500]!.textContent).toBe('Paragraph 1500, edited, with bold text.');
    expect(now[1500]).not.toBe(before);
    expect(now[1501]).toBe(blocks[1501]);
    expect(model.source).toBe(source.replace('Paragraph 1500 with', 'Paragraph 1500, edited, with'));
    model.destroy();
  });
});

describe('MarkdownPreview: edits flow back as markdown', () => {
  it('turns only the edited block back into markdown and keeps the rest byte for byte', async () => {
    const onEdit = jest.fn<(markdown: string) => void>();
    const ref = createRef<MarkdownPreviewHandle>();
    const source = '# Title\n\n* star bullet\n* second\n\nSome *emphasis* here.\n';
    render(<MarkdownPreview ref={ref} source={source} editable onEdit={onEdit} />);
    const preview = screen.getByRole('textbox', { name: 'Preview' });
    const paragraph = preview.querySelector('p')!;
    act(() => {
      preview.focus();
      paragraph.firstChild!.textContent = 'Some changed ';
      preview.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await waitFor(() => expect(onEdit).toHaveBeenCalled());
    // The list keeps its `*` bullets: only the paragraph went through turndown.
    expect(onEdit.mock.calls.at(-1)![0]).toBe('# Title\n\n* star bullet\n* second\n\nSome changed *emphasis* here.\n');
  });

  it('keeps the blank lines around an edited paragraph as they were', async () => {
    const onEdit = jest.fn<(markdown: string) => void>();
    const source = '# Title\n\nFirst paragraph.\n\n\n* star\n\nLast.';
    render(<MarkdownPreview source={source} editable onEdit={onEdit} />);
    const preview = screen.getByRole('textbox', { name: 'Preview' });
    act(() => {
      preview.focus();
      preview.querySelector('p')!.textContent = 'First paragraph, edited.';
      preview.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await waitFor(() => expect(onEdit).toHaveBeenCalled());
    expect(onEdit.mock.calls.at(-1)![0]).toBe('# Title\n\nFirst paragraph, edited.\n\n\n* star\n\nLast.');
  });

  it('maps headings, lists, code and tables back to markdown', () => {
    const toMarkdown = createHtmlToMarkdown();
    expect(toMarkdown('<h2>Goals</h2>')).toBe('## Goals');
    expect(toMarkdown('<ul><li>one</li><li>two</li></ul>')).toMatch(/^-\s+one\n-\s+two$/);
    expect(toMarkdown('<p>a<br>b</p>')).toBe('a\nb');
    expect(toMarkdown('<pre><code>x = 1\n</code></pre>')).toBe('```\nx = 1\n```');
    expect(toMarkdown('<table><thead><tr><th>A</th><th>B</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>')).toBe(
      '| A | B |\n| --- | --- |\n| 1 | 2 |',
    );
    expect(toMarkdown('<p><del>old</del> <strong>new</strong></p>')).toBe('~~old~~ **new**');
  });
});
