import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { starInStory } from '@cc/contracts/story-file';
import { ChatPanel, EditorPane, preloadMarkdownEditor, type ChatPanelHandle } from '@cc/ui';
import { useAutoChat } from './hooks/useAutoChat';
import { useDraftRequests } from './hooks/useDraftRequests';
import { useFileDocument } from './hooks/useFileDocument';
import { useFileUpdateFlow } from './hooks/useFileUpdateFlow';
import { useLater } from './hooks/useLater';
import { useSummarize } from './hooks/useSummarize';
import type { AutoChat, DraftRequest, OpenFile } from './types';
import { DiffPanel } from './DiffPanel';
import { ConflictPanel } from '@cc/ui';
import { ContentModeBar } from './ContentModeBar';
import { DraftNotices } from './DraftNotices';
import { fileTitle } from './texts';
import type { HistoryRequest } from './useWorkspace';
import { fileQuery } from './api/files';
import { historyChanged } from '../history/api/history';
import './workspace.css';

/** The history panel (docs/dashboard.md#history): its code loads when it is first opened. */
const HistoryModal = lazy(() => import(/* webpackChunkName: "history" */ '../history/HistoryModal'));

export { draftKey } from './fileAutosaves';

// CodeMirror comes in its own chunk: start fetching it with this one, beside the file.
void preloadMarkdownEditor().catch(() => undefined);

export interface FileWorkspaceProps {
  file: OpenFile;
  draftRequest: DraftRequest | null;
  onDraftHandled: () => void;
  autoChat?: AutoChat;
  onAutoChatHandled?: () => void;
  /** "History" from the file's menu: opens the history once the file is loaded. */
  historyRequest?: HistoryRequest | null;
  onHistoryHandled?: () => void;
}

/**
 * The open file: content-mode bar, editor + editable preview (or the diff panel of a proposed
 * update) in the centre, the file's chat on the right. One session per file id: switching
 * files unmounts the session, which saves what was typed first.
 */
export function FileWorkspace(props: FileWorkspaceProps) {
  return <FileSession key={props.file.id} {...props} />;
}

export default FileWorkspace;

