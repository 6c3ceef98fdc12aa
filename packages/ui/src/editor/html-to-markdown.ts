/**
 * HTML back to markdown for the editable preview (loaded on the first edit made there).
 * Matches what `renderMarkdown` produces: ATX headings, fenced code, `-` bullets, `*em*`,
 * `**strong**`, line breaks as plain newlines (the renderer turns them back into <br>),
 * GFM strikethrough, task list items and pipe tables.
 */
import TurndownService from 'turndown';

function cellText(service: TurndownService, cell: HTMLElement): string {
  return service.turndown(cell.innerHTML).replace(/\n+/g, ' ').replace(/\|/g, '\\|').trim();
}

export function createHtmlToMarkdown(): (html: string) => string {
  const service = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    fence: '```',
    bulletListMarker: '-',
    emDelimiter: '*',
    strongDelimiter: '**',
    hr: '---',
    br: '',
  });
  service.addRule('strikethrough', {
    filter: ['del', 's'],
    replacement: (content) => `~~${content}~~`,
  });
  service.addRule('taskCheckbox', {
    filter: (node) => node.nodeName === 'INPUT' && (node as HTMLInputElement).type === 'checkbox',
    replacement: (_content, node) =>
      (node as HTMLInputElement).checked || (node as HTMLInputElement).hasAttribute('checked') ? '[x] ' : '[ ] ',
  });
  const cellService = new TurndownService({ emDelimiter: '*', strongDelimiter: '**', br: '' });
  service.addRule('table', {
    filter: 'table',
    replacement: (_content, node) => {
      const table = node as HTMLTableElement;
      const rows = Array.from(table.rows);
      if (rows.length === 0) return '';
      const matrix = rows.map((row) => Array.from(row.cells).map((cell) => cellText(cellService, cell)));
      const width = Math.max(...matrix.map((r) => r.length));
      const line = (cells: string[]) => `| ${Array.from({ length: width }, (_, i) => cells[i] ?? '').join(' | ')} |`;
      const aligns = Array.from(rows[0]!.cells).map((cell) => {
        const align = (cell.getAttribute('align') ?? cell.style?.textAlign ?? '').toLowerCase();
        return align === 'center' ? ':---:' : align === 'right' ? '---:' : align === 'left' ? ':---' : '---';
      });
      while (aligns.length < width) aligns.push('---');
      const [header, ...body] = matrix;
      return `\n\n${[line(header!), `| ${aligns.join(' | ')} |`, ...body.map(line)].join('\n')}\n\n`;
    },
  });
  return (html: string) => service.turndown(html);
}
