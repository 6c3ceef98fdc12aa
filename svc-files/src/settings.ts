import { z } from 'zod';
import { flagSetting, intSetting } from '@cc/service-kit';

/** svc-files' environment (the AI_* variables are read by packages/ai; AI_RATE_LIMIT_PER_MINUTE by the kit). */
export const filesSettings = z.object({
  /** `off` turns the GET /files cache off (every request asks Postgres). */
  FILES_LISTING_CACHE: flagSetting(true),
  /** Memory the GET /files cache may use, per instance. */
  FILES_LISTING_CACHE_MB: intSetting(64, { min: 1, max: 4096 }),
  /**
   * With EMBEDDINGS_MODEL: the cosine similarity a note must reach to be found by meaning alone
   * (docs/search.md#files-and-journal). Every user has some nearest note, however unrelated:
   * below this it is not a result. Models differ in how close unrelated texts score.
   */
  EMBEDDINGS_MIN_SIMILARITY: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce.number({ error: 'must be a number from 0 to 1' }).min(0).max(1).default(0.3),
  ),
});
export type FilesSettings = z.output<typeof filesSettings>;
