import type { Migration } from '@cc/service-kit';
import { foldersAndFiles } from './001_files';
import { suggestions } from './002_suggestions';
import { journal } from './003_journal';
import { listingNotify } from './004_listing_notify';
import { saveIds } from './005_save_ids';
import { search } from './006_search';
import { generatedFiles } from './007_generated_files';
import { searchVectors } from './008_search_vectors';
import { textRevisions } from './009_text_revisions';
import { trash } from './010_trash';
import { importLedger } from './011_import_ledger';

/** svc-files's schema changes, applied in order into the `files` schema. */
export const migrations: Migration[] = [
  foldersAndFiles,
  suggestions,
  journal,
  listingNotify,
  saveIds,
  search,
  generatedFiles,
  searchVectors,
  textRevisions,
  trash,
  importLedger,
];
