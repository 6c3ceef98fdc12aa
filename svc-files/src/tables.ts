import { tableNames } from '@cc/service-kit';

/** svc-files's tables, all in the `files` schema. Every query is scoped by user_id. */
export const T = tableNames('files', [
  'folders',
  'files',
  'suggestions',
  'suggestion_sets',
  'rejections',
  'journal_entries',
  'text_revisions',
] as const);
