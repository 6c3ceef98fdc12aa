import type { Migration } from '@cc/service-kit';

/** Coaching's tables (questionnaires, check-ins, plans), in the `coaching` schema. */
export const coachingMigrations: Migration[] = [];
