import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@cc/client';
import type { Question, Section } from '@cc/contracts/coaching';
import { COACHING_MESSAGES as M, type QuestionnaireType } from '@cc/contracts/coaching-rules';
import { Modal } from '@cc/ui';
import { useDialogs } from '@cc/ui/dialogs';
import { adminSectionsQuery, deleteQuestion, deleteSection, questionnaireChanged, saveQuestion, saveSection } from './api/questionnaire';
import { CsvUpload } from './CsvUpload';
import { QuestionForm, type QuestionValues } from './QuestionForm';
import { SectionForm, type SectionValues } from './SectionForm';
import './admin.css';

type Editing = { kind: 'section'; section: Section | null } | { kind: 'question'; section: Section; question: Question | null } | null;
type Removal = { kind: 'section'; item: Section } | { kind: 'question'; item: Question };

const position = (text: string) => (text.trim() === '' ? undefined : Number(text.trim()));
const saveError = (error: unknown) => M.errorSaving(error instanceof ApiError ? error.errors.join(', ') : (error as Error).message);

/**
 * The questionnaire editor (admins only; the server refuses anyone else with 403), titled with
 * the questionnaire it edits. Every change refreshes the list here and the check-ins behind it.
 */
export default function AdminEditor({ type, label, onClose }: { type: QuestionnaireType; label: string; onClose: () => void }) {
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const admin = useQuery(adminSectionsQuery(type));
  const sections = admin.data?.sections ?? null;
  const [editing, setEditing] = useState<Editing>(null);
  const changed = () => questionnaireChanged(queryClient);
  const sectionWrite = useMutation({
    mutationFn: ({ id, values }: { id: number | null; values: SectionValues }) =>
      saveSection(id, {
        title: values.title,
        description: values.description,
        position: position(values.position),
        questionnaire_type: type,
      }),
    onSuccess: changed,
  });
  const questionWrite = useMutation({
    mutationFn: ({ id, section, values }: { id: number | null; section: Section; values: QuestionValues }) =>
      saveQuestion(id, {
        title: values.title,
        question_text: values.question_text,
        prompt: values.prompt,
        position: position(values.position),
        onboarding_section_id: section.id,
        questionnaire_type: type,
      }),
    onSuccess: changed,
  });
  const removal = useMutation({
    mutationFn: (what: Removal): Promise<unknown> => (what.kind === 'section' ? deleteSection(what.item.id) : deleteQuestion(what.item.id)),
    onSuccess: changed,
  });

  /** The form's error, or null once saved (the form then closes). */
  const saved = async (write: Promise<unknown>): Promise<string | null> => {
    try {
      await write;
      setEditing(null);
      return null;
    } catch (error) {
      return saveError(error);
    }
  };

  const remove = async (what: Removal) => {
    const ok = await dialogs.confirm({
      title: what.kind === 'section' ? 'Delete section' : 'Delete question',
      message:
        what.kind === 'section'
          ? `Delete the section "${what.item.title}" and its ${what.item.questions.length} question(s)? Everyone's answers to them go too.`
          : `Delete the question "${what.item.title}"? Everyone's conversations about it go too.`,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!ok) return;
    try {
      await removal.mutateAsync(what);
    } catch (error) {
      console.warn('[coaching] deleting failed', error);
      await dialogs.alert({ title: 'Delete', message: M.errorDeleting });
    }
  };

  return (
    <Modal open onClose={onClose} title={`Edit questionnaire: ${label}`} className="coaching-admin">
      {admin.isError && <p className="coaching-error">{M.errorLoadingSections}</p>}
      {admin.isPending && <p className="coaching-note">Loading…</p>}
      {sections && (
        <div className="coaching-admin-sections" data-testid="admin-sections">
          {sections.map((section) => (
            <section key={section.id} className="coaching-admin-section" data-section-id={section.id}>
              <header>
                <h3>
                  {section.position}. {section.title}
                </h3>
                <button type="button" className="button button-quiet" onClick={() => setEditing({ kind: 'section', section })}>
                  Edit section
                </button>
                <button type="button" className="button button-quiet" onClick={() => void remove({ kind: 'section', item: section })}>
                  Delete section
                </button>
              </header>
              <ul>
                {section.questions.map((question) => (
                  <li key={question.id}>
                    <span>
                      {question.position}. {question.title}
                    </span>
                    <button
                      type="button"
                      className="button button-quiet"
                      onClick={() => setEditing({ kind: 'question', section, question })}
                    >
                      Edit question
                    </button>
                    <button type="button" className="button button-quiet" onClick={() => void remove({ kind: 'question', item: question })}>
                      Delete question
                    </button>
                  </li>
                ))}
              </ul>
              <button type="button" className="button" onClick={() => setEditing({ kind: 'question', section, question: null })}>
                Add question
              </button>
            </section>
          ))}
          <button type="button" className="button button-primary" onClick={() => setEditing({ kind: 'section', section: null })}>
            Add section
          </button>
        </div>
      )}
      <CsvUpload type={type} onImported={() => void changed()} />
      {editing?.kind === 'section' && (
        <SectionForm
          section={editing.section}
          onClose={() => setEditing(null)}
          onSave={(values) => saved(sectionWrite.mutateAsync({ id: editing.section?.id ?? null, values }))}
        />
      )}
      {editing?.kind === 'question' && (
        <QuestionForm
          question={editing.question}
          sectionTitle={editing.section.title}
          onClose={() => setEditing(null)}
          onSave={(values) => saved(questionWrite.mutateAsync({ id: editing.question?.id ?? null, section: editing.section, values }))}
        />
      )}
    </Modal>
  );
}
