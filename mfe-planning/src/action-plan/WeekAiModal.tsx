import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { errorText } from '@cc/client';
import { Modal } from '@cc/ui';
import { weekLabel } from '@cc/contracts/periods';
import { PLANNING_LIMITS as L, PLANNING_MESSAGES as M } from '@cc/contracts/planning-rules';
import { generateWeekPlan, weekPromptQuery } from './api/actionPlan';
import type { TimelineWeek } from './weeks';
import { CancelAndAction } from '../shared/FormModal';
import '../shared/shared.css';

export interface WeekAiModalProps {
  week: TimelineWeek;
  onClose: () => void;
  /** The week's plan came: its actions go into the week, its outcomes beside them. */
  onGenerated: (generated: { actions: string; outcomes: string }) => void;
}

/**
 * The week-AI modal (docs/planning.md#action-plan): loading the prompt (built from the milestones, todos and
 * unfinished actions around the week), then the editable prompt, then generating. A week gone by has no day
 * left to plan: the modal says so instead (the service would refuse it).
 */
export default function WeekAiModal(props: WeekAiModalProps) {
  return props.week.past ? <PastWeek week={props.week} onClose={props.onClose} /> : <WeekAiEditor {...props} />;
}

function PastWeek({ week, onClose }: Pick<WeekAiModalProps, 'week' | 'onClose'>) {
  return (
    <Modal
      open
      onClose={onClose}
      title={`Plan ${weekLabel(week.key)} with AI`}
      className="planning-modal week-ai-modal"
      footer={
        <button type="button" className="button" onClick={onClose}>
          OK
        </button>
      }
    >
      <p data-testid="week-ai" data-phase="past">
        {M.weekPassed}
      </p>
    </Modal>
  );
}

function WeekAiEditor({ week, onClose, onGenerated }: WeekAiModalProps) {
  const label = weekLabel(week.key);
  const asked = useQuery(weekPromptQuery(week.key, label));
  // The prompt as edited, once the server's is in (null: not edited yet).
  const [edited, setEdited] = useState<string | null>(null);
  const [required, setRequired] = useState(false);
  const promptRef = useRef<HTMLTextAreaElement>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);
  useEffect(() => {
    if (asked.error) console.warn('[planning] loading the week prompt failed', asked.error);
  }, [asked.error]);

  const generate = useMutation({
    mutationFn: (prompt: string) => {
      const c = new AbortController();
      controller.current = c;
      return generateWeekPlan(prompt, week.key, c.signal);
    },
    onSuccess: (answer) => {
      onGenerated({ actions: answer.item.actions, outcomes: answer.item.outcomes });
      onClose();
    },
    onError: (error) => {
      if (!controller.current?.signal.aborted) console.warn('[planning] generating the week plan failed', error);
    },
  });

  const prompt = edited ?? asked.data?.prompt ?? '';
  const phase = asked.isPending ? 'loading' : generate.isPending ? 'generating' : 'editor';
  const problem = required
    ? M.weekPromptRequired
    : generate.isError
      ? errorText(generate.error, { prefix: `${M.errorGeneratingPlan}: ` })
      : asked.isError && generate.isIdle
        ? errorText(asked.error, { prefix: `${M.errorLoadingPrompt}: ` })
        : null;

  const submit = () => {
    if (phase !== 'editor') return;
    if (!prompt.trim()) {
      setRequired(true);
      promptRef.current?.focus();
      return;
    }
    setRequired(false);
    generate.mutate(prompt);
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={`Plan ${label} with AI`}
      initialFocusRef={promptRef}
      className="planning-modal week-ai-modal"
      footer={
        <CancelAndAction
          onCancel={onClose}
          label={phase === 'generating' ? 'Generating…' : 'Generate'}
          onClick={submit}
          disabled={phase !== 'editor'}
        />
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
              onChange={(e) => setEdited(e.target.value)}
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
