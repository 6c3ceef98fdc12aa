import type { MeetingSummary } from '../api/meetings';
import type { Mention, Todo } from '../api/notes';

export interface SinceLastSpoke {
  last: MeetingSummary | null;
  todos: Todo[];
  notes: Mention[];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether a text names the person: their full name, or their first name as a whole word. */
export function names(text: string, fullName: string): boolean {
  const first = fullName.trim().split(/\s+/)[0] ?? '';
  const words = [fullName.trim(), first].filter((w) => w.length >= 2).map(escape);
  return words.length > 0 && new RegExp(`(^|[^\\p{L}\\p{N}])(${words.join('|')})(?=$|[^\\p{L}\\p{N}])`, 'iu').test(text);
}

/**
 * The last meeting held before `before` ('YYYY-MM-DDTHH:MM', the meeting being prepared, or now
 * for a new one), other than `exceptId`: a meeting planned for later is not where you last spoke.
 * The list comes newest first; an undated meeting counts as past.
 */
export function lastMeetingBefore<M extends Pick<MeetingSummary, 'id' | 'meeting_date'>>(
  meetings: readonly M[],
  before: string,
  exceptId: number | null,
): M | null {
  return meetings.find((m) => m.id !== exceptId && (!m.meeting_date || m.meeting_date < before)) ?? null;
}

/**
 * The brief (beyond the spec): the last meeting with the person before this one, their open
 * todos (todos that name them), and the notes that mention them since that meeting (all of
 * them when there was none), five of each at most.
 */
export function sinceLastSpoke(
  fullName: string,
  current: { id: number | null; date: string },
  meetings: readonly MeetingSummary[],
  todos: readonly Todo[],
  mentions: readonly Mention[],
): SinceLastSpoke {
  const last = lastMeetingBefore(meetings, current.date, current.id);
  const since = last?.meeting_date?.slice(0, 10) ?? '';
  return {
    last,
    todos: todos.filter((t) => !t.completed && names(`${t.title}\n${t.description}`, fullName)).slice(0, 5),
    notes: mentions.filter((m) => (m.kind === 'journal' ? m.date : m.updated_at.slice(0, 10)) >= since).slice(0, 5),
  };
}
