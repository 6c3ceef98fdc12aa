import { useMemo, type HTMLAttributes } from 'react';
import { renderMarkdown } from './markdown';

export interface MarkdownProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children' | 'dangerouslySetInnerHTML'> {
  /** Markdown source (may contain raw HTML: it is sanitized). */
  text: string;
  /** Keep images (default true; the chat turns them off). */
  images?: boolean;
}

/** Renders markdown as sanitized HTML (marked + DOMPurify). */
export function Markdown({ text, images = true, className, ...rest }: MarkdownProps) {
  const html = useMemo(() => renderMarkdown(text, { images }), [text, images]);
  return <div {...rest} className={className ? `cc-markdown ${className}` : 'cc-markdown'} dangerouslySetInnerHTML={{ __html: html }} />;
}
