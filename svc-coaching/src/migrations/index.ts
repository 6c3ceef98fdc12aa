import type { Migration } from '@cc/service-kit';

/** svc-coaching's schema changes, applied in order into the `coaching` schema. */
export const migrations: Migration[] = [];
