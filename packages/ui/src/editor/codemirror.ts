/**
 * The CodeMirror 6 half of MarkdownEditor, loaded on demand (`import('./codemirror')`) so
 * CodeMirror never weighs on a page that shows no editor.
 *
 * Only what a markdown editor needs: the GFM markdown language (from @codemirror/lang-markdown
 * without its HTML/CSS/JS sub-languages), highlighting, history, list-continuing Enter, line
 * wrapping. The view is uncontrolled: the text lives in CodeMirror; `onChange` says "the user
 * edited" without building the string, so typing in a 1 MB file stays cheap.
 */
import { Annotation, Compartment, EditorState, Transaction, type Extension } from '@codemirror/state';
import { EditorView, keymap, placeholder as placeholderExt } from '@codemirror/view';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { deleteMarkupBackward, insertNewlineContinueMarkup, markdownLanguage } from '@codemirror/lang-markdown';
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { tags } from '@lezer/highlight';

export interface EditorViewOptions {
  parent: HTMLElement;
  doc: string;
  /** Called after every edit the user made (not after `setValue`). */
  onChange?: () => void;
  onFocus?: () => void;
  onBlur?: () => void;
  ariaLabel?: string;
  placeholder?: string;
  readOnly?: boolean;
  /** Initial selection (e.g. carried over from the loading textarea). */
  selection?: { anchor: number; head?: number };
}

export interface EditorController {
  getValue(): string;
  getLength(): number;
  /** Replaces the text (only the changed middle part is dispatched); not reported to onChange. */
  setValue(text: string, options?: { addToHistory?: boolean }): void;
  /** A new document: text, empty undo history, cursor at the start. */
  load(text: string): void;
  setReadOnly(readOnly: boolean): void;
  focus(): void;
  hasFocus(): boolean;
  destroy(): void;
  readonly view: EditorView;
}

/** Marks our own transactions (setValue), which are not user edits. */
const external = Annotation.define<boolean>();

const markdownHighlight = HighlightStyle.define([
  { tag: tags.heading1, fontWeight: '700', fontSize: '1.25em' },
  { tag: tags.heading2, fontWeight: '700', fontSize: '1.15em' },
  { tag: [tags.heading3, tags.heading4, tags.heading5, tags.heading6], fontWeight: '700' },
  { tag: tags.strong, fontWeight: '700' },
  { tag: tags.emphasis, fontStyle: 'italic' },
  { tag: tags.strikethrough, textDecoration: 'line-through' },
  { tag: [tags.link, tags.url], color: 'var(--accent, #2f6f8f)' },
  { tag: tags.monospace, fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', color: '#7a3e9d' },
  { tag: tags.quote, color: 'var(--muted, #5f6b7a)', fontStyle: 'italic' },
  { tag: [tags.processingInstruction, tags.contentSeparator, tags.meta], color: 'var(--muted, #5f6b7a)' },
  { tag: tags.list, color: 'var(--accent-strong, #245a75)' },
]);

const theme = EditorView.theme({
  '&': { height: '100%', fontSize: '0.95rem', backgroundColor: 'var(--surface, #fff)' },
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', lineHeight: '1.55', overflow: 'auto' },
  '.cm-content': { padding: '0.75rem 0', caretColor: 'var(--text, #1f2933)' },
  '.cm-line': { padding: '0 0.85rem' },
  '.cm-placeholder': { color: 'var(--muted, #5f6b7a)' },
});

export function createEditorView(options: EditorViewOptions): EditorController {
  const readOnly = new Compartment();
  const readOnlyExt = (value: boolean): Extension => [EditorState.readOnly.of(value), EditorView.editable.of(!value)];
  const extensions: Extension[] = [
    history(),
    keymap.of([
      { key: 'Enter', run: insertNewlineContinueMarkup },
      { key: 'Backspace', run: deleteMarkupBackward },
      ...defaultKeymap,
      ...historyKeymap,
    ]),
    markdownLanguage,
    syntaxHighlighting(markdownHighlight),
    EditorView.lineWrapping,
    theme,
    readOnly.of(readOnlyExt(Boolean(options.readOnly))),
    EditorView.contentAttributes.of({ 'aria-label': options.ariaLabel ?? 'Markdown editor', 'aria-multiline': 'true', spellcheck: 'true' }),
    EditorView.updateListener.of((update) => {
      if (!update.docChanged) return;
      if (update.transactions.some((tr) => tr.docChanged && !tr.annotation(external))) options.onChange?.();
    }),
    EditorView.domEventHandlers({
      focus: () => {
        options.onFocus?.();
      },
      blur: () => {
        options.onBlur?.();
      },
    }),
  ];
  if (options.placeholder) extensions.push(placeholderExt(options.placeholder));

  const stateFor = (doc: string, selection?: { anchor: number; head?: number }) => {
    const clamp = (n: number) => Math.max(0, Math.min(doc.length, n));
    return EditorState.create({
      doc,
      selection: selection ? { anchor: clamp(selection.anchor), head: clamp(selection.head ?? selection.anchor) } : undefined,
      extensions,
    });
  };

  const view = new EditorView({ state: stateFor(options.doc, options.selection), parent: options.parent });

  return {
    view,
    getValue: () => view.state.doc.toString(),
    getLength: () => view.state.doc.length,
    setValue(text, { addToHistory = true } = {}) {
      const doc = view.state.doc;
      const current = doc.toString();
      if (current === text) return;
      let start = 0;
      const max = Math.min(current.length, text.length);
      while (start < max && current.charCodeAt(start) === text.charCodeAt(start)) start++;
      let endOld = current.length;
      let endNew = text.length;
      while (endOld > start && endNew > start && current.charCodeAt(endOld - 1) === text.charCodeAt(endNew - 1)) {
        endOld--;
        endNew--;
      }
      view.dispatch({
        changes: { from: start, to: endOld, insert: text.slice(start, endNew) },
        annotations: addToHistory ? [external.of(true)] : [external.of(true), Transaction.addToHistory.of(false)],
      });
    },
    load(text) {
      view.setState(stateFor(text));
    },
    setReadOnly(value) {
      view.dispatch({ effects: readOnly.reconfigure(readOnlyExt(value)) });
    },
    focus: () => view.focus(),
    hasFocus: () => view.hasFocus,
    destroy: () => view.destroy(),
  };
}
