import { useCallback, useState } from 'react';

/** What the editor pane shows: the markdown and its preview side by side, or one of them. */
export type EditorLayout = 'split' | 'editor' | 'preview';

export const EDITOR_LAYOUTS: readonly { layout: EditorLayout; label: string }[] = [
  { layout: 'editor', label: 'Markdown' },
  { layout: 'split', label: 'Side by side' },
  { layout: 'preview', label: 'Preview' },
];

/** The layout chosen last on this page: the next file (or day) opens the same way. */
let chosen: EditorLayout = 'split';

/** The editor layout, shared by the panes of this page visit. */
export function useEditorLayout(): [EditorLayout, (layout: EditorLayout) => void] {
  const [layout, setLayout] = useState<EditorLayout>(chosen);
  const choose = useCallback((next: EditorLayout) => {
    chosen = next;
    setLayout(next);
  }, []);
  return [layout, choose];
}

export interface EditorLayoutToggleProps {
  layout: EditorLayout;
  onChange: (layout: EditorLayout) => void;
  disabled?: boolean;
}

/** Markdown / Side by side / Preview (a group of pressed buttons). */
export function EditorLayoutToggle({ layout, onChange, disabled = false }: EditorLayoutToggleProps) {
  return (
    <div className="cc-editor-layouts" role="group" aria-label="Editor layout" data-testid="editor-layout">
      {EDITOR_LAYOUTS.map(({ layout: l, label }) => (
        <button
          key={l}
          type="button"
          className="cc-editor-layout"
          aria-pressed={layout === l}
          disabled={disabled}
          onClick={() => onChange(l)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