function FileSession({
  file,
  draftRequest,
  onDraftHandled,
  autoChat,
  onAutoChatHandled,
  historyRequest,
  onHistoryHandled,
}: FileWorkspaceProps) {
  // Async handlers send the file's current name and folder (it can be renamed while open).
  const fileRef = useRef(file);
  fileRef.current = file;
  const chatRef = useRef<ChatPanelHandle>(null);
  const { mounted, later } = useLater();
  const doc = useFileDocument(file);
  const { summarizing, summarize } = useSummarize({ doc, fileRef, mounted });
  const update = useFileUpdateFlow({ doc, chatRef, fileRef, mounted, later });
  const drafts = useDraftRequests({ doc, fileId: file.id, draftRequest, onDraftHandled, propose: update.propose, mounted });
  useAutoChat({ autoChat, onAutoChatHandled, chatRef, ready: doc.ready, later });

  const { edited } = doc;
  const { dropUndo } = drafts;
  const onChange = useCallback(() => {
    edited();
    dropUndo();
  }, [edited, dropUndo]);

  const { loaded } = doc;
  const { proposal } = update;
  const title = fileTitle(file.name);
  // Read when the chat works out its STAR progress (each message), so it follows the file.
  const textOf = doc.textOf;
  const starInFile = useCallback(() => starInStory(textOf('full')), [textOf]);

  const client = useQueryClient();
  const [historyOpen, setHistoryOpen] = useState(false);
  const historyKey = historyRequest?.key;
  useEffect(() => {
    if (!historyKey || !doc.ready) return;
    setHistoryOpen(true);
    onHistoryHandled?.();
  }, [historyKey, doc.ready, onHistoryHandled]);
  const { saves, restoredContent } = doc;
  const restored = useCallback(
    (content: string, revision: number) => {
      restoredContent(content, revision);
      // The cached read of the file follows (another opening of it starts from the restored text).
      client.setQueryData(fileQuery(file.id).queryKey, (answer) =>
        answer ? { ...answer, file: { ...answer.file, content, revision } } : answer,
      );
      void historyChanged(client);
    },
    [restoredContent, client, file.id],
  );

  return (
    <div className="fw" data-testid="file-workspace" data-file-id={file.id}>
      <section className="fw-main cc-frame" aria-label={`Editor for ${title}`}>
        <header className="fw-head">
          <div className="fw-title-row">
            <h2 className="fw-title" data-testid="file-title" title={file.name}>
              {title}
            </h2>
            <span className="fw-folder">{file.folder}</span>
            <p className="fw-status" role="status" aria-live="polite" data-testid="save-status" data-tone={doc.status?.tone}>
              {doc.status?.text ?? ''}
            </p>
            <button
              type="button"
              className="button button-small fw-history"
              onClick={() => setHistoryOpen(true)}
              disabled={!doc.ready || proposal !== null}
            >
              History
            </button>
          </div>
          <ContentModeBar
            mode={doc.mode}
            onChange={doc.switchMode}
            onSummarize={() => void summarize()}
            summarizing={summarizing}
            disabled={!doc.ready || proposal !== null}
          />
        </header>

        <DraftNotices job={drafts.draftJob} undo={drafts.undo} onCancel={drafts.cancelDraft} onUndo={drafts.undoDraft} />
        {doc.conflicts.map(({ mode, conflict }) => (
          <ConflictPanel
            key={mode}
            subject={mode === 'full' ? 'file' : mode}
            mine={conflict.mine}
            theirs={conflict.theirs}
            theirsRevision={conflict.theirsBase}
            currentMine={() => doc.textOf(mode)}
            onKeepMine={() => doc.keepMine(mode)}
            onTakeTheirs={() => doc.takeTheirs(mode)}
          />
        ))}

        {doc.contentSnapshot.restored && (
          <p className="fw-notice fw-notice--quiet" data-testid="draft-restored">
            Unsaved changes from your last visit were restored and are being saved.
          </p>
        )}
        {loaded.status === 'loading' && (
          <p className="fw-loading" role="status">
            <span className="spinner spinner-inline" aria-hidden="true" /> Loading {title}…
          </p>
        )}
        {loaded.status === 'error' && (
          <div className="fw-error" role="alert">
            <p>
              Could not open {title}: {loaded.message}
            </p>
            <button type="button" className="button" onClick={doc.retry}>
              Retry
            </button>
          </div>
        )}

        {proposal && (
          <DiffPanel
            lines={proposal.lines}
            origin={proposal.origin}
            accepting={update.accepting}
            onAccept={update.accept}
            onReject={update.reject}
            onEdit={update.edit}
          />
        )}
        {loaded.status === 'ok' && (
          <div className="fw-panes" hidden={proposal !== null}>
            <EditorPane
              ref={doc.paneRef}
              initialValue={loaded.initial}
              onChange={onChange}
              onBlur={doc.blurred}
              editorLabel="Markdown editor"
              previewLabel="Preview (editable)"
              placeholder="Write in markdown…"
            />
          </div>
        )}
      </section>

      {historyOpen && (
        <Suspense fallback={null}>
          <HistoryModal
            target={{ kind: 'file', id: file.id }}
            subject={file.name}
            onClose={() => setHistoryOpen(false)}
            currentText={() => doc.textOf('full')}
            // What is still being typed is saved first: a restore never drops it.
            prepare={() => saves.full.flush()}
            restored={restored}
          />
        </Suspense>
      )}

      <aside className="fw-chat" aria-label="File chat">
        <ChatPanel
          ref={chatRef}
          conversation={{ fileId: file.id, folder: file.folder, fileName: file.name }}
          buildPayload={(base) => ({
            ...base,
            file_content: doc.textOf('full'),
            file_name: fileRef.current.name,
            folder: fileRef.current.folder,
            file_id: fileRef.current.id,
          })}
          onRequestUpdate={(selected, prompt, history) => void update.requestUpdate(selected, prompt, history)}
          updating={update.updating}
          starInFile={starInFile}
          minConversationLength={3}
          labels={{ title: `Chat about ${title}` }}
        />
      </aside>
    </div>
  );
}
