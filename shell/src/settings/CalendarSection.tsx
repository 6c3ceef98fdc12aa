import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, errorText } from '@cc/client';
import { routeKey, routeQuery } from '@cc/client/query';
import {
  CALENDAR_REMINDER_DEFAULTS,
  CALENDAR_REMINDER_LABELS,
  CALENDAR_REMINDERS,
  type CalendarReminder,
} from '@cc/contracts/calendar-rules';
import type { CalendarAnswer, CalendarSettings, UpdateCalendarBody } from '@cc/contracts/calendar';
import { useDialogs } from '@cc/ui/dialogs';
import { browserTimeZone } from '@cc/ui/time-zone';
import { timeZoneChoices } from './timeZones';

const CARRIES = [
  ['include_todos', 'Todos with a due date', 'all-day, on their due date'],
  ['include_milestones', 'Milestones', 'all-day, on their target date'],
  ['include_meetings', 'Meetings', 'at their time, with who attends'],
] as const;

const REMINDER_DAYS: Record<CalendarReminder, string> = {
  start_of_day: 'Monday to Friday',
  end_of_day: 'Monday to Friday',
  end_of_week: 'on Fridays',
};

const COPIED_MS = 2000;

/**
 * Calendar: the account's private calendar feed (docs/calendar.md). The address with Copy, what
 * it carries, the check-in reminders, the time zone its times are in, Reset link and Turn off.
 * Every change is saved as it is made.
 */
