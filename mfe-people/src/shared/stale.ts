import { staleSaveOf } from '@cc/ui/stale-save';

/** The 409 of a stale save of a person's or a meeting's field (svc-people answers it as files and check-in notes do). */
export const staleFieldOf = (error: unknown) => staleSaveOf(error);

/** What a field's save sends beside its text: the revision it is based on and its own id. */
export interface FieldSave {
  keepalive: boolean;
  /** Undefined while the field's revision is unknown (a meeting not created yet): the save wins. */
  revision: number | undefined;
  saveId: string;
}
