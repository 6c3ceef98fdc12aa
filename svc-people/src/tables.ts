import { tableNames } from '@cc/service-kit';

/** svc-people's tables, all in the `people` schema. Every query is scoped by user_id. */
export const T = tableNames('people', [
  'people',
  'meetings',
  'meeting_attendees',
  'person_research',
  'profiles',
  'profile_generations',
] as const);
