/**
 * `@cc/contracts/people-rules`: what the people page and svc-people both need without zod (the
 * browser imports it): the page's messages, the profile sections and their fields (defined
 * here once), the field bounds, the meeting sections, timing constants, the preparation
 * questions and the default meeting title.
 */

export const PEOPLE_MESSAGES = {
  // Field rules (fixed here and documented in svc-people's README).
  fullNameRequired: 'Please enter a name.',
  fullNameTooLong: 'Names can be at most 200 characters.',
  personShape: 'person must be an object, e.g. person{full_name}.',
  personNotFound: 'Person not found.',
  patchEmpty: 'Send at least one field to save, e.g. {"basic_profile": {"role": "..."}}.',
  unknownSection: (section: string) => `Unknown profile section "${section.slice(0, 60)}".`,
  sectionShape: (section: string) => `${section} must be an object of fields, e.g. ${section}{field: "text"}.`,
  unknownField: (section: string, field: string) => `Unknown field "${field.slice(0, 60)}" in ${section}.`,
  fieldText: (section: string, field: string) => `${section}.${field} must be text.`,
  fieldTooLong: (section: string, field: string, max: number) =>
    `${section}.${field} can be at most ${max.toLocaleString('en-US')} characters.`,
  orderInvalid: 'order must be a list of person ids (whole numbers).',
  orderTooLong: 'order can list at most 5,000 people.',
  refreshInvalid: 'refresh must be true or false.',
  // Meetings.
  meetingNotFound: 'Meeting not found.',
  meetingShape: 'meeting must be an object, e.g. meeting{title, meeting_date, notes}.',
  meetingTitleTooLong: 'Meeting titles can be at most 200 characters.',
  meetingDateInvalid: 'meeting_date must be a date and time, e.g. 2026-03-05T14:30.',
  locationTooLong: 'The location can be at most 200 characters.',
  meetingSectionTooLong: (section: string) => `${section} can be at most 20,000 characters.`,
  meetingSectionText: (section: string) => `${section} must be text.`,
  attendeeIdsInvalid: 'attendee_ids must be a list of person ids (whole numbers).',
  tooManyAttendees: 'A meeting can have at most 100 attendees.',
  attendeesNotFound: 'Some attendees are not in your people list.',
  sectionInvalid: 'section must be one of goals, agenda, anticipating, notes, followups, reflection.',
  contentShape: 'content must be an object of the meeting sections, e.g. content{goals, agenda}.',
  // Meetings from a calendar invite (docs/people.md#meetings-from-an-invite).
  inviteMissing: 'Drop, choose or paste a calendar invitation (.ics file).',
  inviteTooLarge: 'This file is too large for a calendar invitation (at most 1 MB).',
  inviteNul: 'This is not a calendar invitation (.ics file): it contains the invisible NUL character (U+0000), as binary files do.',
  inviteNotCalendar: 'This is not a calendar invitation (.ics file).',
  inviteNoEvent: 'This invitation has no event.',
  inviteTooComplex: 'This invitation is too complex to read in time. Export just the event you need and try again.',
  timeZoneInvalid: 'time_zone must be a time zone name, e.g. Europe/Paris.',
  inviteUidInvalid: "uid must be the id of one of the invitation's events.",
  inviteEventNotFound: 'This event is not in the invitation.',
  inviteChooseEvent: 'This invitation has several events: choose one (uid).',
  inviteOccurrenceRequired: 'This event repeats: choose which occurrence (occurrence).',
  inviteOccurrenceInvalid: 'This event has no occurrence at that time. Choose one of the listed occurrences.',
  inviteCreateInvalid: 'create must be a list of attendees (their e-mail address or name).',
  inviteCreateUnknown: (key: string) => `"${key.slice(0, 80)}" is not an attendee of this event.`,
  invitePersonIdInvalid: 'person_id must be a person id (a whole number).',
  inviteAlreadyImported: 'This invitation is already in your meetings.',
  inviteCancelled: 'This invitation cancels a meeting; there is nothing to add.',
  // Model and search failures (502).
  aiTimeout: 'The AI model took too long to answer. Please try again.',
  aiUnavailable: 'The AI model is not available right now. Please try again later.',
  aiMalformed: 'The AI model gave an answer that could not be used. Please try again.',
  aiRateLimited: 'Too many AI requests. Please wait a minute and try again.',
  searchTimeout: 'The web search took too long to answer. Please try again.',
  searchUnavailable: 'The web search is not available right now. Please try again later.',
  searchEmpty: 'The web search gave no answer. Please try again.',
  // The page's texts (docs/people.md).
  typing: 'Typing...',
  saving: 'Saving...',
  saved: 'Saved',
  errorSaving: 'Error saving',
  searching: 'Searching...',
  searchDone: 'Done',
  showingSavedResult: 'Showing saved result',
  errorFetchingResults: 'Error fetching results',
  chatGreeting: 'How can I help you think about this person today?',
  chatCleared: 'Chat cleared for this person. How would you like to proceed?',
  chatError: 'Sorry, I encountered an error. Please try again.',
  meetingChatTrouble: 'Sorry, I had trouble responding.',
  meetingChatNetwork: 'Network error. Please try again.',
  errorLoadingMeetings: 'Error loading meetings',
  noMeetings: 'No meetings yet...',
  generatingSuggestions: 'Generating suggestions…',
  errorGeneratingSuggestions: 'Error generating suggestions',
  confirmDeleteMeeting: 'Are you sure you want to delete this meeting?',
  // Stale saves (409): the field changed since the revision the save was based on.
  revisionOneField: 'A revision goes with one field: send only the field it is the revision of.',
  stalePersonField:
    'This field was changed elsewhere (another tab or device). Your text was not saved: reload the person, or save again without a revision to overwrite it.',
  staleMeetingField:
    'This field of the meeting was changed elsewhere (another tab or device). Your text was not saved: reload the meeting, or save again without a revision to overwrite it.',
  // Said once, beside a research answer read from the user's notes (no search endpoint is configured): product words, no setting's name.
  noWebSearch: 'Web search is not connected.',
} as const;

