import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { COACHING_MESSAGES as M } from '@cc/contracts/coaching-rules';
import { weekLabel } from '@cc/contracts/periods';
import { Markdown, Modal } from '@cc/ui';
import { generateWeekPlan, weekPlanSaved } from './api/weekPlan';
import './week-plan.css';

/** The week-AI action plan (docs/coaching.md#week-plan): the week's outcomes and actions from the user's context (planning's call). */
export default function WeekPlanModal({ periodKey, onClose }: { periodKey: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [prompt, setPrompt] = useState('');
  const [missing, setMissing] = useState(false);
  const generate = useMutation({
    mutationFn: (context: string) => generateWeekPlan(context, periodKey),
    onSuccess: () => weekPlanSaved(queryClient),
    onError: (err) => console.warn('[coaching] the week plan failed', err),
  });
  const busy = generate.isPending;
  const item = generate.data?.item ?? null;
  const error = missing ? M.weekPromptRequired : generate.isError ? M.errorGeneratingPlan : null;

  const submit = () => {
    setMissing(!prompt.trim());
    if (prompt.trim()) generate.mutate(prompt);
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={`Action plan: ${weekLabel(periodKey)}`}
      className="coaching-weekplan"
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            Close
          </button>
          <button type="button" className="button button-primary" onClick={submit} disabled={busy}>
            {busy ? 'Generating…' : 'Generate plan'}
          </button>
        </>
      }
    >
      <label className="coaching-form">
        What should this week achieve, and what is on your plate?
        <textarea rows={5} value={prompt} onChange={(event) => setPrompt(event.target.value)} disabled={busy} />
      </label>
      {error && (
        <p className="coaching-error" role="alert">
          {error}
        </p>
      )}
      {item && (
        <div className="coaching-weekplan-result" data-testid="week-plan">
          <h3>Outcomes</h3>
          <Markdown text={item.outcomes} />
          <h3>Actions</h3>
          <Markdown text={item.actions} />
        </div>
      )}
    </Modal>
  );
}
