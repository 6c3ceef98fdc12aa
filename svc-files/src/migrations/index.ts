import type { Migration } from '@cc/service-kit';
import { foldersAndFiles } from './001_files';
import { suggestions } from './002_suggestions';
import { journal } from './003_journal';
import { listingNotify } from './004_listing_notify';

/** svc-files's schema changes, applied in order into the `files` schema. */
export const migrations: Migration[] = [foldersAndFiles, suggestions, journal, listingNotify];