/**
 * The key of a text of a person or a meeting in `revisions` and in a 409's `current.field`:
 * `full_name` and `section.field` for a person, the column (`title`, `goals`…) for a meeting.
 */
export const personFieldKey = (section: string, field: string): string => `${section}.${field}`;

/** A short line (a name, a role) or a longer text (a note). */
export type PersonFieldKind = 'line' | 'text';
export interface PersonField {
  key: string;
  label: string;
  kind: PersonFieldKind;
}
export interface PersonSection {
  key: string;
  title: string;
  fields: readonly PersonField[];
}

const line = (key: string, label: string): PersonField => ({ key, label, kind: 'line' });
const text = (key: string, label: string): PersonField => ({ key, label, kind: 'text' });

/**
 * The profile sections of a person, in the order the page shows them (basic_profile first,
 * the page's default). Every PATCH is checked against this list: nothing else is stored.
 */
export const PERSON_SECTIONS = [
  {
    key: 'basic_profile',
    title: 'Basic profile',
    fields: [
      line('role', 'Role'),
      line('company', 'Company'),
      line('team', 'Team'),
      text('how_we_know', 'How we know each other'),
      line('relationship', 'Relationship (manager, peer, mentor, client…)'),
      line('location', 'Location and time zone'),
      line('email', 'Email'),
      line('linkedin', 'LinkedIn or website'),
    ],
  },
  {
    key: 'working_style',
    title: 'Working style',
    fields: [
      text('communication', 'How they like to communicate'),
      text('decisions', 'How they make decisions'),
      text('feedback', 'How they give and take feedback'),
      text('meetings', 'What makes a good meeting with them'),
    ],
  },
  {
    key: 'goals_priorities',
    title: 'Goals and priorities',
    fields: [
      text('current_priorities', 'Current priorities'),
      text('goals', 'Their goals (role, team, career)'),
      text('challenges', 'Challenges and pressures'),
      text('success', 'What success looks like for them'),
    ],
  },
  {
    key: 'what_they_care_about',
    title: 'What they care about',
    fields: [
      text('values', 'Values and principles'),
      text('motivators', 'What motivates them'),
      text('concerns', 'Concerns and pet peeves'),
      text('personal', 'Personal interests and life (what they shared)'),
    ],
  },
  {
    key: 'history_with_me',
    title: 'History with me',
    fields: [
      text('first_met', 'How and when we met'),
      text('work_together', 'What we have worked on together'),
      text('wins', 'Wins and moments of trust'),
      text('tensions', 'Tensions or misunderstandings'),
      text('commitments', 'Open commitments (mine and theirs)'),
    ],
  },
  { key: 'notes', title: 'Notes', fields: [text('notes', 'Notes')] },
] as const satisfies readonly PersonSection[];

export type PersonSectionKey = (typeof PERSON_SECTIONS)[number]['key'];
export const PERSON_SECTION_KEYS = PERSON_SECTIONS.map((s) => s.key) as PersonSectionKey[];
export const DEFAULT_PERSON_SECTION: PersonSectionKey = 'basic_profile';

/** The section of that key, if it is one. */
export const personSection = (key: string): PersonSection | undefined => PERSON_SECTIONS.find((s) => s.key === key);