export function CalendarSection() {
  const id = useId();
  const queryClient = useQueryClient();
  const dialogs = useDialogs();
  const settings = useQuery(routeQuery('GET /auth/calendar'));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState('');
  const [copied, setCopied] = useState(false);
  const copiedTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(copiedTimer.current), []);

  const calendar = settings.data?.calendar;
  const zones = useMemo(() => timeZoneChoices(calendar?.time_zone ?? browserTimeZone()), [calendar?.time_zone]);

  /**
   * One change at a time; the answer is what the page shows from then on. A choice shows at once
   * (`shown`), and goes back to what the server has if the change is refused.
   */
  async function save(change: () => Promise<CalendarAnswer>, done: string, shown?: (calendar: CalendarSettings) => CalendarSettings) {
    const key = routeKey('GET /auth/calendar');
    const before = queryClient.getQueryData<CalendarAnswer>(key);
    if (shown && before) queryClient.setQueryData(key, { ...before, calendar: shown(before.calendar) });
    setSaving(true);
    setError(null);
    setStatus('');
    try {
      const answer = await change();
      queryClient.setQueryData(key, answer);
      setStatus(done);
    } catch (caught) {
      if (before) queryClient.setQueryData(key, before);
      setError(errorText(caught));
    } finally {
      setSaving(false);
    }
  }
  const update = (body: UpdateCalendarBody, done = 'Saved.') =>
    save(
      () => api.call('PATCH /auth/calendar', { body }),
      done,
      (calendar) => ({
        ...calendar,
        ...(body.time_zone !== undefined ? { time_zone: body.time_zone } : {}),
        ...(body.include_todos !== undefined ? { include_todos: body.include_todos } : {}),
        ...(body.include_milestones !== undefined ? { include_milestones: body.include_milestones } : {}),
        ...(body.include_meetings !== undefined ? { include_meetings: body.include_meetings } : {}),
        reminders: { ...calendar.reminders, ...body.reminders },
      }),
    );

  async function turnOn() {
    await save(async () => {
      // Meetings are kept as wall-clock times: the feed needs the zone they are in.
      if (!calendar?.time_zone) await api.call('PATCH /auth/calendar', { body: { time_zone: browserTimeZone() } });
      return api.call('POST /auth/calendar/reset');
    }, 'Your calendar feed is on. Copy its address into your calendar app.');
  }

  async function resetLink() {
    const ok = await dialogs.confirm({
      title: 'Reset the calendar link?',
      message:
        'The current address stops working at once, and calendars subscribed to it stop updating. You will need to subscribe again with the new address.',
      confirmLabel: 'Reset link',
      danger: true,
    });
    if (ok) await save(() => api.call('POST /auth/calendar/reset'), 'The link was reset. The old address no longer works.');
  }

  async function turnOff() {
    const ok = await dialogs.confirm({
      title: 'Turn off the calendar feed?',
      message: 'The address stops working at once, and calendars subscribed to it stop updating. Your choices below are kept.',
      confirmLabel: 'Turn off',
      danger: true,
    });
    if (ok) await save(() => api.call('DELETE /auth/calendar/feed'), 'The calendar feed is off.');
  }

  const feedUrl = calendar?.feed_path ? `${window.location.origin}${calendar.feed_path}` : null;

  async function copy() {
    if (!feedUrl) return;
    try {
      await navigator.clipboard.writeText(feedUrl);
      setCopied(true);
      clearTimeout(copiedTimer.current);
      copiedTimer.current = setTimeout(() => setCopied(false), COPIED_MS);
    } catch {
      // No clipboard (an insecure origin, or permission refused): the address is selected to copy by hand.
      document.getElementById(`${id}-url`)?.focus();
      (document.getElementById(`${id}-url`) as HTMLInputElement | null)?.select();
      setStatus('Press Ctrl+C (⌘C on a Mac) to copy the selected address.');
    }
  }

  return (
    <section className="panel settings-section calendar-settings" aria-labelledby={`${id}-title`} aria-busy={saving || undefined}>
      <h2 id={`${id}-title`}>Calendar</h2>
      <p>
        See your plan in Google Calendar, Outlook or Apple Calendar. Your calendar app subscribes to a private address and keeps itself up
        to date; each event links back to the todo, milestone, meeting or check-in here.
      </p>
      {settings.isPending && <p className="field-hint">Loading your calendar settings…</p>}
      {settings.isError && (
        <div className="form-error" role="alert">
          {errorText(settings.error)}
        </div>
      )}
      {calendar && (
        <>
          {feedUrl ? (
            <div className="field calendar-feed">
              <label htmlFor={`${id}-url`}>Your calendar address</label>
              <div className="calendar-feed-row">
                <input
                  id={`${id}-url`}
                  type="text"
                  readOnly
                  value={feedUrl}
                  onFocus={(e) => e.target.select()}
                  aria-describedby={`${id}-url-hint`}
                />
                <button type="button" className="button button-primary" onClick={copy}>
                  {copied ? 'Copied' : 'Copy'}
                </button>
              </div>
              <p className="field-hint" id={`${id}-url-hint`}>
                Keep it to yourself: anyone with this address can see these events. If it got out, reset it.
              </p>
              <div className="calendar-feed-actions">
                <button type="button" className="button" onClick={resetLink} disabled={saving}>
                  Reset link
                </button>
                <button type="button" className="button button-quiet" onClick={turnOff} disabled={saving}>
                  Turn off
                </button>
              </div>
            </div>
          ) : (
            <p>
              <button type="button" className="button button-primary" onClick={turnOn} disabled={saving}>
                Turn on the calendar feed
              </button>
            </p>
          )}

          <div className="field">
            <label htmlFor={`${id}-zone`}>Your time zone</label>
            <select
              id={`${id}-zone`}
              value={calendar.time_zone ?? browserTimeZone()}
              onChange={(e) => update({ time_zone: e.target.value }, 'Time zone saved.')}
              disabled={saving}
              aria-describedby={`${id}-zone-hint`}
            >
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replaceAll('_', ' ')}
                </option>
              ))}
            </select>
            <p className="field-hint" id={`${id}-zone-hint`}>
              {calendar.time_zone
                ? 'Meetings and reminders are placed at their times in this zone.'
                : 'Your browser’s time zone, until you choose one.'}
            </p>
          </div>

          <fieldset className="calendar-choices" disabled={saving}>
            <legend>What your calendar shows</legend>
            {CARRIES.map(([key, label, hint]) => (
              <label key={key} className="calendar-choice">
                <input type="checkbox" checked={calendar[key]} onChange={(e) => update({ [key]: e.target.checked })} />
                <span>
                  {label} <span className="field-hint">({hint})</span>
                </span>
              </label>
            ))}
          </fieldset>

          <fieldset className="calendar-choices" disabled={saving}>
            <legend>Check-in reminders</legend>
            {CALENDAR_REMINDERS.map((reminder) => (
              <ReminderChoice
                key={reminder}
                reminder={reminder}
                time={calendar.reminders[reminder]}
                onChange={(time) => update({ reminders: { [reminder]: time } })}
              />
            ))}
          </fieldset>

          <details className="calendar-howto">
            <summary>How to subscribe</summary>
            <ul>
              <li>
                <strong>Google Calendar</strong>: beside “Other calendars”, choose <strong>+</strong>, then <strong>From URL</strong>; paste
                the address and choose <strong>Add calendar</strong>. Google refreshes it every few hours.
              </li>
              <li>
                <strong>Outlook</strong>: <strong>Add calendar</strong>, then <strong>Subscribe from web</strong>; paste the address, name
                it and choose <strong>Import</strong>.
              </li>
              <li>
                <strong>Apple Calendar</strong>: <strong>File</strong>, <strong>New Calendar Subscription…</strong>; paste the address,
                choose <strong>Subscribe</strong>, and set Auto-refresh to every hour. On an iPhone: Settings, Calendar, Accounts, Add
                Account, Other, <strong>Add Subscribed Calendar</strong>.
              </li>
            </ul>
          </details>
        </>
      )}
      {error && (
        <div className="form-error" role="alert">
          {error}
        </div>
      )}
      <p className="field-hint calendar-status" role="status">
        {status}
      </p>
    </section>
  );
}

/** One reminder: on with its time, or off. A time is saved once it is a whole time (HH:MM). */
function ReminderChoice({
  reminder,
  time,
  onChange,
}: {
  reminder: CalendarReminder;
  time: string | null;
  onChange: (time: string | null) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState(time ?? CALENDAR_REMINDER_DEFAULTS[reminder]);
  useEffect(() => setDraft(time ?? CALENDAR_REMINDER_DEFAULTS[reminder]), [time, reminder]);
  const label = CALENDAR_REMINDER_LABELS[reminder];
  return (
    <div className="calendar-choice calendar-reminder">
      <label htmlFor={`${id}-on`}>
        <input id={`${id}-on`} type="checkbox" checked={time !== null} onChange={(e) => onChange(e.target.checked ? draft : null)} />
        <span>
          {label} <span className="field-hint">({REMINDER_DAYS[reminder]})</span>
        </span>
      </label>
      <input
        type="time"
        aria-label={`${label} time`}
        value={draft}
        disabled={time === null}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={() => {
          if (/^\d{2}:\d{2}$/.test(draft) && draft !== time) onChange(draft);
        }}
      />
    </div>
  );
}
