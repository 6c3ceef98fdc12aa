import { ToggleGroup } from '@cc/ui';
import { CONTENT_MODES, type ContentMode } from './texts';

export interface ContentModeBarProps {
  mode: ContentMode;
  onChange: (mode: ContentMode) => void;
  onSummarize: () => void;
  summarizing: boolean;
  disabled?: boolean;
}

/** Full / Summary / Goals; 'Summarize with AI' only in summary mode (docs/dashboard.md#editor). */
export function ContentModeBar({ mode, onChange, onSummarize, summarizing, disabled = false }: ContentModeBarProps) {
  return (
    <div className="fw-modes" data-testid="content-mode-bar">
      <ToggleGroup label="Content mode" options={CONTENT_MODES} value={mode} onChange={onChange} disabled={disabled} />
      {mode === 'summary' && (
        <button type="button" className="button button-small fw-summarize" onClick={onSummarize} disabled={disabled || summarizing}>
          {summarizing && <span className="spinner spinner-inline" aria-hidden="true" />} Summarize with AI
        </button>
      )}
    </div>
  );
}
