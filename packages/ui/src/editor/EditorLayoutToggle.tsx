import { useCallback, useState } from 'react';
import { ToggleGroup, type ToggleOption } from '../ToggleGroup';

/** What the editor pane shows: the markdown and its preview side by side, or one of them. */
export type EditorLayout = 'split' | 'editor' | 'preview';

export const EDITOR_LAYOUTS: readonly ToggleOption<EditorLayout>[] = [
  { value: 'editor', label: 'Markdown' },
  { value: 'split', label: 'Side by side' },
  { value: 'preview', label: 'Preview' },
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
    <ToggleGroup
      label="Editor layout"
      className="cc-editor-layouts"
      testId="editor-layout"
      options={EDITOR_LAYOUTS}
      value={layout}
      onChange={onChange}
      disabled={disabled}
    />
  );
}
