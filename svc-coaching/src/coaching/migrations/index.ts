import type { Migration } from '@cc/service-kit';
import { questionnaires } from './001_questionnaires';
import { defaultQuestionnaires } from './002_default_questionnaires';
import { noteRevisions } from './003_note_revisions';
import { unscoredOpeners } from './004_unscored_openers';
import { coachingSearch } from './005_search';

/** Coaching's tables (plans, questionnaires, question conversations), the default questionnaires, the notes' revisions, the openers' scores undone and the search vectors, in the `coaching` schema. */
export const coachingMigrations: Migration[] = [questionnaires, defaultQuestionnaires, noteRevisions, unscoredOpeners, coachingSearch];