/** A person's profile: every section with every field, '' when not written. */
export type PersonProfile = Record<string, Record<string, string>>;

/** The stored fields laid over blanks, so every section and field is always present (and nothing unknown). */
export function fullProfile(stored: unknown): PersonProfile {
  const source = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const profile: PersonProfile = {};
  for (const section of PERSON_SECTIONS) {
    const fields = source[section.key] && typeof source[section.key] === 'object' ? (source[section.key] as Record<string, unknown>) : {};
    const values: Record<string, string> = {};
    for (const f of section.fields) values[f.key] = typeof fields[f.key] === 'string' ? (fields[f.key] as string) : '';
    profile[section.key] = values;
  }
  return profile;
}

export const PEOPLE_LIMITS = {
  fullName: 200,
  /** A 'line' field. */
  line: 500,
  /** A 'text' field. */
  text: 10_000,
  reorder: 5000,
  meetingTitle: 200,
  location: 200,
  meetingSection: 20_000,
  attendees: 100,
  /** A calendar invitation's text, in bytes of UTF-8 (1 MB): an invite is a few KB, a year of a calendar well under this. */
  inviteText: 1_048_576,
  /** The events of one invitation the preview shows (the first ones of the file). */
  inviteEvents: 50,
  /** The upcoming occurrences of a repeating event offered to choose from. */
  inviteOccurrences: 12,
} as const;

/** The size of a text in UTF-8 bytes, without encoding it (the invite limit is in bytes, as the file's size). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      // A surrogate pair is one 4-byte character.
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

export const fieldLimit = (kind: PersonFieldKind): number => (kind === 'line' ? PEOPLE_LIMITS.line : PEOPLE_LIMITS.text);

/** The six sections of a meeting, in the order the modal's tabs show them. */
export const MEETING_SECTIONS = ['goals', 'agenda', 'anticipating', 'notes', 'followups', 'reflection'] as const;
export type MeetingSection = (typeof MEETING_SECTIONS)[number];
export const MEETING_SECTION_TITLES: Record<MeetingSection, string> = {
  goals: 'Goals',
  agenda: 'Agenda',
  anticipating: 'Anticipating',
  notes: 'Notes',
  followups: 'Follow-ups',
  reflection: 'Reflection',
};

/** The autosave delays (docs/people.md#limits-and-delays). */
export const PEOPLE_AUTOSAVE_MS = 600;
export const MEETING_AUTOSAVE_MS = 600;

/** The meeting chat's virtual file (docs/people.md#meetings). */
export const MEETING_CHAT = {
  folder: 'meetings',
  /**
   * The first description named one file, 'meeting-prep.md', so every meeting shared one conversation (a new
   * meeting showed an old one's talk). Each meeting has its own: 'meeting-prep-{id}.md', which
   * svc-chat keys like any folder and file name. A meeting has none until it exists.
   */
  fileName: (meetingId: number) => `meeting-prep-${meetingId}.md`,
} as const;

/**
 * The modal's ten preparation questions (the first description had ten without their wording): what a
 * thoughtful coach asks before a meeting that matters.
 */
export const MEETING_PREP_QUESTIONS = [
  'What is the one outcome that would make this meeting worth everyone’s time?',
  'What does each attendee want from it, and what pressure are they under right now?',
  'What decision needs to be made, and who actually makes it?',
  'What happened since you last spoke, and what did you promise then?',
  'What is the hardest question they could ask you, and what is your honest answer?',
  'Where do you expect disagreement, and what would change your mind?',
  'What information, numbers or examples should you bring to make your case?',
  'What do you need to ask for, in one clear sentence?',
  'What will you leave unsaid on purpose, and why?',
  'How will you close: who does what by when, and how will you follow up?',
] as const;

const pad = (n: number) => String(n).padStart(2, '0');

/** 'New meeting - YYYY-MM-DD HH:MM' for a wall-clock time (the page passes the local time). */
export function defaultMeetingTitle(now: { year: number; month: number; day: number; hour: number; minute: number }): string {
  return `New meeting - ${now.year}-${pad(now.month)}-${pad(now.day)} ${pad(now.hour)}:${pad(now.minute)}`;
}

/** The local wall-clock time of a Date (the browser's own time zone). */
export const localClock = (d: Date) => ({
  year: d.getFullYear(),
  month: d.getMonth() + 1,
  day: d.getDate(),
  hour: d.getHours(),
  minute: d.getMinutes(),
});

/** A meeting title as stored: a blank one becomes the default for `now`. */
export function meetingTitleOr(title: string | null | undefined, now: Date): string {
  const t = (title ?? '').trim();
  return t || defaultMeetingTitle(localClock(now));
}
