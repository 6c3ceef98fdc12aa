/**
 * Calendar invitations shaped as the real ones are (line folding, parameters, the vendors'
 * extra properties), for the invite tests: each is joined with CRLF as a file is.
 */

const ics = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;

const NEW_YORK = [
  'BEGIN:VTIMEZONE',
  'TZID:America/New_York',
  'X-LIC-LOCATION:America/New_York',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:-0500',
  'TZOFFSETTO:-0400',
  'TZNAME:EDT',
  'DTSTART:19700308T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:-0400',
  'TZOFFSETTO:-0500',
  'TZNAME:EST',
  'DTSTART:19701101T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

const GOOGLE_CALL = '-::~:~::~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~::~:~::-';

/** A Google Calendar invitation: 10:00 in New York on 10 March 2026 (daylight time began on the 8th), three guests. */
export const GOOGLE_INVITE = ics(
  'BEGIN:VCALENDAR',
  'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
  'VERSION:2.0',
  'CALSCALE:GREGORIAN',
  'METHOD:REQUEST',
  ...NEW_YORK,
  'BEGIN:VEVENT',
  'DTSTART;TZID=America/New_York:20260310T100000',
  'DTEND;TZID=America/New_York:20260310T110000',
  'DTSTAMP:20260301T120000Z',
  'ORGANIZER;CN=Dana Lee:mailto:dana.lee@example.com',
  'UID:3k2j4h5g6f7d8s9a0ab12cd34ef@google.com',
  'ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=TRUE',
  ' ;CN=Dana Lee;X-NUM-GUESTS=0:mailto:dana.lee@example.com',
  'ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=',
  ' TRUE;CN=Sam Ortiz;X-NUM-GUESTS=0:mailto:Sam.Ortiz@example.com',
  'ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=',
  ' TRUE;CN=priya@example.org;X-NUM-GUESTS=0:mailto:priya@example.org',
  'X-GOOGLE-CONFERENCE:https://meet.google.com/abc-defg-hij',
  'CREATED:20260301T115900Z',
  `DESCRIPTION:Let's go through the <b>Q2 roadmap</b>.<br><br>Bring the hiring n`,
  ` umbers &amp; the budget.\\n\\n${GOOGLE_CALL}\\nJoin with Google Meet: https://`,
  ' meet.google.com/abc-defg-hij\\n\\nPlease do not edit this section.\\n',
  ` ${GOOGLE_CALL}`,
  'LAST-MODIFIED:20260301T120000Z',
  'LOCATION:Room 4B\\, 2nd floor',
  'SEQUENCE:0',
  'STATUS:CONFIRMED',
  'SUMMARY:Q2 roadmap review',
  'TRANSP:OPAQUE',
  'END:VEVENT',
  'END:VCALENDAR',
);

/** An Outlook (Exchange) invitation: a Windows zone name with its VTIMEZONE, a meeting room among the attendees. */
export const OUTLOOK_INVITE = ics(
  'BEGIN:VCALENDAR',
  'METHOD:REQUEST',
  'PRODID:Microsoft Exchange Server 2010',
  'VERSION:2.0',
  'BEGIN:VTIMEZONE',
  'TZID:W. Europe Standard Time',
  'BEGIN:STANDARD',
  'DTSTART:16010101T030000',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=-1SU;BYMONTH=10',
  'END:STANDARD',
  'BEGIN:DAYLIGHT',
  'DTSTART:16010101T020000',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=-1SU;BYMONTH=3',
  'END:DAYLIGHT',
  'END:VTIMEZONE',
  'BEGIN:VEVENT',
  'ORGANIZER;CN=Jonas Weber:mailto:jonas.weber@contoso.com',
  'ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE;CN=Dana Lee:mailt',
  ' o:Dana.Lee@Example.com',
  'ATTENDEE;CUTYPE=RESOURCE;ROLE=NON-PARTICIPANT;RSVP=TRUE;CN=Room Berlin 3.14:',
  ' mailto:room314@contoso.com',
  'DESCRIPTION;LANGUAGE=en-US:Agenda:\\n1. Hiring plan\\n2. Budget\\n\\n',
  'UID:040000008200E00074C5B7101A82E00800000000D0F1B2C3A4B5D6010000000000000000',
  ' 10000000ABCDEF0123456789',
  'SUMMARY;LANGUAGE=en-US:Hiring sync',
  'DTSTART;TZID=W. Europe Standard Time:20260715T143000',
  'DTEND;TZID=W. Europe Standard Time:20260715T151500',
  'CLASS:PUBLIC',
  'PRIORITY:5',
  'DTSTAMP:20260701T090000Z',
  'TRANSP:OPAQUE',
  'STATUS:CONFIRMED',
  'SEQUENCE:0',
  'LOCATION;LANGUAGE=en-US:Microsoft Teams Meeting',
  'X-MICROSOFT-CDO-APPT-SEQUENCE:0',
  'X-MICROSOFT-CDO-BUSYSTATUS:TENTATIVE',
  'END:VEVENT',
  'END:VCALENDAR',
);

/** An exported event in UTC (Z), no attendees. */
export const UTC_EVENT = ics(
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Apple Inc.//macOS 15.3//EN',
  'BEGIN:VEVENT',
  'UID:utc-1@example.com',
  'DTSTAMP:20260320T080000Z',
  'DTSTART:20260402T090000Z',
  'DTEND:20260402T093000Z',
  'SUMMARY:Coffee with the new team',
  'END:VEVENT',
  'END:VCALENDAR',
);

/** An all-day event (a date, the end the day after). */
export const ALL_DAY_EVENT = ics(
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Example//EN',
  'BEGIN:VEVENT',
  'UID:offsite-2026@example.com',
  'DTSTAMP:20260320T080000Z',
  'DTSTART;VALUE=DATE:20260420',
  'DTEND;VALUE=DATE:20260421',
  'SUMMARY:Team offsite',
  'DESCRIPTION:The whole day\\, lunch included.',
  'END:VEVENT',
  'END:VCALENDAR',
);

/**
 * A weekly one-on-one on Mondays at 09:30 in London, from 5 January 2026, 20 times; the 12
 * January one is cancelled (EXDATE) and the 26 January one moved to Tuesday 10:00
 * (RECURRENCE-ID). The TZID is an IANA name the file does not define, as some exporters do.
 */
export const WEEKLY_EVENT = ics(
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Example//EN',
  'BEGIN:VEVENT',
  'UID:weekly-1on1@example.com',
  'DTSTAMP:20251220T080000Z',
  'DTSTART;TZID=Europe/London:20260105T093000',
  'DTEND;TZID=Europe/London:20260105T100000',
  'RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=20',
  'EXDATE;TZID=Europe/London:20260112T093000',
  'SUMMARY:1:1 with Sam',
  'ORGANIZER;CN=Me:mailto:me@example.com',
  'ATTENDEE;CN=Sam Ortiz:mailto:sam.ortiz@example.com',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:weekly-1on1@example.com',
  'DTSTAMP:20251220T080000Z',
  'RECURRENCE-ID;TZID=Europe/London:20260126T093000',
  'DTSTART;TZID=Europe/London:20260127T100000',
  'DTEND;TZID=Europe/London:20260127T103000',
  'SUMMARY:1:1 with Sam (moved)',
  'END:VEVENT',
  'END:VCALENDAR',
);

/** One file, two events (an export of two days). */
export const TWO_EVENTS = ics(
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Example//EN',
  'BEGIN:VEVENT',
  'UID:first@example.com',
  'DTSTAMP:20260320T080000Z',
  'DTSTART:20260505T130000',
  'DTEND:20260505T140000',
  'SUMMARY:Design review',
  'ATTENDEE;CN=Dana Lee:mailto:dana.lee@example.com',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:second@example.com',
  'DTSTAMP:20260320T080000Z',
  'DTSTART:20260506T160000',
  'SUMMARY:Retro',
  'ATTENDEE;CN=Lee Park:mailto:lee.park@example.com',
  'END:VEVENT',
  'END:VCALENDAR',
);

/** The organizer called off the Q2 roadmap review: the same UID, sent with METHOD:CANCEL. */
export const CANCEL_INVITE = ics(
  'BEGIN:VCALENDAR',
  'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
  'VERSION:2.0',
  'CALSCALE:GREGORIAN',
  'METHOD:CANCEL',
  ...NEW_YORK,
  'BEGIN:VEVENT',
  'DTSTART;TZID=America/New_York:20260310T100000',
  'DTEND;TZID=America/New_York:20260310T110000',
  'DTSTAMP:20260305T090000Z',
  'ORGANIZER;CN=Dana Lee:mailto:dana.lee@example.com',
  'UID:3k2j4h5g6f7d8s9a0ab12cd34ef@google.com',
  'ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;CN=Sam Ortiz:mailto:sam.ortiz@example.com',
  'SEQUENCE:1',
  'STATUS:CANCELLED',
  'SUMMARY:Canceled event: Q2 roadmap review',
  'END:VEVENT',
  'END:VCALENDAR',
);

/** An export of two days where the retro was cancelled (STATUS:CANCELLED, no METHOD) and the review stands. */
export const ONE_CANCELLED = ics(
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Example//EN',
  'BEGIN:VEVENT',
  'UID:review@example.com',
  'DTSTAMP:20260320T080000Z',
  'DTSTART:20260505T130000Z',
  'SUMMARY:Design review',
  'STATUS:CONFIRMED',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:retro@example.com',
  'DTSTAMP:20260320T080000Z',
  'DTSTART:20260506T160000Z',
  'SUMMARY:Retro',
  'STATUS:CANCELLED',
  'END:VEVENT',
  'END:VCALENDAR',
);

/** One occurrence of the weekly one-on-one (26 January, moved to Tuesday 10:00), sent alone as its update. */
export const WEEKLY_MOVED_ALONE = ics(
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Example//EN',
  'METHOD:REQUEST',
  'BEGIN:VEVENT',
  'UID:weekly-1on1@example.com',
  'DTSTAMP:20260120T080000Z',
  'RECURRENCE-ID;TZID=Europe/London:20260126T093000',
  'DTSTART;TZID=Europe/London:20260127T100000',
  'DTEND;TZID=Europe/London:20260127T103000',
  'SUMMARY:1:1 with Sam (moved)',
  'END:VEVENT',
  'END:VCALENDAR',
);

/**
 * Two London times the clocks make odd, with the zone named but not defined in the file: 01:30
 * on 29 March 2026 does not exist (clocks go 01:00 → 02:00), 01:30 on 25 October 2026 happens
 * twice (02:00 → 01:00).
 */
export const LONDON_GAP_AND_OVERLAP = ics(
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Example//EN',
  'BEGIN:VEVENT',
  'UID:gap@example.com',
  'DTSTAMP:20260320T080000Z',
  'DTSTART;TZID=Europe/London:20260329T013000',
  'SUMMARY:In the gap',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:overlap@example.com',
  'DTSTAMP:20260320T080000Z',
  'DTSTART;TZID=Europe/London:20261025T013000',
  'SUMMARY:In the overlap',
  'END:VEVENT',
  'END:VCALENDAR',
);

/** A calendar with a to-do and no event. */
export const NO_EVENT = ics(
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Example//EN',
  'BEGIN:VTODO',
  'UID:todo-1@example.com',
  'DTSTAMP:20260320T080000Z',
  'SUMMARY:Send the slides',
  'END:VTODO',
  'END:VCALENDAR',
);

/** A repeat rule no day ever matches (30 February): ical.js searches for it without end. */
export const ENDLESS_RULE = ics(
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Example//EN',
  'BEGIN:VEVENT',
  'UID:never@example.com',
  'DTSTAMP:20260320T080000Z',
  'DTSTART:20260101T090000Z',
  'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30',
  'SUMMARY:Never',
  'END:VEVENT',
  'END:VCALENDAR',
);

export const PLAIN_TEXT = 'Hi Dana, can we meet on Tuesday at 10:00 to go through the roadmap?\nThanks, Sam';
export const HTML_PAGE = '<!DOCTYPE html>\n<html><head><title>Invitation</title></head><body><p>Q2 roadmap review</p></body></html>\n';
export const JSON_TEXT = '{"title": "Q2 roadmap review", "start": "2026-03-10T10:00", "attendees": ["dana.lee@example.com"]}';
