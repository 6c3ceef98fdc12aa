import { z } from 'zod';
import { errorAnswer } from './failures';
import { meetingDateValue, meetingWriteAnswer } from './people';
import { isTimeZone } from './calendar-rules';
import { PEOPLE_LIMITS as L, PEOPLE_MESSAGES as M, utf8Length } from './people-rules';
import { PG_INT_MAX } from './requests';

/**
 * Meetings from a calendar invite (docs/people.md#meetings-from-an-invite): `POST
 * /meetings/read_invite` reads an .ics text and answers its events as the user will see them
 * (nothing is written); `POST /meetings/from_invite` makes one of them a meeting, with the new
 * people it names. Whether the text is iCalendar at all is svc-people's check (it parses it);
 * here are the bounds every request obeys.
 */

/**
 * The invitation's text: present, at most 1 MB of UTF-8, no NUL. The kit refuses a NUL before
 * this schema runs (with its own message, docs/api.md#limits); the rule stays here so the
 * contract says it.
 */
const inviteTextField = z.string({ error: M.inviteMissing }).superRefine((text, ctx) => {
  if (text.trim() === '') ctx.addIssue({ code: 'custom', message: M.inviteMissing, abort: true });
  else if (text.includes('\u0000')) ctx.addIssue({ code: 'custom', message: M.inviteNul, abort: true });
  // The length in UTF-16 units is at most the byte length: only a long text is measured.
  else if (text.length > L.inviteText / 4 && utf8Length(text) > L.inviteText)
    ctx.addIssue({ code: 'custom', message: M.inviteTooLarge, abort: true });
});

/** The zone the user reads times in (an IANA name): every time is answered as its wall clock there. */
const timeZoneField = z
  .string({ error: M.timeZoneInvalid })
  .max(64, { error: M.timeZoneInvalid })
  .refine(isTimeZone, { error: M.timeZoneInvalid });

/** `POST /meetings/read_invite`: {text, time_zone}. */
export const readInviteBody = z.object({ text: inviteTextField, time_zone: timeZoneField });

const personIdField = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: M.invitePersonIdInvalid })
    .int({ error: M.invitePersonIdInvalid })
    .min(1, { error: M.invitePersonIdInvalid })
    .max(PG_INT_MAX, {
      error: M.invitePersonIdInvalid,
    }),
);

/**
 * `POST /meetings/from_invite`: the same text and zone, which event (`uid`, needed when there
 * are several), which occurrence of a repeating one (its start as the answer of read_invite
 * gave it), the attendees to create as new people (their keys: e-mail, or name without one),
 * and the person whose meetings it was dropped on (an attendee too).
 */
export const fromInviteBody = z.object({
  text: inviteTextField,
  time_zone: timeZoneField,
  uid: z.string({ error: M.inviteUidInvalid }).max(1000, { error: M.inviteUidInvalid }).optional(),
  occurrence: z
    .string({ error: M.inviteOccurrenceInvalid })
    .max(40, { error: M.inviteOccurrenceInvalid })
    .transform((v, ctx) => meetingDateValue(v) ?? (ctx.addIssue({ code: 'custom', message: M.inviteOccurrenceInvalid }), z.NEVER))
    .optional(),
  create: z
    .array(z.string({ error: M.inviteCreateInvalid }).max(320, { error: M.inviteCreateInvalid }), { error: M.inviteCreateInvalid })
    .max(L.attendees, { error: M.tooManyAttendees })
    .optional(),
  person_id: personIdField.optional(),
});
export type FromInviteBody = z.output<typeof fromInviteBody>;

// ---- answers ----

export const inviteAttendeeSchema = z.object({
  /** What `create` names them by: the e-mail address in lower case, or the name when there is none. */
  key: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  /** The user's person it matched (by e-mail, else by full name), or null. */
  person: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type InviteAttendee = z.infer<typeof inviteAttendeeSchema>;

export const inviteEventSchema = z.object({
  uid: z.string(),
  title: z.string(),
  /** 'YYYY-MM-DDTHH:MM', the user's wall clock in the zone asked for (a meeting's date); null without a start. */
  start: z.string().nullable(),
  end: z.string().nullable(),
  all_day: z.boolean(),
  location: z.string(),
  description: z.string(),
  recurring: z.boolean(),
  /** A repeating event's next starts (from today on, at most 12), in the same form; [] otherwise. */
  occurrences: z.array(z.string()),
  attendees: z.array(inviteAttendeeSchema),
  /**
   * The meeting already made from this event (the same invitation imported before), or null.
   * For a repeating event it is null: each occurrence is its own meeting (`imported_occurrences`).
   */
  existing_meeting_id: z.number().int().nullable(),
  /** A repeating event's listed occurrences already made meetings: their start and the meeting's id; [] otherwise. */
  imported_occurrences: z.array(z.object({ start: z.string(), meeting_id: z.number().int() })),
  /** Null, or why the event is no meeting to prepare (a cancellation: the product's message); from_invite refuses it. */
  problem: z.string().nullable(),
});
export type InviteEvent = z.infer<typeof inviteEventSchema>;

export const readInviteAnswer = z.object({ success: z.literal(true), events: z.array(inviteEventSchema) });
export type ReadInviteAnswer = z.infer<typeof readInviteAnswer>;

/** As `POST /meetings`, with the people it created (in the order of the invitation). */
export const fromInviteAnswer = meetingWriteAnswer.extend({
  created_people: z.array(z.object({ id: z.number().int(), full_name: z.string() })),
});
export type FromInviteAnswer = z.infer<typeof fromInviteAnswer>;

/** 409: the event (or occurrence) was imported before; `meeting_id` is that meeting, nothing was created. */
export const inviteAlreadyImportedAnswer = errorAnswer.extend({ meeting_id: z.number().int() });
export type InviteAlreadyImportedAnswer = z.infer<typeof inviteAlreadyImportedAnswer>;

export const INVITE_ANSWERS = {
  'POST /meetings/read_invite': readInviteAnswer,
  'POST /meetings/from_invite': z.union([fromInviteAnswer, inviteAlreadyImportedAnswer]),
} as const;
