import { createHash } from 'node:crypto';
import vm from 'node:vm';
import { TZDate } from '@date-fns/tz';
import ICAL from 'ical.js';
import { PEOPLE_LIMITS as L, PEOPLE_MESSAGES as M, isTimeZone, utf8Length } from '@cc/contracts';

/**
 * Reading a calendar invitation (an .ics text) with ical.js: its events as the user will see
 * them, times as wall clocks in the user's zone (docs/people.md#meetings-from-an-invite). Pure:
 * no database, no clock but the `now` it is given. Matching attendees to people is
 * invite-meeting.ts's.
 */

export interface InviteAttendeeRead {
  /** What a client names them by in `create`: the e-mail address (lower case), or the name. */
  key: string;
  name: string;
  email: string | null;
}

export interface InviteEventRead {
  uid: string;
  title: string;
  start: string | null;
  end: string | null;
  all_day: boolean;
  location: string;
  description: string;
  recurring: boolean;
  occurrences: string[];
  attendees: InviteAttendeeRead[];
  /** A cancellation (METHOD:CANCEL, STATUS:CANCELLED): no meeting to prepare. */
  cancelled: boolean;
  /**
   * The invitation's identity a meeting keeps (`invite_key`): the UID, or `uid@<slot>` for an
   * occurrence; null for a repeating event (each occurrence has its own) or an event without UID.
   */
  key: string | null;
  /** The keys of `occurrences`, in the same order. */
  occurrenceKeys: string[];
  /** Whether the event really starts at `start` (a wall clock in the zone read with): a past occurrence counts. */
  hasOccurrence(start: string): boolean;
  /** The occurrence starting at `start` with its key (the event's own when it does not repeat), or null when there is none. */
  occurrenceAt(start: string): { key: string | null } | null;
}

export type InviteRead = { events: InviteEventRead[] } | { problem: string };

/** Iterations of a repeating rule we go through, at most, to find its next starts or one the user chose. */
const MAX_STEPS = 5_000;
/**
 * A file's reading may take this long before it is refused. Some rules make ical.js loop
 * without end inside one step (FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30), and a loop would stop the
 * whole service: the work runs under a vm timeout, which interrupts it.
 */
const TIME_BUDGET_MS = 2_000;

const timed = vm.createContext({ work: null as null | (() => unknown) });
const runWork = new vm.Script('work()');

/** `work()`, interrupted after `ms` (undefined then). */
function withinTime<T>(work: () => T, ms: number): T | undefined {
  (timed as { work: null | (() => unknown) }).work = work;
  try {
    return runWork.runInContext(timed, { timeout: ms }) as T;
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') return undefined;
    throw error;
  } finally {
    (timed as { work: null | (() => unknown) }).work = null;
  }
}

