import type { QueryClient } from '@tanstack/react-query';
import { api, type CallAnswer } from '@cc/client';
import { routeQuery } from '@cc/client/query';

/*
 * The history calls of a file's content and a journal day (docs/dashboard.md#history): the
 * points newest first, one point's text, restore. The two objects answer the same shapes.
 */

export type HistoryTarget = { kind: 'file'; id: number } | { kind: 'journal'; date: string };

export type RevisionsAnswer = CallAnswer<'GET /files/{id}/revisions'>;
export type RevisionPoint = RevisionsAnswer['revisions'][number];
export type RevisionAnswer = CallAnswer<'GET /files/{id}/revisions/{revision}'>;

const LIST = { file: 'GET /files/{id}/revisions', journal: 'GET /journal/{date}/revisions' } as const;
const ONE = { file: 'GET /files/{id}/revisions/{revision}', journal: 'GET /journal/{date}/revisions/{revision}' } as const;

/** `GET …/revisions`: read fresh every time the panel opens (a save may have kept a point since). */
export function revisionsQuery(target: HistoryTarget) {
  const query =
    target.kind === 'file'
      ? routeQuery(LIST.file, { params: { id: target.id } })
      : routeQuery(LIST.journal, { params: { date: target.date } });
  return query as unknown as ReturnType<typeof routeQuery<typeof LIST.file>>;
}

/** `GET …/revisions/{revision}`: a kept text never changes, so it may be cached while the panel is open. */
export function revisionQuery(target: HistoryTarget, revision: number) {
  const query =
    target.kind === 'file'
      ? routeQuery(ONE.file, { params: { id: target.id, revision } })
      : routeQuery(ONE.journal, { params: { date: target.date, revision } });
  return query as unknown as ReturnType<typeof routeQuery<typeof ONE.file>>;
}

/** `POST …/restore {revision}`: the text's revision after it (a file answers like a save, a day with its entry). */
export async function restoreRevision(target: HistoryTarget, revision: number): Promise<number> {
  if (target.kind === 'file')
    return (await api.call('POST /files/{id}/restore', { params: { id: target.id }, body: { revision } })).revision;
  const answer = await api.call('POST /journal/{date}/restore', { params: { date: target.date }, body: { revision } });
  return answer.entry.revision ?? revision;
}

/** After a restore (or a save that may have kept a point): the history reads again when next shown. */
export function historyChanged(client: QueryClient): Promise<void> {
  return Promise.all([LIST.file, LIST.journal].map((key) => client.invalidateQueries({ queryKey: [key] }))).then(() => undefined);
}
