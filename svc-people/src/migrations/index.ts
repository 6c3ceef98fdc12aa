import type { Migration } from '@cc/service-kit';
import { peopleAndMeetings } from './001_people_meetings';
import { researchSource } from './002_research_source';
import { profile } from './003_profile';
import { fieldRevisions } from './004_field_revisions';
import { generationJobs } from './005_generation_jobs';
import { search } from './006_search';
import { searchVectors } from './007_search_vectors';
import { trash } from './008_trash';
import { importLedger } from './009_import_ledger';
import { meetingsByDate } from './010_meetings_by_date';
import { meetingInviteKey } from './011_meeting_invite_key';

/** svc-people's schema changes, applied in order into the `people` schema. */
export const migrations: Migration[] = [
  peopleAndMeetings,
  researchSource,
  profile,
  fieldRevisions,
  generationJobs,
  search,
  searchVectors,
  trash,
  importLedger,
  meetingsByDate,
  meetingInviteKey,
];
