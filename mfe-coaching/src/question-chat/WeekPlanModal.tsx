import { useState } from 'react';
import { COACHING_MESSAGES as M } from '@cc/contracts/coaching-rules';
import { weekLabel } from '@cc/contracts/periods';
import { Markdown, Modal } from '@cc/ui';
import type { GeneratedWeekAnswer } from '@cc/contracts/planning';
import { generateWeekPlan } from '../api/actionPlan';

/** The week-AI action plan (docs/coaching.md#week-plan): the week's outcomes and actions from the user's context (planning's call). */
export default function WeekPlanModal({ periodKey, onClose }: { periodKey: string; onClose: () => void }) {
  const [prompt, setPrompt] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [item, setItem] = useState<GeneratedWeekAnswer['item'] | null>(null);

  const submit = async () => {
    if (!prompt.trim()) {
      setError(M.weekPromptRequired);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      setItem((await generateWeekPlan(prompt, periodKey)).item);
    } catch (err) {
      console.warn('[coaching] the week plan failed', err);
      setError(M.errorGeneratingPlan);
    } finally {
      setBusy(false);
    }
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
          <button type="button" className="button button-primary" onClick={() => void submit()} disabled={busy}>
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
