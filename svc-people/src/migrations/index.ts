import type { Migration } from '@cc/service-kit';
import { peopleAndMeetings } from './001_people_meetings';

/** svc-people's schema changes, applied in order into the `people` schema. */
export const migrations: Migration[] = [peopleAndMeetings];
