import type { Question } from '@cc/contracts/coaching';
import { FormModal, useSavedForm } from '../shared/FormModal';

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
  const form = useSavedForm<QuestionValues>(
    {
      title: question?.title ?? '',
      question_text: question?.text ?? '',
      prompt: question?.prompt ?? '',
      position: question ? String(question.position) : '',
    },
    onSave,
  );
  return (
    <FormModal
      title={question ? 'Edit question' : `New question in ${sectionTitle}`}
      action="Save question"
      onClose={onClose}
      {...form.modal}
    >
      <label>
        Title
        <input {...form.field('title')} />
      </label>
      <label>
        Question text
        <textarea rows={3} {...form.field('question_text')} />
      </label>
      <label>
        Coaching prompt
        <textarea rows={4} {...form.field('prompt')} />
      </label>
      <label>
        Position
        <input inputMode="numeric" {...form.field('position')} />
      </label>
    </FormModal>
  );
}
