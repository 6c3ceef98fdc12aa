import { DOMAIN_IMPORT_MESSAGES as M, importedAddress, type IdMaps, type ImportRows } from '@cc/contracts';
import { definedColumns, tableNames, type Db, type DomainImport, type ImportTable } from '@cc/service-kit';

/**
 * svc-chat's part of an import (docs/import.md#the-domains-part): the stored conversations,
 * their messages and the chat settings. A conversation about a file or a person names it by id
 * (`file:12`, `person:3`): the key takes the new id from the other domain's part of this import
 * (`id_maps.files`, `id_maps.people`), and stays as it was when that object was not imported.
 * A conversation whose key the account already has gets the imported messages after its own.
 */

const T = tableNames('chat', ['conversations', 'messages', 'settings'] as const);

type Rows = ImportRows<'chat'>;

/** `file:<old>` / `person:<old>` → the new id's key, by the ids the other domains answered. */
export function importedKey(key: string, idMaps: IdMaps): string {
  const match = /^(file|person):(\d+)$/.exec(key);
  if (!match) return key;
  const [, kind, old] = match as unknown as [string, 'file' | 'person', string];
  const made = idMaps[kind === 'file' ? 'files' : 'people']?.[old];
  return made === undefined ? key : `${kind}:${made}`;
}

const REFERENCE_MAPS: Record<string, string> = { file: 'files', person: 'people', meeting: 'meetings' };

/**
 * An answer's references to a file, a person or a meeting name it by id, and a person's or a
 * meeting's address carries its id too (`/people?person=3&meeting=8`): both take the new ids.
 * Anything else (a reference to a todo, an address by names) stays as it was.
 */
export function importedReferences(references: unknown, idMaps: IdMaps): unknown {
  if (!Array.isArray(references)) return references;
  return references.map((ref: unknown) => {
    if (!ref || typeof ref !== 'object') return ref;
    const out = { ...(ref as Record<string, unknown>) };
    const map = typeof out.kind === 'string' ? idMaps[REFERENCE_MAPS[out.kind] ?? ''] : undefined;
    const made = map?.[String(out.id)];
    if (made !== undefined) out.id = String(made);
    if (typeof out.url === 'string') out.url = importedAddress(out.url, idMaps);
    return out;
  });
}

const settings: ImportTable = {
  target: T.settings,
  key: () => ({}),
  async write(w, input) {
    const row = input as Rows['settings'];
    if (await w.trx(T.settings).where({ user_id: w.userId }).first('user_id')) return w.skip('settings', M.chatSettingsKept);
    await w.trx(T.settings).insert({ user_id: w.userId, use_other_notes: row.use_other_notes, notes_disclosed_at: row.notes_disclosed_at });
    w.made('settings', 'settings', 'settings');
  },
};

const conversations: ImportTable = {
  target: T.conversations,
  async write(w, input) {
    const row = input as Rows['conversations'];
    const key = importedKey(row.key, w.idMaps);
    const existing = (await w.trx(T.conversations).where({ user_id: w.userId, key }).first('id', 'updated_at')) as
      { id: number; updated_at: Date } | undefined;
    if (existing) {
      // The imported messages come after its own: it was written to last now.
      await w.trx(T.conversations).where({ id: existing.id }).update({ updated_at: w.trx.fn.now() });
      return w.merged('conversations', row.id, existing.id, { updated_at: new Date(existing.updated_at).toISOString() });
    }
    const [made] = (await w
      .trx(T.conversations)
      .insert({ user_id: w.userId, key, ...definedColumns({ created_at: row.created_at, updated_at: row.updated_at }) })
      .returning('id')) as { id: number }[];
    w.made('conversations', row.id, made!.id);
  },
};

const messages: ImportTable = {
  target: T.messages,
  // Messages have no user_id: they are the caller's through their conversation.
  scope: (query, userId) => query.whereIn('conversation_id', (sub) => sub.from(T.conversations).where({ user_id: userId }).select('id')),
  async write(w, input) {
    const row = input as Rows['messages'];
    const conversation = await w.newId('conversations', row.conversation_id);
    if (!conversation) return w.skip('messages', M.missingParent('conversation'));
    const [made] = (await w
      .trx(T.messages)
      .insert({
        conversation_id: Number(conversation),
        role: row.role,
        content: row.content,
        references: row.references === null ? null : JSON.stringify(importedReferences(row.references, w.idMaps)),
        ...definedColumns({ created_at: row.created_at }),
      })
      .returning('id')) as { id: string | number }[];
    w.made('messages', row.id, String(made!.id));
  },
};

export function chatImport(db: Db): DomainImport {
  return { db, schema: 'chat', tables: { settings, conversations, messages } };
}
