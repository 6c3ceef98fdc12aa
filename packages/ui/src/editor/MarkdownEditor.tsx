import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import type { EditorController } from './codemirror';
import '../controls.css';
import './editor.css';

type CodeMirrorModule = typeof import('./codemirror');

let loading: Promise<CodeMirrorModule> | null = null;

/**
 * Starts loading CodeMirror (a separate chunk). Call it as soon as an editor is likely, e.g.
 * when the file workspace's chunk loads, so it arrives together with the file.
 */
export function preloadMarkdownEditor(): Promise<CodeMirrorModule> {
  if (!loading) {
    loading = import('./codemirror');
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}

export interface MarkdownEditorHandle {
  /** The text (builds the string: do not call on every keystroke of a big file). */
  getValue(): string;
  /** Its length, cheaply. */
  getLength(): number;
  /** Replaces the text (kept in the undo history; not reported to `onChange`). */
  setValue(text: string, options?: { addToHistory?: boolean }): void;
  /** A new document: text and an empty undo history. */
  load(text: string): void;
  focus(): void;
  hasFocus(): boolean;
  /** CodeMirror is up (until then a plain textarea stands in). */
  isReady(): boolean;
}

export interface MarkdownEditorProps {
  /** The text when the editor is created (later changes go through the handle: it is uncontrolled). */
  initialValue?: string;
  /** The user edited the text (not called for `setValue` / `load`). Cheap: it gets no text. */
  onChange?: () => void;
  onFocus?: () => void;
  onBlur?: () => void;
  readOnly?: boolean;
  /** Accessible name of the text area. */
  ariaLabel?: string;
  placeholder?: string;
  className?: string;
  /** Called once CodeMirror replaced the stand-in textarea. */
  onReady?: (handle: MarkdownEditorHandle) => void;
  ref?: Ref<MarkdownEditorHandle>;
}

/**
 * The markdown editor: CodeMirror 6 (loaded on demand), uncontrolled. Until CodeMirror has
 * arrived a plain textarea is shown and can already be typed in; its text and cursor carry
 * over. If CodeMirror cannot be loaded the textarea simply stays.
 */
export function MarkdownEditor(props: MarkdownEditorProps) {
  const { initialValue = '', readOnly = false, ariaLabel = 'Markdown editor', placeholder, className, ref } = props;
  const propsRef = useRef(props);
  propsRef.current = props;
  const hostRef = useRef<HTMLDivElement>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const controllerRef = useRef<EditorController | null>(null);
  /** The text while neither CodeMirror nor the textarea exists (between unmount and mount). */
  const pendingRef = useRef(initialValue);
  const [ready, setReady] = useState(false);
  const handleRef = useRef<MarkdownEditorHandle | null>(null);

  const handle: MarkdownEditorHandle = {
    getValue: () => controllerRef.current?.getValue() ?? textareaRef.current?.value ?? pendingRef.current,
    getLength: () => controllerRef.current?.getLength() ?? (textareaRef.current?.value ?? pendingRef.current).length,
    setValue: (text, options) => {
      if (controllerRef.current) controllerRef.current.setValue(text, options);
      else if (textareaRef.current) textareaRef.current.value = text;
      pendingRef.current = text;
    },
    load: (text) => {
      if (controllerRef.current) controllerRef.current.load(text);
      else if (textareaRef.current) textareaRef.current.value = text;
      pendingRef.current = text;
    },
    focus: () => (controllerRef.current ? controllerRef.current.focus() : textareaRef.current?.focus()),
    hasFocus: () =>
      controllerRef.current
        ? controllerRef.current.hasFocus()
        : typeof document !== 'undefined' && document.activeElement === textareaRef.current && textareaRef.current !== null,
    isReady: () => controllerRef.current !== null,
  };
  handleRef.current = handle;
  useImperativeHandle(
    ref,
    () => ({
      getValue: () => handleRef.current!.getValue(),
      getLength: () => handleRef.current!.getLength(),
      setValue: (text, options) => handleRef.current!.setValue(text, options),
      load: (text) => handleRef.current!.load(text),
      focus: () => handleRef.current!.focus(),
      hasFocus: () => handleRef.current!.hasFocus(),
      isReady: () => handleRef.current!.isReady(),
    }),
    [],
  );

  useEffect(() => {
    let cancelled = false;
    preloadMarkdownEditor().then(
      (mod) => {
        const host = hostRef.current;
        if (cancelled || !host) return;
        const textarea = textareaRef.current;
        const doc = textarea ? textarea.value : pendingRef.current;
        const hadFocus = textarea !== null && document.activeElement === textarea;
        const controller = mod.createEditorView({
          parent: host,
          doc,
          selection: textarea && hadFocus ? { anchor: textarea.selectionStart, head: textarea.selectionEnd } : undefined,
          onChange: () => propsRef.current.onChange?.(),
          onFocus: () => propsRef.current.onFocus?.(),
          onBlur: () => propsRef.current.onBlur?.(),
          ariaLabel: propsRef.current.ariaLabel ?? 'Markdown editor',
          placeholder: propsRef.current.placeholder,
          readOnly: propsRef.current.readOnly,
        });
        controllerRef.current = controller;
        setReady(true);
        if (hadFocus) controller.focus();
        propsRef.current.onReady?.(handleRef.current!);
      },
      (error: unknown) => {
        // The textarea stays: still an editor, without highlighting.
        console.warn('[editor] CodeMirror could not be loaded; using a plain text area', error);
      },
    );
    return () => {
      cancelled = true;
      const controller = controllerRef.current;
      if (controller) {
        pendingRef.current = controller.getValue();
        controller.destroy();
      }
      controllerRef.current = null;
      setReady(false);
    };
  }, []);

  useEffect(() => {
    controllerRef.current?.setReadOnly(readOnly);
  }, [readOnly, ready]);

  return (
    <div
      className={className ? `cc-frame cc-editor ${className}` : 'cc-frame cc-editor'}
      data-testid="markdown-editor"
      data-ready={ready ? 'true' : 'false'}
    >
      <div ref={hostRef} className="cc-editor-host" hidden={!ready} />
      {!ready && (
        <textarea
          ref={textareaRef}
          className="cc-editor-fallback"
          defaultValue={pendingRef.current}
          aria-label={ariaLabel}
          placeholder={placeholder}
          readOnly={readOnly}
          spellCheck
          onInput={() => propsRef.current.onChange?.()}
          onFocus={() => propsRef.current.onFocus?.()}
          onBlur={() => propsRef.current.onBlur?.()}
        />
      )}
    </div>
  );
}
