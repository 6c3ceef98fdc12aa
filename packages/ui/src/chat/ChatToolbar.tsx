import { useId, useRef } from 'react';
import { starStatus, type StarProgress } from '@cc/contracts/star';
import { ToggleGroup, type ToggleOption } from '../ToggleGroup';
import type { ChatLabels } from './labels';
import type { ChatMode, ChatStatus } from './types';

export interface ChatToolbarProps {
  labels: ChatLabels;
  showModes: boolean;
  mode: ChatMode;
  onModeChange: (mode: ChatMode) => void;
  /** The chat has started (otherwise the start button shows). */
  active: boolean;
  onStart: () => void;
  showUpdate: boolean;
  /** The conversation is long enough for a file update. */
  updateReady: boolean;
  updateDisabled: boolean;
  onUpdate: () => void;
  onClear: () => void;
  clearDisabled: boolean;
  /** An interview story's STAR progress (null: not a story). */
  starProgress: StarProgress | null;
  providerStatus: ChatStatus | null;
  banner: string | null;
}

const CHAT_MODES: readonly ToggleOption<ChatMode>[] = [
  { value: 'agent', label: 'Agent' },
  { value: 'ask', label: 'Ask' },
];

/** Above the log: mode buttons, start / update-file / clear, then the mode text, STAR progress, the offline line and banner. */
export function ChatToolbar(props: ChatToolbarProps) {
  const { labels, showModes, mode, onModeChange, active, banner, providerStatus: status } = props;
  const modeTextId = useId();
  const starInfo = props.starProgress ? starStatus(props.starProgress) : null;
  const offline = status?.provider === 'offline' ? <OfflineNote labels={labels} hint={status.hint} /> : null;

  return (
    <>
      <div className="cc-chat-toolbar">
        {/* Without mode buttons the line has room for the offline note (one row less above the log). */}
        {!showModes && offline}
        {showModes && <ToggleGroup label="Chat mode" options={CHAT_MODES} value={mode} onChange={onModeChange} describedBy={modeTextId} />}
        <div className="cc-chat-actions">
          {!active && (
            <button type="button" className="cc-chat-button" onClick={() => props.onStart()}>
              {labels.start}
            </button>
          )}
          {props.showUpdate && (
            <button
              type="button"
              className={`cc-chat-button cc-chat-update${props.updateReady ? ' cc-chat-update--ready' : ''}`}
              data-ready={props.updateReady ? 'true' : 'false'}
              disabled={props.updateDisabled}
              onClick={() => props.onUpdate()}
            >
              {labels.updateFile}
            </button>
          )}
          <button type="button" className="cc-chat-button cc-chat-clear" onClick={() => props.onClear()} disabled={props.clearDisabled}>
            {labels.clear}
          </button>
        </div>
      </div>
      {showModes && (
        <p className="cc-chat-mode-text" id={modeTextId} data-testid="chat-mode-text">
          {mode === 'agent' ? labels.agentMode : labels.askMode}
        </p>
      )}
      {starInfo && (
        <p className="cc-chat-star" data-testid="chat-star-progress" data-phase={starInfo.phase}>
          <span className="cc-chat-star-label">{labels.starProgress}:</span> <strong>{starInfo.text}</strong>{' '}
          <span className="cc-chat-star-phase">{starInfo.label}</span>
          <span className="cc-chat-star-bar" aria-hidden="true">
            {[0, 1, 2, 3].map((i) => (
              <span key={i} className={i < starInfo.count ? 'cc-chat-star-step cc-chat-star-step--done' : 'cc-chat-star-step'} />
            ))}
          </span>
        </p>
      )}
      {showModes && offline}
      {banner && (
        <p className="cc-chat-banner" role="status" data-testid="chat-cleared-banner">
          {banner}
        </p>
      )}
    </>
  );
}

/**
 * One line that opens the details over the log (they never take the chat's room); a second
 * click or Escape closes them.
 */
function OfflineNote({ labels, hint }: { labels: ChatLabels; hint?: string }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const close = () => {
    if (ref.current) ref.current.open = false;
  };
  return (
    <details
      ref={ref}
      className="cc-chat-offline"
      data-testid="chat-offline-note"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !ref.current?.open) return;
        event.stopPropagation();
        close();
        ref.current.querySelector('summary')?.focus();
      }}
    >
      <summary>{labels.offlineSummary}</summary>
      <p className="cc-chat-offline-details">
        {labels.offline} {hint || labels.offlineHint}
      </p>
    </details>
  );
}
