import type { Migration } from '@cc/service-kit';
import { questionnaires } from './001_questionnaires';
import { defaultQuestionnaires } from './002_default_questionnaires';
import { noteRevisions } from './003_note_revisions';

/** Coaching's tables (plans, questionnaires, question conversations), the default questionnaires and the notes' revisions, in the `coaching` schema. */
export const coachingMigrations: Migration[] = [questionnaires, defaultQuestionnaires, noteRevisions];
