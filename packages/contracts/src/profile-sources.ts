import { z } from 'zod';
import { QUESTIONNAIRE_TYPES } from './coaching-rules';

/**
 * `GET /coaching/checkin_answers?limit=`: the user's latest written check-in answers (svc-coaching
 * answers it; svc-people reads it, as the caller, to write the About me profile from them).
 */

export const CHECKIN_ANSWERS_LIMITS = { default: 20, max: 50, answer: 2_000 } as const;

export const CHECKIN_ANSWERS_MESSAGES = {
  limitInvalid: `limit must be a whole number from 1 to ${CHECKIN_ANSWERS_LIMITS.max}.`,
} as const;

export const checkinAnswersQuery = z.object({
  limit: z.preprocess(
    (v) => (v === undefined || v === '' ? CHECKIN_ANSWERS_LIMITS.default : typeof v === 'string' && /^\d{1,3}$/.test(v) ? Number(v) : v),
    z
      .number({ error: CHECKIN_ANSWERS_MESSAGES.limitInvalid })
      .int({ error: CHECKIN_ANSWERS_MESSAGES.limitInvalid })
      .min(1, { error: CHECKIN_ANSWERS_MESSAGES.limitInvalid })
      .max(CHECKIN_ANSWERS_LIMITS.max, { error: CHECKIN_ANSWERS_MESSAGES.limitInvalid }),
  ),
});

export const checkinAnswerSchema = z.object({
  question_id: z.number().int(),
  question_title: z.string(),
  questionnaire_type: z.enum(QUESTIONNAIRE_TYPES),
  period_key: z.string(),
  /** The AI summary when written, else the manual entries, else what the user said in the chat; cut to 2,000 characters. */
  answer: z.string(),
  score: z.number().int().nullable(),
  updated_at: z.string(),
});
export type CheckinAnswer = z.infer<typeof checkinAnswerSchema>;

/** Most recently changed first; conversations with nothing written by the user are left out. */
export const checkinAnswersAnswer = z.object({ success: z.literal(true), answers: z.array(checkinAnswerSchema) });

export const PROFILE_SOURCES_ANSWERS = { 'GET /coaching/checkin_answers': checkinAnswersAnswer } as const;
