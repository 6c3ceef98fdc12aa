// What the package offers of autosave (the hook has its own entry, `@cc/ui/autosave`).
export { Autosave } from './autosave';
export { readDraft, type StoredDraft } from './draft';
export {
  DEFAULT_AUTOSAVE_DELAY_MS,
  DEFAULT_RETRY_DELAYS_MS,
  KEEPALIVE_LIMIT_CHARS,
  LIVE_DRAFT_LIMIT_CHARS,
  defaultRefusal,
  type AutosaveOptions,
  type SaveInfo,
} from './options';
export {
  DEFAULT_STATUS_TEXTS,
  SAVE_TEXTS,
  notSavedText,
  type AutosaveConflict,
  type AutosaveSnapshot,
  type SaveState,
  type SaveTexts,
  type StatusTexts,
} from './status';
