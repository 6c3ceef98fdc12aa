import { z } from 'zod';
import { flagSetting, intSetting } from '@cc/service-kit';

/** svc-files' environment (the AI_* variables are read by packages/ai; AI_RATE_LIMIT_PER_MINUTE by the kit). */
export const filesSettings = z.object({
  /** `off` turns the GET /files cache off (every request asks Postgres). */
  FILES_LISTING_CACHE: flagSetting(true),
  /** Memory the GET /files cache may use, per instance. */
  FILES_LISTING_CACHE_MB: intSetting(64, { min: 1, max: 4096 }),
});
export type FilesSettings = z.output<typeof filesSettings>;
