import { useState, type ReactNode } from 'react';
import { PLANNING_LIMITS as L } from '@cc/contracts/planning-rules';
import { InputField, TextAreaField } from './fields';
import { FormModal } from './FormModal';

/** The fields every planning record's form has. */
interface RecordForm {
  title: string;
  description: string;
}

/** The keys of a form whose values are text (what a text field can show). */
type TextKeys<F> = { [K in keyof F]: F[K] extends string ? K : never }[keyof F] & string;

/** One text field of a record's form, as data: a one-line input (text or date) or a textarea. */
export interface TextFieldSpec<F> {
  name: TextKeys<F>;
  label: string;
  type?: 'date';
  multiline?: boolean;
  maxLength?: number;
  required?: boolean;
  placeholder?: string;
  hint?: string;
}

export interface RecordFormModalProps<F extends RecordForm> {
  /** What the record is called in the dialog's title and button ('Add milestone'). */
  noun: 'milestone' | 'todo';
  /** The record being edited; a new one otherwise. */
  record?: { id: number };
  /** The form as it opens (read once). */
  initial: () => F;
  /** The record's date field, between the title and the description. */
  date: TextFieldSpec<F>;
  /** The record's own text fields, after the description. */
  more: readonly TextFieldSpec<F>[];
  onSave: (form: F, id?: number) => Promise<boolean>;
  onClose: () => void;
  /** Fields that are not text (a select), after the others. */
  children?: (form: F, set: <K extends keyof F>(key: K, value: F[K]) => void) => ReactNode;
}

const TITLE = { name: 'title', label: 'Title', maxLength: L.title, required: true } as const;
const DESCRIPTION = { name: 'description', label: 'Description', multiline: true, maxLength: L.description } as const;

/**
 * Add or edit a planning record (a milestone or a todo): title (it takes the focus), the record's
 * date, description, then its own fields; the form is kept here and handed to `onSave` whole.
 */
export function RecordFormModal<F extends RecordForm>({
  noun,
  record,
  initial,
  date,
  more,
  onSave,
  onClose,
  children,
}: RecordFormModalProps<F>) {
  const [form, setForm] = useState<F>(initial);
  const set = <K extends keyof F>(key: K, value: F[K]) => setForm((f) => ({ ...f, [key]: value }));
  const fields: readonly TextFieldSpec<F>[] = [TITLE as TextFieldSpec<F>, date, DESCRIPTION as TextFieldSpec<F>, ...more];

  return (
    <FormModal
      title={record ? `Edit ${noun}` : `Add ${noun}`}
      formId={`${noun}-form`}
      submitLabel={record ? 'Save' : `Add ${noun}`}
      form={form}
      onSave={(f) => onSave(f, record?.id)}
      onClose={onClose}
    >
      {(firstFieldRef) => (
        <>
          {fields.map(({ multiline, ...field }, index) => {
            const props = {
              ...field,
              value: form[field.name] as string,
              onChange: (value: string) => set(field.name, value as F[TextKeys<F>]),
            };
            return multiline ? (
              <TextAreaField key={field.name} {...props} />
            ) : (
              <InputField key={field.name} {...props} inputRef={index === 0 ? firstFieldRef : undefined} />
            );
          })}
          {children?.(form, set)}
        </>
      )}
    </FormModal>
  );
}
