import { IMPORT_LEDGER_TABLE, undoImport, type DomainImport } from './import-ledger';

/**
 * An import a domain took part in but never heard the end of: svc-chat stopped between batches
 * (a crash, a deploy) and can neither commit nor undo it any more. Its ledger is the list of what
 * it wrote; after this long without a batch, the domain takes it all back itself, so an import
 * stays all or nothing (docs/import.md#all-or-nothing). A running import sends a batch every few
 * seconds, and one of 100 MB ends in minutes: hours apart, the two cannot be mistaken.
 */
export const ABANDONED_IMPORT_MS = 6 * 60 * 60_000;

/** Takes back every import whose last batch here is older than ABANDONED_IMPORT_MS before `now`. Answers how many. */
export async function undoAbandonedImports(imp: DomainImport, now: Date = new Date()): Promise<number> {
  const abandoned = (await imp
    .db(`${imp.schema}.${IMPORT_LEDGER_TABLE}`)
    .groupBy('user_id', 'import_id')
    .havingRaw('max(created_at) < ?', [new Date(now.getTime() - ABANDONED_IMPORT_MS)])
    .select('user_id', 'import_id')) as { user_id: number; import_id: string }[];
  for (const { user_id, import_id } of abandoned) await undoImport(imp, user_id, import_id);
  return abandoned.length;
}
