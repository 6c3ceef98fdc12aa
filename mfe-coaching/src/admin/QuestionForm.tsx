import { useState } from 'react';
import type { Question } from '@cc/contracts/coaching';
import { Modal } from '@cc/ui';

export interface QuestionValues {
  title: string;
  question_text: string;
  prompt: string;
  position: string;
}

/** Create or edit a question of a section. */
export function QuestionForm({
  question,
  sectionTitle,
  onSave,
  onClose,
}: {
  question: Question | null;
  sectionTitle: string;
  onSave: (values: QuestionValues) => Promise<string | null>;
  onClose: () => void;
}) {
  const [values, setValues] = useState<QuestionValues>({
    title: question?.title ?? '',
    question_text: question?.text ?? '',
    prompt: question?.prompt ?? '',
    position: question ? String(question.position) : '',
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    const problem = await onSave(values);
    setBusy(false);
    if (problem) setError(problem);
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={question ? 'Edit question' : `New question in ${sectionTitle}`}
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="button button-primary" disabled={busy} onClick={() => void save()}>
            Save question
          </button>
        </>
      }
    >
      <div className="coaching-form">
        <label>
          Title
          <input value={values.title} onChange={(e) => setValues({ ...values, title: e.target.value })} />
        </label>
        <label>
          Question text
          <textarea rows={3} value={values.question_text} onChange={(e) => setValues({ ...values, question_text: e.target.value })} />
        </label>
        <label>
          Coaching prompt
          <textarea rows={4} value={values.prompt} onChange={(e) => setValues({ ...values, prompt: e.target.value })} />
        </label>
        <label>
          Position
          <input inputMode="numeric" value={values.position} onChange={(e) => setValues({ ...values, position: e.target.value })} />
        </label>
        {error && (
          <p className="coaching-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </Modal>
  );
}
