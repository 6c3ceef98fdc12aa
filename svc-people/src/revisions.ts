/**
 * Per-text revisions of a person or a meeting (migration 004): the guard a save carries, the
 * check a save passes, and the bookkeeping of what it changed. Used inside the transaction that
 * holds the record's row lock, so a check and its write cannot be split by another save.
 */

export type RevisionMap = Record<string, number>;
export type SaveIdMap = Record<string, string>;

/** What a save is based on: without `basedOn` it wins (clients that send no revision keep saving). */
export interface FieldGuard {
  basedOn?: number;
  saveId?: string;
}

/** A 409's `current`: what the field holds now, its revision and the save that wrote it. */
export interface CurrentField {
  field: string;
  content: string;
  revision: number;
  save_id?: string;
}

export type Stale = { stale: CurrentField };

/** A jsonb map as stored (pg and PGlite parse jsonb; a string is parsed here just in case). */
export function mapOf<V>(raw: unknown, keep: (v: unknown) => v is V): Record<string, V> {
  const value: unknown = typeof raw === 'string' ? JSON.parse(raw) : raw;
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((e): e is [string, V] => keep(e[1])));
}
export const isRevision = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
export const isSaveId = (v: unknown): v is string => typeof v === 'string';

/**
 * The save of `changes` (key → [stored text, new text]) under `guard`: refused when it is based
 * on an older revision of its field and would change it (the same text again is no conflict);
 * otherwise the revisions and save ids of the texts that change.
 */
export function applyGuard(
  changes: Record<string, [string, string]>,
  revisions: RevisionMap,
  saveIds: SaveIdMap,
  guard: FieldGuard,
): Stale | { revisions: RevisionMap; saveIds: SaveIdMap } {
  const keys = Object.keys(changes);
  if (guard.basedOn !== undefined && keys.length === 1) {
    const key = keys[0]!;
    const [stored, next] = changes[key]!;
    const revision = revisions[key] ?? 0;
    if (revision !== guard.basedOn && stored !== next) {
      return { stale: { field: key, content: stored, revision, ...(saveIds[key] ? { save_id: saveIds[key] } : {}) } };
    }
  }
  const nextRevisions = { ...revisions };
  const nextSaveIds = { ...saveIds };
  for (const [key, [stored, next]] of Object.entries(changes)) {
    if (stored === next) continue;
    nextRevisions[key] = (revisions[key] ?? 0) + 1;
    if (guard.saveId) nextSaveIds[key] = guard.saveId;
    else delete nextSaveIds[key];
  }
  return { revisions: nextRevisions, saveIds: nextSaveIds };
}
