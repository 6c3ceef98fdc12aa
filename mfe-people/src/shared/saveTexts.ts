import { PEOPLE_MESSAGES as M } from '@cc/contracts/people-rules';

/** The people page's status line (docs/people.md#profile): Typing..., Saving..., Saved, Error saving. */
export const PEOPLE_STATUS_TEXTS = { typing: M.typing, saving: M.saving, saved: M.saved, failed: M.errorSaving, notSaved: M.errorSaving };

/** The tone of a status line, for its colour. */
export function statusTone(text: string): 'info' | 'ok' | 'error' {
  if (text.startsWith(M.errorSaving)) return 'error';
  return text === M.saved ? 'ok' : 'info';
}
