import type { QueryClient } from '@tanstack/react-query';
import { errorMessage } from '@cc/client';
import { routeQuery } from '@cc/client/query';
import { journalAddress, milestoneAddress, todoAddress } from '@cc/contracts/addresses';
import type { Milestone, Todo } from '@cc/contracts/planning';
import { profileQuery, type ProfileDetails, type ProfileStatement } from '../api/profile';
import { inPeriod, type Period } from './period';

/** At most this many journal entries are read (newest first): one request each. */
export const JOURNAL_READ_MAX = 30;
const OPENING_MAX = 160;

export interface BragItem {
  date: string;
  kind: 'journal' | 'todo' | 'milestone';
  text: string;
  link: string;
}

export interface UpcomingMilestone {
  title: string;
  target_date: string;
}

export interface BragData {
  period: Period;
  details: ProfileDetails;
  statements: ProfileStatement[];
  items: BragItem[];
  upcoming: UpcomingMilestone[];
  /** Sources that could not be read: the document is made from the rest, and says so. */
  missing: string[];
}

/** The first line of an entry with words in it, without its markdown heading or list marker. */
export function openingLine(content: string): string {
  for (const raw of content.split('\n')) {
    const line = raw
      .replace(/^\s*(#{1,6}\s+|[-*+]\s+(\[[ xX]\]\s+)?|\d+[.)]\s+|>\s*)/, '')
      .replace(/\s+/g, ' ')
      .trim();
    if (line) return line.length > OPENING_MAX ? `${line.slice(0, OPENING_MAX - 1).trimEnd()}…` : line;
  }
  return '';
}

/** Verified and unverified statements stand; rejected ones the user has said are wrong. */
export const keptStatements = (statements: ProfileStatement[]) => statements.filter((s) => s.status !== 'rejected');

export function planningItems(todos: Todo[], milestones: Milestone[], period: Period): BragItem[] {
  const items: BragItem[] = [];
  for (const todo of todos) {
    if (todo.completed && inPeriod(todo.due_date, period))
      items.push({ date: todo.due_date!, kind: 'todo', text: todo.title, link: todoAddress(todo.id) });
  }
  for (const m of milestones) {
    if (m.completed && inPeriod(m.target_date, period))
      items.push({ date: m.target_date.slice(0, 10), kind: 'milestone', text: m.title, link: milestoneAddress(m.id) });
  }
  return items;
}

async function journalItems(queryClient: QueryClient, period: Period): Promise<BragItem[]> {
  const list = await queryClient.fetchQuery(routeQuery('GET /journal'));
  const dates = list.entries
    .map((e) => e.date)
    .filter((d) => inPeriod(d, period))
    .sort()
    .reverse()
    .slice(0, JOURNAL_READ_MAX);
  const entries = await Promise.all(dates.map((date) => queryClient.fetchQuery(routeQuery('GET /journal/{date}', { params: { date } }))));
  return dates
    .map((date, i) => ({ date, kind: 'journal' as const, text: openingLine(entries[i]?.entry.content ?? ''), link: journalAddress(date) }))
    .filter((item) => item.text);
}

/**
 * Everything the brag document is made of, read through the calls the app already has (their
 * queries: what the page has read lately is not asked again).
 */
export async function gatherBrag(queryClient: QueryClient, period: Period, today: string, signal?: AbortSignal): Promise<BragData> {
  const missing: string[] = [];
  const tolerate =
    <T>(what: string, fallback: T) =>
    (error: unknown): T => {
      if (signal?.aborted) throw error;
      missing.push(`${what} (${errorMessage(error) || 'unreachable'})`);
      return fallback;
    };
  const [profile, journal, todos, milestones] = await Promise.all([
    queryClient.fetchQuery(profileQuery()),
    journalItems(queryClient, period).catch(tolerate<BragItem[]>('journal', [])),
    queryClient.fetchQuery(routeQuery('GET /planning/todos')).then((a) => a.todos, tolerate<Todo[]>('todos', [])),
    queryClient.fetchQuery(routeQuery('GET /planning/milestones')).then((a) => a.milestones, tolerate<Milestone[]>('milestones', [])),
  ]);
  const items = [...journal, ...planningItems(todos, milestones, period)].sort((a, b) => b.date.localeCompare(a.date));
  const upcoming = milestones
    .filter((m) => !m.completed && m.target_date.slice(0, 10) > today)
    .map((m) => ({ title: m.title, target_date: m.target_date.slice(0, 10) }));
  return { period, details: profile.details, statements: keptStatements(profile.statements), items, upcoming, missing };
}
