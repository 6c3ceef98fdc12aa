import { MENTIONS_LIMITS as L, type Mention } from '@cc/contracts';
import type { Db } from '@cc/service-kit';
import { T } from './tables';

/** `a.b (c)` → a regex matching those characters literally. */
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The text around the first mention, cut at word boundaries. */
export function excerptAround(content: string, query: string): string {
  const flat = content.replace(/\s+/g, ' ').trim();
  const at = flat.toLowerCase().indexOf(query.toLowerCase());
  if (at < 0) return flat.slice(0, L.excerpt);
  const half = Math.floor((L.excerpt - query.length) / 2);
  let start = Math.max(0, at - half);
  let end = Math.min(flat.length, at + query.length + half);
  if (start > 0) start = flat.indexOf(' ', start) + 1 || start;
  if (end < flat.length) end = flat.lastIndexOf(' ', end) > at ? flat.lastIndexOf(' ', end) : end;
  return `${start > 0 ? '…' : ''}${flat.slice(start, end).trim()}${end < flat.length ? '…' : ''}`;
}

/**
 * The user's files (by name or content) and journal entries that mention `query` as a whole
 * word or phrase, any case; at most 10 of each, most recently changed first. Scoped by user_id
 * (each table's user index), so one user's notes are all it reads.
 */
export async function findMentions(db: Db, userId: number, query: string): Promise<Mention[]> {
  // Whole words: a name inside another word ("Samsung" for "Sam") is no mention.
  const wordy = /[\p{L}\p{N}_]/u;
  const pattern = `${wordy.test(query[0]!) ? '\\m' : ''}${escapeRegex(query)}${wordy.test(query.at(-1)!) ? '\\M' : ''}`;
  const files = (await db(`${T.files} as f`)
    .join(`${T.folders} as d`, 'd.id', 'f.folder_id')
    .where('f.user_id', userId)
    .andWhere((q) => q.whereRaw('f.content ~* ?', [pattern]).orWhereRaw('f.name ~* ?', [pattern]))
    .orderBy([
      { column: 'f.updated_at', order: 'desc' },
      { column: 'f.id', order: 'desc' },
    ])
    .limit(L.perKind)
    .select('f.id', 'd.name as folder', 'f.name', 'f.content', 'f.updated_at')) as {
    id: number;
    folder: string;
    name: string;
    content: string;
    updated_at: Date;
  }[];
  const entries = (await db(T.journal_entries)
    .where('user_id', userId)
    .whereRaw('content ~* ?', [pattern])
    .orderBy([
      { column: 'updated_at', order: 'desc' },
      { column: 'date', order: 'desc' },
    ])
    .limit(L.perKind)
    .select(db.raw(`to_char(date, 'YYYY-MM-DD') as date`), 'content', 'updated_at')) as {
    date: string;
    content: string;
    updated_at: Date;
  }[];
  return [
    ...files.map((f): Mention => ({
      kind: 'file',
      id: f.id,
      folder: f.folder,
      name: f.name,
      excerpt: excerptAround(f.content || f.name, query),
      updated_at: new Date(f.updated_at).toISOString(),
    })),
    ...entries.map((e): Mention => ({
      kind: 'journal',
      date: e.date,
      excerpt: excerptAround(e.content, query),
      updated_at: new Date(e.updated_at).toISOString(),
    })),
  ];
}