// ---- times ----

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DDTHH:MM' of an instant, as a clock in `zone` shows it. */
export function wallClockIn(ms: number, zone: string): string {
  const d = new TZDate(ms, zone);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * The instant a wall clock shows in `zone`, as TZDate reads it: a time in a spring-forward gap
 * is the hour after it; one the fall-back shows twice is the later east of UTC (London, Paris),
 * the earlier west of it (New York), as the hand-written conversion before it did.
 */
const instantOf = (wall: { year: number; month: number; day: number; hour: number; minute: number }, zone: string): number =>
  TZDate.tz(zone, wall.year, wall.month - 1, wall.day, wall.hour, wall.minute).getTime();

const wallOf = (t: ICAL.Time) => `${t.year}-${pad(t.month)}-${pad(t.day)}T${pad(t.hour)}:${pad(t.minute)}`;

/**
 * A start or end as the user's wall clock in `zone`: a date alone is that day at 00:00; a
 * floating time (no zone, "the same clock wherever you are") is kept as written; a UTC time or
 * one in a zone the file defines (its VTIMEZONE, Windows names included) is converted. A TZID
 * the file does not define but that is a known IANA name (some exporters leave the VTIMEZONE
 * out) is used as that zone.
 */
function wallClock(t: ICAL.Time, zone: string, namedZone: string | null): string {
  if (t.isDate) return `${t.year}-${pad(t.month)}-${pad(t.day)}T00:00`;
  const floating = t.zone === ICAL.Timezone.localTimezone || t.zone?.tzid === 'floating';
  if (!floating) return wallClockIn(t.toUnixTime() * 1000, zone);
  if (namedZone) return wallClockIn(instantOf(t, namedZone), zone);
  return wallOf(t);
}

/**
 * An occurrence's slot as its key writes it: the wall clock in UTC (as written for a floating
 * time), so the key does not depend on the zone the user reads in. A moved occurrence keeps its
 * RECURRENCE-ID, the slot it moved from, as calendars identify it.
 */
const slotOf = (t: ICAL.Time, named: string | null) => wallClock(t, 'UTC', named);

/** Keys longer than this are kept as their hash (a UID is usually under 200 characters; an index entry has a size limit). */
const MAX_KEY = 500;
const keyOf = (uid: string, slot?: string) => {
  const key = slot === undefined ? uid : `${uid}@${slot}`;
  return key.length > MAX_KEY ? `sha256:${createHash('sha256').update(key).digest('hex')}` : key;
};

// ---- texts ----

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();
const cut = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1).trimEnd()}…` : s);

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
/** Google sends descriptions as HTML: its line breaks and links become text, other tags go. */
function htmlToText(html: string): string {
  return html
    .replace(/<\s*br\s*\/?>/gi, '\n')
    .replace(/<\/\s*(p|div|li|h\d)\s*>/gi, '\n')
    .replace(/<li[^>]*>/gi, '- ')
    .replace(/<a\s[^>]*href\s*=\s*"([^"]*)"[^>]*>(.*?)<\/a>/gi, (_m, href: string, label: string) =>
      label.replace(/<[^>]*>/g, '').trim() && label.replace(/<[^>]*>/g, '').trim() !== href
        ? `${label.replace(/<[^>]*>/g, '')} (${href})`
        : href,
    )
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[\da-f]+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] === '#') {
        const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
      }
      return ENTITIES[e.toLowerCase()] ?? m;
    });
}

/** Google's block of video-call details, between its two marker lines: the meeting link is the location's job. */
const GOOGLE_CALL_BLOCK = /-::~:~::~[:~]*::-[\s\S]*?-::~:~::~[:~]*::-/g;

function descriptionText(raw: string): string {
  let text = raw.replace(/\r\n?/g, '\n');
  if (/<\s*(br|p|div|a|span|b|i|ul|ol|li|html)\b[^>]*>/i.test(text)) text = htmlToText(text);
  text = text.replace(GOOGLE_CALL_BLOCK, '');
  text = text
    .split('\n')
    .map((l) => l.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return cut(text, L.meetingSection);
}

const EMAIL = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;

/** Rooms and resources take part in meetings as attendees; they are not people. */
function isPerson(prop: ICAL.Property, email: string | null): boolean {
  const cutype = String(prop.getParameter('cutype') ?? '').toUpperCase();
  if (cutype === 'ROOM' || cutype === 'RESOURCE') return false;
  return !(email && /@(resource|group)\.calendar\.google\.com$/.test(email));
}

function attendeesOf(vevent: ICAL.Component): InviteAttendeeRead[] {
  const seen = new Set<string>();
  const out: InviteAttendeeRead[] = [];
  for (const prop of [...vevent.getAllProperties('organizer'), ...vevent.getAllProperties('attendee')]) {
    const value = String(prop.getFirstValue() ?? '').trim();
    const address = value
      .replace(/^mailto:/i, '')
      .trim()
      .toLowerCase();
    const email = EMAIL.test(address) ? address : null;
    const cn = prop.getParameter('cn');
    const name = cut(oneLine(String(Array.isArray(cn) ? cn.join(' ') : (cn ?? '')).replace(/^"|"$/g, '')), L.fullName) || (email ?? '');
    if (!name || !isPerson(prop, email)) continue;
    const key = email ?? name;
    const dedupe = key.toLowerCase();
    if (seen.has(dedupe)) continue;
    seen.add(dedupe);
    out.push({ key, name, email });
  }
  return out.slice(0, L.attendees);
}

// ---- events ----

const text = (c: ICAL.Component, name: string) => {
  const v = c.getFirstPropertyValue(name);
  return typeof v === 'string' ? v : '';
};

/** The TZID of DTSTART when the file does not define it but it is an IANA name (else null). */
function namedZoneOf(vevent: ICAL.Component): string | null {
  const tzid = vevent.getFirstProperty('dtstart')?.getParameter('tzid');
  if (typeof tzid !== 'string' || !isTimeZone(tzid)) return null;
  return vevent.getTimeZoneByID(tzid) ? null : tzid;
}

function readEvent(
  master: ICAL.Component,
  exceptions: ICAL.Component[],
  index: number,
  zone: string,
  today: string,
  cancelled: boolean,
): InviteEventRead {
  const event = new ICAL.Event(master, { exceptions });
  const named = namedZoneOf(master);
  const startTime = master.hasProperty('dtstart') ? event.startDate : null;
  const allDay = Boolean(startTime?.isDate);
  const start = startTime ? wallClock(startTime, zone, named) : null;
  const endTime = startTime && !allDay && (master.hasProperty('dtend') || master.hasProperty('duration')) ? event.endDate : null;
  const recurring = Boolean(startTime) && event.isRecurring();

  const fileUid = text(master, 'uid').trim();
  const uid = fileUid || `event-${index + 1}`;
  /** Each start of the series in order (moved ones where they moved to) with its slot, until `visit` says stop. */
  const walk = (visit: (start: string, slot: string) => boolean) => {
    const it = event.iterator();
    for (let step = 0, next = it.next(); next && step < MAX_STEPS; step++, next = it.next()) {
      const details = event.getOccurrenceDetails(next);
      if (visit(wallClock(details.startDate, zone, named), slotOf(details.recurrenceId, named))) return;
    }
  };
  const listed: [string, string][] = [];
  if (recurring) {
    walk((s, slot) => {
      if (s.slice(0, 10) >= today) listed.push([s, slot]);
      return listed.length >= L.inviteOccurrences;
    });
    listed.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }
  // Without a UID in the file there is no identity to keep. An occurrence sent alone (its
  // RECURRENCE-ID) is keyed as the same occurrence read inside its series would be.
  const recurrenceId = master.getFirstPropertyValue('recurrence-id');
  const key = !fileUid || recurring ? null : keyOf(fileUid, recurrenceId instanceof ICAL.Time ? slotOf(recurrenceId, named) : undefined);
  const occurrenceAt = (wanted: string): { key: string | null } | null => {
    if (!recurring) return wanted === start ? { key } : null;
    let found: { key: string | null } | null = null;
    // A moved occurrence may sit a little before its slot: walk a year past the one wanted.
    const stopYear = String(Number(wanted.slice(0, 4)) + 1);
    withinTime(
      () =>
        walk((s, slot) => {
          if (s === wanted) found = { key: fileUid ? keyOf(fileUid, slot) : null };
          return found !== null || s.slice(0, 4) > stopYear;
        }),
      TIME_BUDGET_MS,
    );
    return found;
  };
  return {
    uid,
    title: cut(oneLine(text(master, 'summary')), L.meetingTitle),
    start,
    end: endTime ? wallClock(endTime, zone, named) : null,
    all_day: allDay,
    location: cut(oneLine(text(master, 'location')), L.location),
    description: descriptionText(text(master, 'description')),
    recurring,
    occurrences: listed.map(([s]) => s),
    attendees: attendeesOf(master),
    cancelled: cancelled || text(master, 'status').trim().toUpperCase() === 'CANCELLED',
    key,
    occurrenceKeys: fileUid ? listed.map(([, slot]) => keyOf(fileUid, slot)) : [],
    hasOccurrence: (wanted) => occurrenceAt(wanted) !== null,
    occurrenceAt,
  };
}

/** The VCALENDAR components of a parsed text (an .ics file may hold several), or null when it is not iCalendar. */
function calendarsOf(textIn: string): ICAL.Component[] | null {
  // Only a text that starts as a calendar is read as one: ical.js takes any "name:value" line.
  if (
    !/^(\uFEFF)?\s*BEGIN:VCALENDAR\s*$/im.test(
      textIn
        .slice(0, 2000)
        .split(/\r?\n/)
        .find((l) => l.trim() !== '') ?? '',
    )
  )
    return null;
  let parsed: unknown;
  try {
    parsed = ICAL.parse(textIn.replace(/^\uFEFF/, ''));
  } catch {
    return null;
  }
  const roots = (Array.isArray(parsed) && typeof parsed[0] !== 'string' ? parsed : [parsed]) as unknown[];
  const calendars = roots.filter((r) => Array.isArray(r) && r[0] === 'vcalendar').map((r) => new ICAL.Component(r as unknown[]));
  return calendars.length ? calendars : null;
}

/**
 * The events of an invitation, times as wall clocks in `zone` (an IANA name), or the problem
 * that makes it no invitation (the product's message). A repeating event's occurrences start
 * from `now`'s day in `zone`. A series' moved occurrences (RECURRENCE-ID, same UID) are read
 * into it; one sent alone (an update of one occurrence) is an event of its own.
 */
export function readInvite(textIn: string, zone: string, now = new Date()): InviteRead {
  if (textIn.includes('\u0000')) return { problem: M.inviteNul };
  if (utf8Length(textIn) > L.inviteText) return { problem: M.inviteTooLarge };
  const read = withinTime((): InviteRead => {
    const calendars = calendarsOf(textIn);
    if (!calendars) return { problem: M.inviteNotCalendar };
    const vevents = calendars.flatMap((c) => c.getAllSubcomponents('vevent'));
    // A METHOD:CANCEL calendar withdraws every event it carries.
    const cancels = new Set(
      calendars.filter((c) => text(c, 'method').trim().toUpperCase() === 'CANCEL').flatMap((c) => c.getAllSubcomponents('vevent')),
    );
    if (!vevents.length) return { problem: M.inviteNoEvent };
    const uidOf = (c: ICAL.Component) => text(c, 'uid').trim();
    const masters = vevents.filter((v) => !v.hasProperty('recurrence-id'));
    const masterUids = new Set(masters.filter((m) => m.hasProperty('rrule') || m.hasProperty('rdate')).map(uidOf));
    const moved = vevents.filter((v) => v.hasProperty('recurrence-id') && masterUids.has(uidOf(v)));
    const alone = vevents.filter((v) => v.hasProperty('recurrence-id') && !masterUids.has(uidOf(v)));
    const today = wallClockIn(now.getTime(), zone).slice(0, 10);
    const events = [...masters, ...alone].slice(0, L.inviteEvents).map((v, i) =>
      readEvent(
        v,
        moved.filter((m) => uidOf(m) === uidOf(v) && !v.hasProperty('recurrence-id')),
        i,
        zone,
        today,
        cancels.has(v),
      ),
    );
    return { events };
  }, TIME_BUDGET_MS);
  return read ?? { problem: M.inviteTooComplex };
}
