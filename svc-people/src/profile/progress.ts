import type { GenerationPhase } from '@cc/contracts';
import type { GenerationRequest } from './write';

/** A deep research's progress (0-100) at the start of each phase. */
export const PROGRESS: Record<GenerationPhase, number> = {
  queued: 0,
  reading: 10,
  researching: 25,
  writing: 45,
  extracting: 90,
  done: 100,
};

/**
 * Progress while the model writes: its answer streams in, and the bar moves with the text
 * written. How long the answer will be is not known: it restates the notes it was given, so the
 * bar nears the next phase as the text grows past the length of those notes, and never reaches
 * it before the model has finished.
 */
export function expectedProfileChars(request: Pick<GenerationRequest, 'evidence'>): number {
  const notes = request.evidence.reduce((n, e) => n + e.text.length, 0);
  return Math.min(12_000, Math.max(800, Math.round(notes * 0.8) + 400));
}
export function writingProgress(charsWritten: number, expectedChars: number): number {
  const span = PROGRESS.extracting - PROGRESS.writing - 1;
  return PROGRESS.writing + Math.floor(span * (1 - Math.exp(-charsWritten / expectedChars)));
}

/**
 * The writing phase's progress as the answer streams in, saved when the bar moves: at most once
 * per point, one save at a time, the latest value last. After a failed save (the run was
 * cancelled or taken over, and `save` has stopped the model call) nothing more is saved.
 * `settled` waits for the save under way.
 */
export function streamedProgress(expected: number, save: (progress: number) => Promise<void>) {
  let saved = PROGRESS.writing;
  let wanted = saved;
  let saving: Promise<void> | undefined;
  let failed = false;
  const flush = () => {
    if (saving || failed || wanted <= saved) return;
    const value = wanted;
    saving = save(value)
      .then(
        () => void (saved = value),
        () => void (failed = true),
      )
      .finally(() => {
        saving = undefined;
        flush();
      });
  };
  return {
    onText: (text: string) => {
      wanted = Math.max(wanted, writingProgress(text.length, expected));
      flush();
    },
    settled: async () => {
      while (saving) await saving;
    },
  };
}
