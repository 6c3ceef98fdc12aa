import type { Migration } from '@cc/service-kit';

/** svc-files's schema changes, applied in order into the `files` schema. */
export const migrations: Migration[] = [];
