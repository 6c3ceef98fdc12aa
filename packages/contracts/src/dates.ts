/**
 * `@cc/contracts/dates`: how every date a user reads is written (zod-free: the remotes, the
 * offline coach and the services import it). One module, so a todo reads the same in its list,
 * in the assistant's reply, in the result line and in the week prompt, and a meeting's date the
 * same in its field's label as in its list. ISO forms stay only where the product fixes them
 * (titles, period keys, file names): those are not made here.
 *
 * Dates follow the user's locale (the browser's own, through Intl, so no locale data ships in
 * the bundle); outside a browser, and in tests, British English unless `setDateLocale` says
 * otherwise. Formatters are made once per locale and options: `toLocaleDateString` builds a new
 * one on every call (about a millisecond each in Chromium, most of a 1,000-todo render).
 */

let chosenLocale: string | undefined;
/**
 * The browser's, read once: `navigator.languages` builds its answer on every read (a 1,000-todo
 * list read it three times per due day: 6 ms of the render in a profile). Read again once the
 * user changes their languages.
 */
let browserLocale: string | undefined;
if (typeof window !== 'undefined') window.addEventListener?.('languagechange', () => (browserLocale = undefined));

/** The locale dates are written in: the one set, else the browser's, else en-GB. */
export function dateLocale(): string {
  if (chosenLocale) return chosenLocale;
  browserLocale ??= (typeof navigator !== 'undefined' ? navigator.languages?.[0] || navigator.language : undefined) || 'en-GB';
  return browserLocale;
}

