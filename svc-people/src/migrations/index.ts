import type { Migration } from '@cc/service-kit';

/** svc-people's schema changes, applied in order into the `people` schema. */
export const migrations: Migration[] = [];
