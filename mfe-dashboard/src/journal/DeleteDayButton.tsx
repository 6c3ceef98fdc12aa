import { useState } from 'react';
import { api, errorText } from '@cc/client';
import { formatDayLong } from '@cc/contracts/dates';
import { useDialogs } from '@cc/ui/dialogs';

/** What deleting a day says (docs/journal.md#deleting-a-day). */
export const DELETE_DAY_TEXT = {
  title: 'Delete this day',
  question: (date: string) => `Delete the entry of ${formatDayLong(date)}? It stays in the trash for 30 days.`,
  nothing: 'This day has no text to delete.',
  unsaved: 'Your latest text could not be saved, so the day was not deleted. Try again once it is saved.',
  failed: 'Could not delete the day: ',
} as const;

export interface DeleteDayButtonProps {
  date: string;
  disabled: boolean;
  /** The text as typed now: a day with none has nothing to delete. */
  text: () => string;
  /** Saves what is still being typed; false when it could not be saved. */
  prepare: () => Promise<boolean>;
  /** The day went to the trash: the editor empties. */
  deleted: () => void;
}

/**
 * Delete day: the entry goes to the trash (`DELETE /journal/{date}`), after a confirmation, with
 * what was typed last saved first so the trash holds the whole text.
 */
export function DeleteDayButton({ date, disabled, text, prepare, deleted }: DeleteDayButtonProps) {
  const dialogs = useDialogs();
  const [busy, setBusy] = useState(false);

  async function deleteDay() {
    if (!text().trim()) {
      await dialogs.alert({ title: DELETE_DAY_TEXT.title, message: DELETE_DAY_TEXT.nothing });
      return;
    }
    const sure = await dialogs.confirm({
      title: DELETE_DAY_TEXT.title,
      message: DELETE_DAY_TEXT.question(date),
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!sure) return;
    setBusy(true);
    try {
      if (!(await prepare())) {
        await dialogs.alert({ title: DELETE_DAY_TEXT.title, message: DELETE_DAY_TEXT.unsaved });
        return;
      }
      await api.call('DELETE /journal/{date}', { params: { date } });
      deleted();
    } catch (error) {
      await dialogs.alert({ title: DELETE_DAY_TEXT.title, message: errorText(error, { prefix: DELETE_DAY_TEXT.failed }) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <button type="button" className="button button-small" onClick={() => void deleteDay()} disabled={disabled || busy}>
      {busy ? 'Deleting…' : 'Delete day'}
    </button>
  );
}
