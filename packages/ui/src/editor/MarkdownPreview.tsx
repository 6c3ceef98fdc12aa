import { useEffect, useImperativeHandle, useRef, type ClipboardEvent, type DragEvent, type MouseEvent, type Ref } from 'react';
import { PreviewModel, type HtmlToMarkdown } from './preview-model';
import { toggleTaskBox } from './task-boxes';
import '../controls.css';
import './editor.css';

let converter: Promise<HtmlToMarkdown> | null = null;
function loadConverter(): Promise<HtmlToMarkdown> {
  if (!converter) {
    converter = import('./html-to-markdown').then((m) => m.createHtmlToMarkdown());
    converter.catch(() => {
      converter = null;
    });
  }
  return converter;
}

export interface MarkdownPreviewHandle {
  /** Shows `source` (only the blocks that changed are rendered again). */
  update(source: string): void;
  /** The preview has the focus (the user is editing in it). */
  hasFocus(): boolean;
  /** The root element (tests, benchmarks). */
  element(): HTMLElement | null;
}

export interface MarkdownPreviewProps {
  /** The markdown to show. Optional: a big document is better pushed through `ref.update` (debounced). */
  source?: string;
  /** Editable in place: what the user types is turned back into markdown (`onEdit`). */
  editable?: boolean;
  /** The new markdown after an edit made in the preview. */
  onEdit?: (markdown: string) => void;
  onFocus?: () => void;
  onBlur?: () => void;
  /** Keep images (default true). */
  images?: boolean;
  ariaLabel?: string;
  className?: string;
  ref?: Ref<MarkdownPreviewHandle>;
}

/**
 * Sanitized HTML preview of markdown (marked + DOMPurify, block by block), optionally
 * editable: input in it is mirrored back into markdown through turndown, only for the blocks
 * the user touched. While it has the focus it is never re-rendered under the cursor; on blur
 * the edited blocks are rendered again from their markdown.
 */
export function MarkdownPreview(props: MarkdownPreviewProps) {
  const { source, editable = false, images = true, ariaLabel = 'Preview', className, ref } = props;
  const rootRef = useRef<HTMLDivElement>(null);
  const modelRef = useRef<PreviewModel | null>(null);
  const propsRef = useRef(props);
  propsRef.current = props;
  /** The last markdown this preview produced (its own echo is not rendered again). */
  const emitted = useRef<string | null>(null);
  const latest = useRef<string>(source ?? '');
  const pendingInput = useRef(false);

  const model = () => {
    if (!modelRef.current && rootRef.current) {
      modelRef.current = new PreviewModel(rootRef.current);
      modelRef.current.images = propsRef.current.images ?? true;
      modelRef.current.tasks = propsRef.current.editable ?? false;
    }
    return modelRef.current;
  };

  const focused = () => typeof document !== 'undefined' && rootRef.current !== null && rootRef.current.contains(document.activeElement);

  const update = (next: string) => {
    latest.current = next;
    const m = model();
    if (!m) return;
    // Our own edit coming back from the editor: the DOM already shows it.
    if (next === emitted.current && focused()) return;
    emitted.current = null;
    m.update(next);
  };

  // eslint-disable-next-line react-hooks/exhaustive-deps -- the handle is made once; `update` and `focused` read the latest model through refs
  useImperativeHandle(ref, () => ({ update, hasFocus: focused, element: () => rootRef.current }), []);

  useEffect(() => {
    const m = model();
    if (m) {
      m.images = images;
      m.update(latest.current);
    }
    return () => {
      modelRef.current?.destroy();
      modelRef.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- created once; `source` changes are applied below
  }, []);

  useEffect(() => {
    if (source !== undefined && source !== latest.current) update(source);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new `source` is applied; `update` reads the latest state itself
  }, [source]);

  useEffect(() => {
    if (modelRef.current) modelRef.current.tasks = editable;
    modelRef.current?.discardRecords();
  }, [editable]);

  const emit = (next: string) => {
    emitted.current = next;
    latest.current = next;
    propsRef.current.onEdit?.(next);
  };

  /** Turns the edits made in the preview into markdown; `then` runs after (also when there were none). */
  const convertEdits = (then?: () => void) => {
    pendingInput.current = false;
    const m = modelRef.current;
    if (!m || !m.edited) {
      then?.();
      return;
    }
    void loadConverter().then(
      (toMarkdown) => {
        const next = modelRef.current?.takeEdits(toMarkdown);
        if (next !== null && next !== undefined) emit(next);
        then?.();
      },
      (error: unknown) => console.warn('[preview] could not load the HTML-to-markdown converter', error),
    );
  };

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.target;
    if (!(box instanceof HTMLInputElement) || box.type !== 'checkbox') return;
    // The box shows the markdown: it changes when the markdown does (below), never on its own.
    event.preventDefault();
    if (!propsRef.current.editable) return;
    const refocus = document.activeElement === box;
    // Words typed just before count first, so the tick lands on the text as it is now.
    convertEdits(() => {
      const m = modelRef.current;
      if (!m || !box.isConnected) return;
      const ticked = toggleTaskBox(m, box);
      if (!ticked) return;
      if (refocus) ticked.box?.focus();
      emit(ticked.source);
    });
  };

  const onInput = () => {
    if (pendingInput.current) return;
    pendingInput.current = true;
    // One conversion per frame at most, after the browser applied the edit.
    queueMicrotask(() => convertEdits());
  };

  const onBlur = () => {
    if (pendingInput.current) convertEdits();
    void loadConverter().then(() => {
      const m = modelRef.current;
      if (!m || focused()) return;
      emitted.current = null;
      // Edited blocks are shown as their markdown renders them.
      m.update(latest.current);
    });
    propsRef.current.onBlur?.();
  };

  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    // Pasted HTML never enters the preview: plain text only.
    event.preventDefault();
    const text = event.clipboardData.getData('text/plain');
    if (text && typeof document.execCommand === 'function') document.execCommand('insertText', false, text);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => event.preventDefault();

  return (
    <div
      ref={rootRef}
      className={`cc-frame cc-markdown cc-preview${editable ? ' cc-preview--editable' : ''}${className ? ` ${className}` : ''}`}
      data-testid="markdown-preview"
      aria-label={ariaLabel}
      role={editable ? 'textbox' : 'document'}
      aria-multiline={editable ? true : undefined}
      data-empty="Nothing to preview yet."
      contentEditable={editable}
      suppressContentEditableWarning
      spellCheck={editable}
      onInput={editable ? onInput : undefined}
      onClick={onClick}
      onFocus={editable ? () => propsRef.current.onFocus?.() : undefined}
      onBlur={editable ? onBlur : undefined}
      onPaste={editable ? onPaste : undefined}
      onDrop={editable ? onDrop : undefined}
    />
  );
}
