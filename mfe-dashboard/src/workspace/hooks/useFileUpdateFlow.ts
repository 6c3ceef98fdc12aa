import { useCallback, useState, type RefObject } from 'react';
import type { DiffLine } from '@cc/contracts';
import { cleanDiff, diffLines, suggestEdits, type ChatMessage, type ChatPanelHandle, type SelectedMessage } from '@cc/ui';
import { ACCEPT_DELAY_MS, ACCEPT_TEXT, EDIT_TEXT, NOTHING_TO_CHANGE_TEXT, REJECT_TEXT, UPDATE_FROM_CONVERSATION } from '../texts';
import type { OpenFile } from '../types';
import type { FileDocument } from './useFileDocument';
import type { Later } from './useLater';

/** A proposal with no added or removed line changes nothing: there is nothing to accept. */
export const changesSomething = (lines: readonly DiffLine[]): boolean => lines.some((l) => l.type !== 'unchanged');

/** A new text for the file, shown as a diff in place of the editor until the user decides. */
export interface Proposal {
  lines: DiffLine[];
  suggested: string;
  origin: 'chat' | 'draft';
}

export interface FileUpdateFlow {
  proposal: Proposal | null;
  /** Accept was pressed: the text goes in after the accept delay. */
  accepting: boolean;
  /** A suggest_edits request is running. */
  updating: boolean;
  /** Shows a proposal (in the full view), unless it changes nothing. */
  propose: (proposal: Proposal) => void;
  accept: () => void;
  reject: () => void;
  edit: () => void;
  requestUpdate: (selected: SelectedMessage[] | undefined, prompt: string | undefined, history: ChatMessage[]) => Promise<void>;
}

interface Options extends Later {
  doc: FileDocument;
  chatRef: RefObject<ChatPanelHandle | null>;
  fileRef: RefObject<OpenFile>;
}

/**
 * The chat's "update the file" (docs/dashboard.md#file-chat): suggest_edits → the diff panel → Accept All / Reject /
 * Edit, each answered by the assistant in the chat.
 */
export function useFileUpdateFlow({ doc, chatRef, fileRef, mounted, later }: Options): FileUpdateFlow {
  const { paneRef, saves, textOf, switchMode, replaceContent, markAiUpdate } = doc;
  const [proposal, setProposal] = useState<Proposal | null>(null);
  const [accepting, setAccepting] = useState(false);
  const [updating, setUpdating] = useState(false);

  const propose = useCallback(
    (next: Proposal) => {
      // An empty proposal is never shown (an empty draft included): Accept All would do nothing.
      if (!changesSomething(next.lines)) return;
      switchMode('full');
      setAccepting(false);
      setProposal(next);
    },
    [switchMode],
  );

  const say = useCallback((text: string) => chatRef.current?.appendMessage('assistant', text), [chatRef]);

  const accept = () => {
    if (!proposal || accepting) return;
    const { suggested } = proposal;
    setAccepting(true);
    later(() => {
      // What was typed before the update is sent first (read now), then the update with
      // ai_update, so the server keeps exactly the text before it (docs/dashboard.md#history).
      void saves.full.flush();
      replaceContent(suggested);
      setProposal(null);
      setAccepting(false);
      markAiUpdate();
      void saves.full.saveNow();
      say(ACCEPT_TEXT);
    }, ACCEPT_DELAY_MS);
  };

  const reject = () => {
    if (!proposal || accepting) return;
    setProposal(null);
    say(REJECT_TEXT);
    requestAnimationFrame(() => paneRef.current?.focus());
  };

  const edit = () => {
    if (!proposal || accepting) return;
    replaceContent(proposal.suggested);
    markAiUpdate();
    saves.full.changed();
    setProposal(null);
    say(EDIT_TEXT);
    requestAnimationFrame(() => paneRef.current?.focus());
  };

  const requestUpdate = useCallback(
    async (selected: SelectedMessage[] | undefined, prompt: string | undefined, history: ChatMessage[]) => {
      const f = fileRef.current;
      setUpdating(true);
      try {
        const current = textOf('full');
        const answer = await suggestEdits({
          message: prompt?.trim() || UPDATE_FROM_CONVERSATION,
          file_content: current,
          file_name: f.name,
          folder: f.folder,
          conversation_history: history,
          selected_messages: selected ?? [],
          file_id: f.id,
        });
        if (!mounted.current) return;
        const suggested = typeof answer.suggested_content === 'string' ? answer.suggested_content : '';
        // Some answers come without a diff: one computed from the two texts stands in.
        let lines = cleanDiff(answer.diff);
        if (lines.length === 0) lines = await diffLines(current, suggested);
        if (!mounted.current) return;
        // "+0 added −0 removed" with Accept All would offer to change nothing: say so instead.
        if (!changesSomething(lines)) {
          say(NOTHING_TO_CHANGE_TEXT);
          return;
        }
        propose({ lines, suggested, origin: 'chat' });
      } catch (error) {
        // A failed suggest-edits hides the progress and is only logged (docs/dashboard.md#file-chat).
        console.error('[workspace] suggest edits failed', error);
      } finally {
        if (mounted.current) setUpdating(false);
      }
    },
    [fileRef, mounted, propose, say, textOf],
  );

  return { proposal, accepting, updating, propose, accept, reject, edit, requestUpdate };
}
