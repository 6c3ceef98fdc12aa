import { z } from 'zod';
import { intSetting, urlSetting } from '@cc/service-kit';

const optionalText = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().trim().optional());

/** svc-people's environment (the AI_* variables are read by packages/ai; AI_RATE_LIMIT_PER_MINUTE by the kit). */
export const peopleSettings = z.object({
  /** svc-files, for the notes a person is mentioned in (research without a web search); unset: none. */
  FILES_URL: urlSetting(),
  /** svc-coaching, for the milestones and check-in answers an About me profile is written from; unset: none. */
  COACHING_URL: urlSetting(),
  /**
   * The web search behind a person's research: an OpenAI-compatible chat endpoint that answers
   * with citations (Perplexity: https://api.perplexity.ai). Unset: research reads the user's notes.
   */
  SEARCH_BASE_URL: urlSetting(),
  SEARCH_API_KEY: optionalText,
  /** Model name at that endpoint. Default sonar (Perplexity's). */
  SEARCH_MODEL: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().trim().default('sonar')),
  /** One budget for a whole search, in milliseconds. */
  SEARCH_TIMEOUT_MS: intSetting(60_000, { min: 1000, max: 600_000 }),
  /**
   * The model that writes a deep-research profile (a slower, stronger one than the everyday
   * coach, e.g. a reasoning model): an OpenAI-compatible endpoint. Unset: AI_BASE_URL's.
   */
  DEEP_RESEARCH_BASE_URL: urlSetting(),
  /** Its key. Never AI_API_KEY when the endpoint is another one: a key goes only where it was given for. */
  DEEP_RESEARCH_API_KEY: optionalText,
  /** The model name for deep research. Unset: AI_MODEL. */
  DEEP_RESEARCH_MODEL: optionalText,
  /** Deep researches one instance runs at once (each holds one model call for minutes); more wait in the queue. */
  DEEP_RESEARCH_CONCURRENCY: intSetting(4, { min: 1, max: 50 }),
  /**
   * With EMBEDDINGS_MODEL: the cosine similarity a person, meeting or statement must reach to be
   * found by meaning alone (docs/search.md#people), as svc-files's. Every user has some nearest
   * object, however unrelated: below this it is not a result.
   */
  EMBEDDINGS_MIN_SIMILARITY: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce.number({ error: 'must be a number from 0 to 1' }).min(0).max(1).default(0.3),
  ),
});
export type PeopleSettings = z.output<typeof peopleSettings>;
