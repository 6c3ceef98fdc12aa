import { useCallback, useState, type RefObject } from 'react';
import { saveSummary, summarize } from '../api/files';
import { STATUS } from '../texts';
import type { OpenFile } from '../types';
import type { FileDocument } from './useFileDocument';
import type { Later } from './useLater';

interface Options {
  doc: FileDocument;
  fileRef: RefObject<OpenFile>;
  mounted: Later['mounted'];
}

/** "Summarize with AI": the server writes the summary of the current content and stores it. */
export function useSummarize({ doc, fileRef, mounted }: Options): { summarizing: boolean; summarize: () => Promise<void> } {
  const { saves, textOf, putText, setStatus } = doc;
  const [summarizing, setSummarizing] = useState(false);

  const run = useCallback(async () => {
    const f = fileRef.current;
    const content = textOf('full');
    setSummarizing(true);
    setStatus({ text: STATUS.summarizing, tone: 'info' });
    try {
      let summary = '';
      let revision: number | undefined;
      if (content.trim() === '') {
        // Nothing to summarise: the summary is cleared, no model is asked.
        revision = (await saveSummary(f.id, '')).revision;
      } else {
        const answer = await summarize({ fileId: f.id, folder: f.folder, fileName: f.name, content });
        summary = answer.summary ?? '';
        revision = answer.summary_revision;
      }
      if (!mounted.current) return;
      // The server stored it as a new revision: the autosave goes on from there, nothing is pending.
      putText('summary', summary);
      saves.summary.reset(summary, revision);
      setStatus({ text: STATUS.summaryUpdated, tone: 'ok' });
    } catch (error) {
      console.warn('[workspace] summarize failed', error);
      if (mounted.current) setStatus({ text: STATUS.summarizeFailed, tone: 'error' });
    } finally {
      if (mounted.current) setSummarizing(false);
    }
  }, [fileRef, mounted, saves, textOf, putText, setStatus]);

  return { summarizing, summarize: run };
}
