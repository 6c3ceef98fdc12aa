import type { Migration } from '@cc/service-kit';

/** svc-chat's schema changes, applied in order into the `chat` schema. */
export const migrations: Migration[] = [];
