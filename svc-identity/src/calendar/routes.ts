import { createHash } from 'node:crypto';
import type Koa from 'koa';
import { z } from 'zod';
import {
  CALENDAR_FEED_PAST_DAYS,
  CALENDAR_MEDIA_TYPE,
  CALENDAR_MESSAGES,
  meetingListItemSchema,
  milestonesAnswer,
  type MeetingListItem,
  SESSION_COOKIE,
  todosAnswer,
} from '@cc/contracts';
import { HttpError, peerClientAs, signSession, type Db, type PeerAnswer, type PeerClient, type ServiceRouter } from '@cc/service-kit';
import type { IdentitySettings } from '../settings';
import { feedByToken, feedOf, newFeedAddress, settingsAnswer, turnFeedOff, updateSettings, type FeedRow } from './feeds';
import { feedCalendar } from './ical';

/** A token as feedToken writes it: 32 bytes in base64url. Anything else is not looked up. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** Each read of the feed; a calendar app waits longer than a browser, but not forever. */
const READ_TIMEOUT_MS = 5000;
const MEETINGS_PAGE = 200;
/** 25 pages of 200: a past year of meetings and every future one, for anyone but a robot. */
const MEETINGS_MAX_PAGES = 25;

const meetingsPage = z.object({ meetings: z.array(meetingListItemSchema), next_cursor: z.string().nullable().optional() });

/**
 * The calendar settings (`/auth/calendar`, for Settings) and the feed itself (`/calendar/{token}`,
 * for calendar apps, no session). docs/calendar.md.
 */
export function calendarRoutes(router: ServiceRouter, db: Db, secret: string, settings: IdentitySettings): void {
  router.get('/auth/calendar', {}, async (ctx, { user }) => {
    ctx.set('Cache-Control', 'no-store');
    return { success: true, calendar: settingsAnswer(await feedOf(db, user.id), secret) };
  });

  router.patch('/auth/calendar', {}, async (_ctx, { user, body }) => ({
    success: true,
    calendar: settingsAnswer(await updateSettings(db, user.id, body), secret),
  }));

  router.post('/auth/calendar/reset', {}, async (_ctx, { user }) => ({
    success: true,
    calendar: settingsAnswer(await newFeedAddress(db, secret, user.id), secret),
  }));

  router.delete('/auth/calendar/feed', {}, async (_ctx, { user }) => ({
    success: true,
    calendar: settingsAnswer(await turnFeedOff(db, user.id), secret),
  }));

  router.get('/calendar/{token}', { auth: false }, async (ctx, { params }) => {
    const token = params.token.replace(/\.ics$/i, '');
    const feed = TOKEN.test(token) ? await feedByToken(db, token) : undefined;
    if (!feed?.session_id) throw new HttpError(404, [CALENDAR_MESSAGES.feedNotFound]);
    const body = feedCalendar({
      userId: feed.user_id,
      timeZone: feed.time_zone,
      origin: settings.PUBLIC_URL?.replace(/\/+$/, '') ?? `${ctx.protocol}://${ctx.host}`,
      ...(await feedContent(ctx, feed, secret, settings)),
      reminders: feed.reminders,
      settingsChangedAt: new Date(feed.updated_at),
    });
    // The address is the secret: no shared cache may keep the answer, and the app asks again
    // with If-None-Match, answered 304 while nothing changed.
    ctx.set('Cache-Control', 'private, no-cache');
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    ctx.set('ETag', etag);
    ctx.set('Content-Disposition', 'inline; filename="career-workspace.ics"');
    ctx.set('Referrer-Policy', 'no-referrer');
    if (matches(ctx.get('if-none-match'), etag)) {
      ctx.status = 304;
      return undefined;
    }
    ctx.type = `${CALENDAR_MEDIA_TYPE}; charset=utf-8`;
    ctx.body = body;
    return undefined;
  });
}

/**
 * Whether If-None-Match names this ETag (RFC 9110 13.1.2, weak comparison). Not Koa's
 * `ctx.fresh`: that answers as a cache would and ignores the header when the request also says
 * `Cache-Control: no-cache`, which clients send with a conditional request (fetch does), while an
 * origin server answers 304 all the same.
 */
function matches(ifNoneMatch: string, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * What the feed carries, read from planning and meetings as the account: a session of the
 * feed's own, signed here and never sent anywhere but to those services. A part that fails
 * fails the whole feed (503): a calendar that got a feed without its meetings would delete them.
 */
async function feedContent(ctx: Koa.Context, feed: FeedRow, secret: string, settings: IdentitySettings) {
  const session = signSession(secret, { sid: feed.session_id!, uid: feed.user_id, adm: false, iat: Math.floor(Date.now() / 1000) });
  const caller = { cookie: `${SESSION_COOKIE}=${session}`, requestId: ctx.state.requestId as string | undefined };
  const coaching = peerClientAs(caller, settings.COACHING_URL);
  const people = peerClientAs(caller, settings.PEOPLE_URL);
  const [todos, milestones, meetings] = await Promise.all([
    feed.include_todos ? read(coaching.get('/planning/todos', todosAnswer, { timeoutMs: READ_TIMEOUT_MS })).then((a) => a.todos) : [],
    feed.include_milestones
      ? read(coaching.get('/planning/milestones', milestonesAnswer, { timeoutMs: READ_TIMEOUT_MS })).then((a) => a.milestones)
      : [],
    feed.include_meetings ? recentMeetings(people) : [],
  ]);
  return { todos, milestones, meetings };
}

async function read<T>(answer: Promise<PeerAnswer<T>>): Promise<T> {
  const a = await answer;
  if (!a.ok) throw new HttpError(503, [CALENDAR_MESSAGES.feedUnavailable], { 'Retry-After': '300' });
  return a.body;
}

/** Every future meeting and a year of past ones, newest first, page by page until older ones start. */
async function recentMeetings(people: PeerClient): Promise<MeetingListItem[]> {
  const since = new Date(Date.now() - CALENDAR_FEED_PAST_DAYS * 86_400_000).toISOString().slice(0, 10);
  const meetings: MeetingListItem[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MEETINGS_MAX_PAGES; page++) {
    const query = new URLSearchParams({ limit: String(MEETINGS_PAGE), ...(cursor ? { cursor } : {}) });
    const answer = await read(people.get(`/meetings?${query}`, meetingsPage, { timeoutMs: READ_TIMEOUT_MS }));
    const dated = answer.meetings.filter((m) => m.meeting_date !== null && m.meeting_date >= since);
    meetings.push(...dated);
    // Undated meetings come last and older ones after these: nothing further goes in the feed.
    if (dated.length < answer.meetings.length || !answer.next_cursor) break;
    cursor = answer.next_cursor;
  }
  return meetings;
}