/** Fixes the locale (tests, or a user's own choice later); `undefined` goes back to the browser's. */
export function setDateLocale(locale: string | undefined): void {
  chosenLocale = locale;
  formatters.clear();
  texts.clear();
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const texts = new Map<string, string>();

function formatter(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = dateLocale();
  const key = `${locale}|${JSON.stringify(options)}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, made);
  }
  return made;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})/;

/** A YYYY-MM-DD day (or the day of an ISO date-time's text) as a local date; null when it names none. */
function localDay(iso: string): Date | null {
  const m = DAY.exec(iso);
  if (!m) return null;
  const date = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isNaN(date.getTime()) ? null : date;
}

function todayIso(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

// The short form strips the comma en-GB puts after the weekday ("Fri, 27 Nov" → "Fri 27 Nov"),
// the product's compact form since the first list; other locales keep their own punctuation.
const tidy = (text: string) => (dateLocale().startsWith('en-GB') ? text.replace(/^(\w{3}),/, '$1') : text);

/**
 * The day and month forms (compact and full) of the two English locales most users have, written
 * from these tables instead of Intl: the same text as Intl's (dates.test.ts compares every day of
 * three years), but a page's first Intl date formatter loads the calendar data, 15 to 25 ms of a
 * cold visit's first render in Chromium (the todo list's due dates and the timeline's months:
 * mfe-planning/README.md). Every other locale goes through Intl.
 */
const WEEKDAYS_LONG = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const WEEKDAYS = WEEKDAYS_LONG.map((day) => day.slice(0, 3));
const MONTHS_LONG = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
/** en-US's short month names (also the timeline's fixed "17 Mar": `shortDay` of @cc/contracts/periods). */
export const MONTHS_SHORT_EN_US = MONTHS_LONG.map((month) => month.slice(0, 3));
/** CLDR's British abbreviation of September is "Sept". */
const MONTHS_GB = MONTHS_LONG.map((month) => (month === 'September' ? 'Sept' : month.slice(0, 3)));

type English = 'us' | 'gb';
/** Which table writes `locale`'s compact forms ('en' is written as en-US is), or null for Intl. */
function englishOf(locale: string): English | null {
  const tag = locale.toLowerCase();
  if (tag === 'en' || tag === 'en-us') return 'us';
  if (tag === 'en-gb') return 'gb';
  return null;
}

function englishDay(english: English, date: Date, withYear: boolean): string {
  const weekday = WEEKDAYS[date.getDay()]!;
  const day = date.getDate();
  if (english === 'us') {
    const text = `${weekday}, ${MONTHS_SHORT_EN_US[date.getMonth()]!} ${day}`;
    return withYear ? `${text}, ${date.getFullYear()}` : text;
  }
  const text = `${weekday} ${day} ${MONTHS_GB[date.getMonth()]!}`;
  return withYear ? `${text} ${date.getFullYear()}` : text;
}

/**
 * The compact form of a day, for lists, chips, result lines and prompts: "Fri 27 Nov", with the
 * year when it is not this year's ("Tue 3 Mar 2027"). Text that names no day comes back as it is.
 */
export function formatDay(iso: string, today: string = todayIso()): string {
  const locale = dateLocale();
  const sameYear = iso.slice(0, 4) === today.slice(0, 4);
  const key = `d|${locale}|${iso.slice(0, 10)}|${sameYear}`;
  const known = texts.get(key);
  if (known !== undefined) return known;
  const date = localDay(iso);
  if (!date) return iso;
  const english = englishOf(locale);
  const text = english
    ? englishDay(english, date, !sameYear)
    : tidy(
        formatter(
          sameYear
            ? { weekday: 'short', day: 'numeric', month: 'short' }
            : { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' },
        ).format(date),
      );
  texts.set(key, text);
  return text;
}

/**
 * A month's name for a month's heading: short ("Nov", the timeline's months) or long ("November",
 * the journal's calendar), with its year when asked ("Jan 2027", "November 2026"). `iso` is a
 * YYYY-MM month or a day in it; other text comes back as it is.
 */
export function formatMonth(iso: string, { year = false, long = false }: { year?: boolean; long?: boolean } = {}): string {
  const date = localDay(iso.length === 7 ? `${iso}-01` : iso);
  if (!date) return iso;
  const english = englishOf(dateLocale());
  if (!english) {
    const month = long ? 'long' : 'short';
    return formatter(year ? { month, year: 'numeric' } : { month }).format(date);
  }
  const month = (long ? MONTHS_LONG : english === 'us' ? MONTHS_SHORT_EN_US : MONTHS_GB)[date.getMonth()]!;
  return year ? `${month} ${date.getFullYear()}` : month;
}

/**
 * The full form of a day, for a sentence, a page's heading or a calendar day's name: "Friday,
 * 27 November 2026" (en-US: "Friday, November 27, 2026"). Text that names no day comes back as it is.
 */
export function formatDayLong(iso: string): string {
  const date = localDay(iso);
  if (!date) return iso;
  const english = englishOf(dateLocale());
  if (!english) return formatter({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(date);
  const weekday = WEEKDAYS_LONG[date.getDay()]!;
  const month = MONTHS_LONG[date.getMonth()]!;
  return english === 'us'
    ? `${weekday}, ${month} ${date.getDate()}, ${date.getFullYear()}`
    : `${weekday}, ${date.getDate()} ${month} ${date.getFullYear()}`;
}

/**
 * The chat's sentences are English whatever the browser's locale: their days are written one
 * English way. Made on first use, not when the module loads: a page's first Intl formatter loads
 * the calendar data (tens of ms), which fell in every cold visit of a page importing this module
 * (bench/modules/planning.ts), most of which never write a day in words.
 */
let prose: { day: Intl.DateTimeFormat; dayOfYear: Intl.DateTimeFormat } | undefined;
const PROSE = () =>
  (prose ??= {
    day: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long' }),
    dayOfYear: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }),
  });

/**
 * A day in a sentence, as the coach's replies write every day they name: "3 November", with the
 * year when it is not this year's ("3 November 2025"). One form in prose, the same in the browser
 * and on the server (not the locale's "November 3": the sentence around it is English), so a
 * citation, a meeting, a todo and the planning chat's result line in one chat read alike. Text
 * that names no day comes back as it is.
 */
export function formatDayInWords(iso: string, today: string = todayIso()): string {
  const date = localDay(iso);
  if (!date) return iso;
  return (iso.slice(0, 4) === today.slice(0, 4) ? PROSE().day : PROSE().dayOfYear).format(date);
}

/**
 * A moment (an ISO date-time, or a Date) in the user's time zone: "Thu 26 Nov, 16:11", with the
 * year when it is not this year's ("Thu 26 Nov 2026, 16:11"), as formatDay writes its day, so a
 * moment reads like the day beside it in a list (the locale's own clock: "Thu, Nov 26, 4:11 PM"
 * in en-US). Invalid text comes back as it is.
 */
export function formatDateTime(value: string | Date, today: string = todayIso()): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return typeof value === 'string' ? value : '';
  const sameYear = String(date.getFullYear()) === today.slice(0, 4);
  return tidy(
    formatter({
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      ...(sameYear ? {} : { year: 'numeric' as const }),
      hour: 'numeric',
      minute: '2-digit',
    }).format(date),
  );
}

/** The time of a moment alone: "16:11" (en-GB), "4:11 PM" (en-US). */
export function formatTime(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? '' : formatter({ hour: 'numeric', minute: '2-digit' }).format(date);
}

/** How long ago a moment was, in words ("just now", "12 minutes ago", "3 days ago"); the absolute time is shown beside it. */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (Number.isNaN(seconds)) return '';
  if (seconds < 60) return 'just now';
  const unit = (n: number, one: string, many: string) => (n === 1 ? one : `${n} ${many} ago`);
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return unit(minutes, 'a minute ago', 'minutes');
  const hours = Math.round(minutes / 60);
  if (hours < 24) return unit(hours, 'an hour ago', 'hours');
  const days = Math.round(hours / 24);
  if (days < 30) return unit(days, 'yesterday', 'days');
  if (days < 365) return unit(Math.round(days / 30), 'a month ago', 'months');
  return unit(Math.round(days / 365), 'a year ago', 'years');
}

/** Whole days from `now` until a moment, rounded up (0 once it has passed): "in 27 days". */
export function daysUntil(iso: string, now: number = Date.now()): number {
  return Math.max(0, Math.ceil((Date.parse(iso) - now) / 86_400_000));
}
