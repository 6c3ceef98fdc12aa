/**
 * HTML back to markdown for the editable preview (loaded on the first edit made there).
 * Matches what `renderMarkdown` produces: ATX headings, fenced code, `-` bullets, `*em*`,
 * `**strong**`, line breaks as plain newlines (the renderer turns them back into <br>),
 * GFM strikethrough, task list items and pipe tables. Given the block's markdown before the
 * edit, it writes in that markdown's own style instead (markers, emphasis, fences, headings,
 * list indentation), so a block converted again reads as the user wrote it.
 */
import TurndownService from 'turndown';

/** How a piece of markdown is written. */
export interface MarkdownStyle {
  bullet: '-' | '*' | '+';
  /** `.` or `)` after an ordered item's number. */
  ordered: '.' | ')';
  /** Spaces before a nested list item (at least the parent's marker width). */
  indent: number;
  em: '*' | '_';
  strong: '**' | '__';
  /** Turndown makes a fence long enough for the code itself. */
  fence: '```' | '~~~';
  heading: 'atx' | 'setext';
  hr: string;
}

const DEFAULT_STYLE: MarkdownStyle = {
  bullet: '-',
  ordered: '.',
  indent: 2,
  em: '*',
  strong: '**',
  fence: '```',
  heading: 'atx',
  hr: '---',
};

/** The style of `source` (the defaults for what it does not show). */
export function markdownStyle(source: string | undefined): MarkdownStyle {
  if (!source) return DEFAULT_STYLE;
  const style = { ...DEFAULT_STYLE };
  const items = [...source.matchAll(/^( *)([-*+]|\d{1,9}[.)])[ \t]/gm)];
  const bullet = items.find((m) => /^[-*+]$/.test(m[2]!));
  if (bullet) style.bullet = bullet[2] as MarkdownStyle['bullet'];
  const ordered = items.find((m) => /\d/.test(m[2]!));
  if (ordered) style.ordered = ordered[2]!.endsWith(')') ? ')' : '.';
  const nested = items.map((m) => m[1]!.length).filter((n) => n > 0);
  if (nested.length > 0) style.indent = Math.min(...nested);
  const em = /(?:^|[^\w*_])([*_])(?![*_\s])[^\n]*?[^\s*_]\1(?![*_\w])/m.exec(source);
  if (em) style.em = em[1] as MarkdownStyle['em'];
  const strong = /(\*\*|__)(?=\S)[^\n]*?\S\1/.exec(source);
  if (strong) style.strong = strong[1] as MarkdownStyle['strong'];
  const fence = /^ {0,3}(`{3,}|~{3,})/m.exec(source);
  if (fence) style.fence = fence[1]!.startsWith('~') ? '~~~' : '```';
  if (/^[^\n]*\S[^\n]*\n {0,3}(=+|-+)[ \t]*$/m.test(source) && !/^ {0,3}#{1,6}[ \t]/m.test(source)) style.heading = 'setext';
  const hr = /(?:^|\n[ \t]*\n) {0,3}(([-*_])(?:[ \t]*\2){2,})[ \t]*(?:\n|$)/.exec(source);
  if (hr) style.hr = hr[1]!;
  return style;
}

function cellText(service: TurndownService, cell: HTMLElement): string {
  return service.turndown(cell.innerHTML).replace(/\n+/g, ' ').replace(/\|/g, '\\|').trim();
}

function createService(style: MarkdownStyle): TurndownService {
  const service = new TurndownService({
    headingStyle: style.heading,
    codeBlockStyle: 'fenced',
    fence: style.fence,
    bulletListMarker: style.bullet,
    emDelimiter: style.em,
    strongDelimiter: style.strong,
    hr: style.hr,
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
  // One space after the marker (turndown writes `-   item`), nesting indented as in the source.
  service.addRule('listItem', {
    filter: 'li',
    replacement: (content, node) => {
      const item = node as HTMLElement;
      const parent = item.parentNode as HTMLElement | null;
      let prefix = `${style.bullet} `;
      if (parent?.nodeName === 'OL') {
        const start = parent.getAttribute('start');
        const index = Array.prototype.indexOf.call(parent.children, item);
        prefix = `${(start ? Number(start) : 1) + index}${style.ordered} `;
      }
      const indent = ' '.repeat(Math.max(prefix.length, style.indent));
      const paragraph = /\n$/.test(content);
      let text = content.replace(/^\n+/, '').replace(/\n+$/, '') + (paragraph ? '\n' : '');
      text = text.replace(/^(\[[ xX]\]) +/, '$1 ');
      text = text.replace(/\n(?=.)/g, `\n${indent}`);
      return prefix + text + (item.nextSibling && !/\n$/.test(text) ? '\n' : '');
    },
  });
  const cellService = new TurndownService({ emDelimiter: style.em, strongDelimiter: style.strong, br: '' });
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
  return service;
}

/** `(html, source?)`: the HTML as markdown, in the style of `source` (the block before the edit) when given. */
export function createHtmlToMarkdown(): (html: string, source?: string) => string {
  const services = new Map<string, TurndownService>();
  return (html: string, source?: string) => {
    const style = markdownStyle(source);
    const key = JSON.stringify(style);
    let service = services.get(key);
    if (!service) {
      service = createService(style);
      services.set(key, service);
    }
    return service.turndown(html);
  };
}
