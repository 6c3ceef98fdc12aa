import { useEffect, useRef, useState } from 'react';
import { Modal } from '@cc/ui';
import { weekLabel } from '@cc/contracts/periods';
import { PLANNING_LIMITS as L, PLANNING_MESSAGES as M } from '@cc/contracts/planning-rules';
import { fetchWeekPrompt, generateWeekPlan } from '../api/actionPlan';
import { reasonsOf } from '../shared/errors';
import type { TimelineWeek } from './weeks';

type Phase = 'loading' | 'editor' | 'generating';

export interface WeekAiModalProps {
  week: TimelineWeek;
  onClose: () => void;
  /** The week's plan came: its actions go into the week, its outcomes beside them. */
  onGenerated: (generated: { actions: string; outcomes: string }) => void;
}

/**
 * The week-AI modal (docs/planning.md#action-plan): loading the prompt (built from the milestones, todos and
 * unfinished actions around the week), then the editable prompt, then generating.
 */
export default function WeekAiModal({ week, onClose, onGenerated }: WeekAiModalProps) {
  const label = weekLabel(week.key);
  const [phase, setPhase] = useState<Phase>('loading');
  const [prompt, setPrompt] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const promptRef = useRef<HTMLTextAreaElement>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => {
    const c = new AbortController();
    fetchWeekPrompt(week.key, label, c.signal).then(
      (answer) => {
        setPrompt(answer.prompt);
        setPhase('editor');
      },
      (error: unknown) => {
        if (c.signal.aborted) return;
        console.warn('[planning] loading the week prompt failed', error);
        setProblem(`${M.errorLoadingPrompt}: ${reasonsOf(error)}`);
        setPhase('editor');
      },
    );
    return () => {
      c.abort();
      controller.current?.abort();
    };
  }, [week.key, label]);

  const generate = async () => {
    if (phase !== 'editor') return;
    if (!prompt.trim()) {
      setProblem(M.weekPromptRequired);
      promptRef.current?.focus();
      return;
    }
    setProblem(null);
    setPhase('generating');
    const c = new AbortController();
    controller.current = c;
    try {
      const answer = await generateWeekPlan(prompt, week.key, c.signal);
      onGenerated({ actions: answer.item.actions, outcomes: answer.item.outcomes });
      onClose();
    } catch (error) {
      if (c.signal.aborted) return;
      console.warn('[planning] generating the week plan failed', error);
      setProblem(`${M.errorGeneratingPlan}: ${reasonsOf(error)}`);
      setPhase('editor');
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={`Plan ${label} with AI`}
      initialFocusRef={promptRef}
      className="planning-modal week-ai-modal"
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="button button-primary" onClick={() => void generate()} disabled={phase !== 'editor'}>
            {phase === 'generating' ? 'Generating…' : 'Generate'}
          </button>
        </>
      }
    >
      <div data-testid="week-ai" data-phase={phase}>
        {phase === 'loading' ? (
          <p role="status">
            <span className="spinner" aria-hidden="true" /> Loading the prompt…
          </p>
        ) : (
          <div className="planning-field">
            <label htmlFor="week-ai-prompt">What should this week achieve? The AI reads this prompt; edit it freely.</label>
            <textarea
              id="week-ai-prompt"
              ref={promptRef}
              rows={14}
              value={prompt}
              maxLength={L.weekPrompt}
              readOnly={phase === 'generating'}
              onChange={(e) => setPrompt(e.target.value)}
            />
          </div>
        )}
        {phase === 'generating' && (
          <p role="status">
            <span className="spinner" aria-hidden="true" /> Generating the week's plan…
          </p>
        )}
        {problem && (
          <p className="form-error" role="alert">
            {problem}
          </p>
        )}
      </div>
    </Modal>
  );
}
