import type { Migration } from '@cc/service-kit';
import { questionnaires } from './001_questionnaires';
import { defaultQuestionnaires } from './002_default_questionnaires';
import { noteRevisions } from './003_note_revisions';
import { unscoredOpeners } from './004_unscored_openers';
import { coachingSearch } from './005_search';
import { searchVectors } from './006_search_vectors';
import { importLedger } from './007_import_ledger';

/** Coaching's tables (plans, questionnaires, question conversations), the default questionnaires, the notes' revisions, the openers' scores undone, the search vectors and the vectors by meaning (both modules' kinds) and the import ledger, in the `coaching` schema. */
export const coachingMigrations: Migration[] = [
  questionnaires,
  defaultQuestionnaires,
  noteRevisions,
  unscoredOpeners,
  coachingSearch,
  searchVectors,
  importLedger,
];
