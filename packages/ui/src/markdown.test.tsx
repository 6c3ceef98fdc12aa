/** @jest-environment jsdom */
import { describe, expect, it } from '@jest/globals';
import { render } from '@testing-library/react';
import { Markdown } from './Markdown';
import { renderMarkdown, sanitizeHtml } from './markdown';

describe('renderMarkdown', () => {
  it('renders markdown (GFM, line breaks)', () => {
    const html = renderMarkdown('# Title\n\n- **one**\n- two\n\nline\nbreak');
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<li><strong>one</strong></li>');
    expect(html).toContain('line<br>break');
  });

  it('removes scripts, event handlers, javascript: links, iframes and svg', () => {
    const html = renderMarkdown(
      'Hi <img src=x onerror="alert(1)"> <script>alert(2)</script> [x](javascript:alert(3)) <iframe src="https://evil.test"></iframe> <svg><script>alert(4)</script></svg> <a href="https://ok.test" onclick="alert(5)">ok</a>',
    );
    expect(html).not.toMatch(/onerror|onclick|<script|javascript:|<iframe|<svg/i);
    expect(html).toContain('<img src="x">');
    expect(html).toContain('href="https://ok.test"');
  });

  it('can drop images (chat answers)', () => {
    expect(renderMarkdown('a ![t](https://track.test/?q=secret) <img src="https://track.test/x">', { images: false })).toBe('<p>a  </p>');
  });

  it('sanitizes plain HTML too', () => {
    expect(sanitizeHtml('<b onmouseover="x()" style="position:fixed">b</b><style>*{}</style><form><button>go</button></form>')).toBe(
      '<b>b</b>go',
    );
  });

  it('the component renders sanitized HTML', () => {
    const { container } = render(<Markdown text={'**ok** <img src=x onerror=alert(1)>'} className="preview" />);
    const root = container.firstElementChild!;
    expect(root.className).toBe('cc-markdown preview');
    expect(root.querySelector('strong')?.textContent).toBe('ok');
    expect(root.querySelector('img')?.hasAttribute('onerror')).toBe(false);
  });
});
