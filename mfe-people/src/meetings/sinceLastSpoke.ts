import type { MeetingSummary } from './api/meetings';
import type { Mention, Todo } from './api/notes';

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
 * The brief (added, docs/people.md#meetings): the last meeting with the person before this one, their open
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

/**
 * The research's first paragraph as one plain line: without its [n] markers (the sources are one
 * click away), its markdown emphasis and bullets (a heading and its list read "Heading: a; b").
 * The notes research opens with its findings (who they are, when you last met), so that is what
 * shows; it carries no word about the web search.
 */
export function researchOpening(answer: string): string {
  const first =
    answer
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .find(Boolean) ?? '';
  const lines = first
    .split('\n')
    .map((l) =>
      l
        .replace(/\*\*/g, '')
        .replace(/\s*\[\d+\]/g, '')
        .replace(/^\s*[-*+]\s+/, '')
        .trim(),
    )
    .filter(Boolean);
  const text = (lines.length > 1 ? `${lines[0]!.replace(/:$/, '')}: ${lines.slice(1).join('; ')}` : (lines[0] ?? ''))
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= 240) return text;
  const cut = text.slice(0, 240);
  const end = cut.lastIndexOf('. ');
  return end > 80 ? cut.slice(0, end + 1) : `${cut.slice(0, cut.lastIndexOf(' '))}…`;
}
