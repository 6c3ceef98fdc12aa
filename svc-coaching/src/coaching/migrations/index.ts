import type { Migration } from '@cc/service-kit';
import { questionnaires } from './001_questionnaires';
import { defaultQuestionnaires } from './002_default_questionnaires';

/** Coaching's tables (plans, questionnaires, question conversations) and the default questionnaires, in the `coaching` schema. */
export const coachingMigrations: Migration[] = [questionnaires, defaultQuestionnaires];
