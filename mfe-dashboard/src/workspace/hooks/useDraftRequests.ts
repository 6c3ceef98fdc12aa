import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, errorMessage } from '@cc/client';
import { allAddedDiff } from '@cc/ui';
import { generateFileDraft } from '../api/drafts';
import { STATUS } from '../texts';
import type { DraftRequest } from '../types';
import type { FileDocument } from './useFileDocument';
import type { Proposal } from './useFileUpdateFlow';
import type { Later } from './useLater';

/** A draft being generated (Cancel aborts it). */
export interface DraftJob {
  kind: DraftRequest['kind'];
  controller: AbortController;
}

export interface DraftRequests {
  draftJob: DraftJob | null;
  /** An applied 'generate' draft can be taken back to the text it replaced. */
  undo: { previous: string } | null;
  cancelDraft: () => void;
  undoDraft: () => void;
  /** The user typed after an applied draft: the undo offer goes (it would drop the new text). */
  dropUndo: () => void;
}

interface Options {
  doc: FileDocument;
  fileId: number;
  draftRequest: DraftRequest | null;
  onDraftHandled: () => void;
  propose: (proposal: Proposal) => void;
  mounted: Later['mounted'];
}

/**
 * The explorer's AI draft requests for this file, once it is loaded: a 'suggestion' draft is
 * proposed as an all-added diff; a 'generate' draft replaces the content at once and is saved,
 * with Undo.
 */
export function useDraftRequests({ doc, fileId, draftRequest, onDraftHandled, propose, mounted }: Options): DraftRequests {
  const { ready, saves, textOf, replaceContent, setStatus, markAiUpdate } = doc;
  const [draftJob, setDraftJob] = useState<DraftJob | null>(null);
  const [undo, setUndo] = useState<{ previous: string } | null>(null);
  const undoRef = useRef(undo);
  undoRef.current = undo;

  // Each request runs once, even if the effect runs again before the page has cleared it.
  const handledDraft = useRef<string | null>(null);
  useEffect(() => {
    if (!ready || !draftRequest || draftRequest.fileId !== fileId || handledDraft.current === draftRequest.key) return;
    handledDraft.current = draftRequest.key;
    onDraftHandled();
    const request = draftRequest;
    const controller = new AbortController();
    setDraftJob({ kind: request.kind, controller });
    setUndo(null);
    generateFileDraft(
      { folder: request.folder, name: request.name, description: request.description, system: request.system, user: request.user },
      controller.signal,
    ).then(
      (answer) => {
        if (!mounted.current || controller.signal.aborted) return;
        setDraftJob((job) => (job?.controller === controller ? null : job));
        const draft = answer.draft ?? '';
        if (request.kind === 'suggestion') {
          propose({ lines: allAddedDiff(draft), suggested: draft, origin: 'draft' });
          return;
        }
        const previous = textOf('full');
        // What was typed before the draft is sent first (read now), then the draft with
        // ai_update, so the server keeps exactly the text it replaces (docs/dashboard.md#history).
        void saves.full.flush();
        replaceContent(draft);
        setUndo({ previous });
        markAiUpdate();
        void saves.full.saveNow({ saved: STATUS.draftSaved });
      },
      (error: unknown) => {
        if (!mounted.current) return;
        setDraftJob((job) => (job?.controller === controller ? null : job));
        // Cancel is silent.
        if (controller.signal.aborted || (error as { name?: string })?.name === 'AbortError') return;
        console.warn('[workspace] the AI draft failed', error);
        const text = error instanceof ApiError ? error.errors.join(', ') : errorMessage(error);
        setStatus({ text: `Draft failed: ${text}`, tone: 'error' });
      },
    );
  }, [ready, draftRequest, fileId, onDraftHandled, propose, replaceContent, saves, textOf, mounted, setStatus, markAiUpdate]);

  // Leaving the file cancels a draft still being generated.
  useEffect(() => () => draftJob?.controller.abort(), [draftJob]);

  const cancelDraft = () => {
    draftJob?.controller.abort();
    setDraftJob(null);
  };

  const undoDraft = () => {
    if (!undo) return;
    replaceContent(undo.previous);
    setUndo(null);
    void saves.full.saveNow({ saved: STATUS.reverted, failed: STATUS.revertFailed });
  };

  const dropUndo = useCallback(() => {
    if (undoRef.current) setUndo(null);
  }, []);

  return { draftJob, undo, cancelDraft, undoDraft, dropUndo };
}
