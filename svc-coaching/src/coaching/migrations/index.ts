import type { Migration } from '@cc/service-kit';
import { questionnaires } from './001_questionnaires';
import { defaultQuestionnaires } from './002_default_questionnaires';
import { noteRevisions } from './003_note_revisions';
import { unscoredOpeners } from './004_unscored_openers';

/** Coaching's tables (plans, questionnaires, question conversations), the default questionnaires, the notes' revisions and the openers' scores undone, in the `coaching` schema. */
export const coachingMigrations: Migration[] = [questionnaires, defaultQuestionnaires, noteRevisions, unscoredOpeners];
