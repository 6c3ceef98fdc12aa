import { useEffect, useImperativeHandle, useLayoutEffect, useRef, type Ref } from 'react';
import { EditorLayoutToggle, useEditorLayout } from './EditorLayoutToggle';
import { MarkdownEditor, type MarkdownEditorHandle } from './MarkdownEditor';
import { MarkdownPreview, type MarkdownPreviewHandle } from './MarkdownPreview';
import { scrollTopFor, syncScroll } from './scroll-sync';
import './editor.css';

/** Preview refresh after the last keystroke: quick for small texts, calmer for big ones. */
export function previewDelay(length: number): number {
  return length < 50_000 ? 120 : 400;
}

export interface EditorPaneHandle {
  getValue(): string;
  getLength(): number;
  /** Replaces the text in the editor and the preview (not reported to `onChange`). */
  setValue(text: string): void;
  /** A new document (empty undo history). */
  load(text: string): void;
  focus(): void;
  /** The editor or the preview has the focus. */
  hasFocus(): boolean;
}

export interface EditorPaneProps {
  initialValue?: string;
  /** The user edited the text, in the editor or in the preview. Cheap: it gets no text. */
  onChange?: () => void;
  /** The editor or the preview lost the focus (save now). */
  onBlur?: () => void;
  readOnly?: boolean;
  /** Accessible name of the editor. */
  editorLabel?: string;
  /** Accessible name of the preview. */
  previewLabel?: string;
  placeholder?: string;
  className?: string;
  ref?: Ref<EditorPaneHandle>;
}

/**
 * Markdown editor (CodeMirror, uncontrolled) beside its sanitized, editable preview, scrolling
 * together (or one of them, see `layout`). Typing re-renders no React component: the preview
 * refreshes after a short pause (only the blocks that changed), and edits made in the preview
 * flow back into the editor.
 */
export function EditorPane(props: EditorPaneProps) {
  const {
    initialValue = '',
    readOnly = false,
    editorLabel = 'Markdown editor',
    previewLabel = 'Preview (editable)',
    placeholder,
    className,
    ref,
  } = props;
  const propsRef = useRef(props);
  propsRef.current = props;
  const editorRef = useRef<MarkdownEditorHandle>(null);
  const previewRef = useRef<MarkdownPreviewHandle>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [layout, setLayout] = useEditorLayout();
  const layoutRef = useRef(layout);
  /** The share of the text scrolled past, as the user last left it. */
  const ratio = useRef(0);
  const panesRef = useRef<HTMLDivElement>(null);
  const editorScroller = () => {
    const host = panesRef.current?.querySelector<HTMLElement>('.cc-editor');
    return host?.querySelector<HTMLElement>('.cm-scroller') ?? host?.querySelector<HTMLElement>('textarea') ?? null;
  };
  const previewScroller = () => previewRef.current?.element() ?? null;

  const refreshPreview = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const editor = editorRef.current;
    if (editor) previewRef.current?.update(editor.getValue());
  };

  const schedulePreview = () => {
    clearTimeout(timer.current);
    const length = editorRef.current?.getLength() ?? 0;
    timer.current = setTimeout(refreshPreview, previewDelay(length));
  };

  useImperativeHandle(
    ref,
    () => ({
      getValue: () => editorRef.current?.getValue() ?? '',
      getLength: () => editorRef.current?.getLength() ?? 0,
      setValue: (text: string) => {
        editorRef.current?.setValue(text);
        clearTimeout(timer.current);
        previewRef.current?.update(text);
      },
      load: (text: string) => {
        editorRef.current?.load(text);
        clearTimeout(timer.current);
        previewRef.current?.update(text);
      },
      focus: () => editorRef.current?.focus(),
      hasFocus: () => Boolean(editorRef.current?.hasFocus() || previewRef.current?.hasFocus()),
    }),
    [],
  );

  useEffect(() => {
    previewRef.current?.update(initialValue);
    return () => clearTimeout(timer.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the initial text only; later texts arrive through the handle
  }, []);

  useEffect(() => {
    const panes = panesRef.current;
    const preview = previewScroller();
    const editorHost = panes?.querySelector<HTMLElement>('.cc-editor');
    if (!preview || !editorHost) return;
    return syncScroll(
      { host: editorHost, scroller: editorScroller },
      { host: preview, scroller: () => preview },
      () => layoutRef.current === 'split',
      (r) => (ratio.current = r),
    );
  }, []);

  // A pane that comes into view opens where the user was reading.
  useLayoutEffect(() => {
    if (layoutRef.current === layout) return;
    layoutRef.current = layout;
    for (const el of [layout !== 'preview' && editorScroller(), layout !== 'editor' && previewScroller()]) {
      if (el) el.scrollTop = scrollTopFor(el, ratio.current);
    }
  }, [layout]);

  return (
    <div className={className ? `cc-editor-pane ${className}` : 'cc-editor-pane'} data-testid="editor-pane" data-layout={layout}>
      <div className="cc-editor-bar">
        <EditorLayoutToggle layout={layout} onChange={setLayout} />
      </div>
      <div className="cc-editor-panes" ref={panesRef}>
        <MarkdownEditor
          ref={editorRef}
          initialValue={initialValue}
          ariaLabel={editorLabel}
          placeholder={placeholder}
          readOnly={readOnly}
          onChange={() => {
            schedulePreview();
            propsRef.current.onChange?.();
          }}
          onBlur={() => propsRef.current.onBlur?.()}
        />
        <MarkdownPreview
          ref={previewRef}
          editable={!readOnly}
          ariaLabel={previewLabel}
          onEdit={(markdown) => {
            // The preview already shows it; the editor follows without echoing back.
            editorRef.current?.setValue(markdown);
            propsRef.current.onChange?.();
          }}
          onBlur={() => propsRef.current.onBlur?.()}
        />
      </div>
    </div>
  );
}
