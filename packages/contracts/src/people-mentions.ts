import { z } from 'zod';

/**
 * `GET /files/mentions?q=`: the user's files and journal entries that mention a name (svc-files
 * answers it; svc-people asks it, as the caller, to research a person from the user's notes).
 */

export const MENTIONS_LIMITS = { query: 200, perKind: 10, excerpt: 240 } as const;

export const MENTIONS_MESSAGES = {
  queryRequired: 'q is required: the name to look for (at least 2 characters).',
  queryTooLong: 'q can be at most 200 characters.',
} as const;

export const mentionsQuery = z.object({
  q: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().replace(/\s+/g, ' ') : v),
    z
      .string({ error: MENTIONS_MESSAGES.queryRequired })
      .min(2, { error: MENTIONS_MESSAGES.queryRequired })
      .max(MENTIONS_LIMITS.query, { error: MENTIONS_MESSAGES.queryTooLong }),
  ),
});

export const fileMentionSchema = z.object({
  kind: z.literal('file'),
  id: z.number().int(),
  folder: z.string(),
  name: z.string(),
  /** The text around the first mention. */
  excerpt: z.string(),
  updated_at: z.string(),
});
export const journalMentionSchema = z.object({
  kind: z.literal('journal'),
  date: z.string(),
  excerpt: z.string(),
  updated_at: z.string(),
});
export const mentionSchema = z.discriminatedUnion('kind', [fileMentionSchema, journalMentionSchema]);
export type Mention = z.infer<typeof mentionSchema>;

/** At most 10 files and 10 journal entries, each kind most recently changed first. */
export const mentionsAnswer = z.object({ success: z.literal(true), mentions: z.array(mentionSchema) });
export type MentionsAnswer = z.infer<typeof mentionsAnswer>;

export const MENTIONS_ANSWERS = { 'GET /files/mentions': mentionsAnswer } as const;
