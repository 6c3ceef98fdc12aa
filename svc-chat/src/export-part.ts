import { recordRow, rowsById, tableNames, type Db, type ExportPart } from '@cc/service-kit';

const T = tableNames('chat', ['conversations', 'messages', 'settings'] as const);

type Row = Record<string, unknown>;

/**
 * svc-chat's part of an export (docs/export.md): the stored conversations, their messages and
 * the chat settings, as records only. A conversation's key names the object it is about by that
 * object's id (`file:12`, `person:3`), which an import maps to the new ids.
 */
export function chatExportPart(db: Db, userId: number): ExportPart {
  return {
    async totals() {
      const { rows } = await db.raw(
        `select (select count(*) from ${T.conversations} where user_id = :u) + (select count(*) from ${T.settings} where user_id = :u)
                + (select count(*) from ${T.messages} m join ${T.conversations} c on c.id = m.conversation_id where c.user_id = :u) as records,
                (select coalesce(sum(octet_length(m.content)), 0) from ${T.messages} m join ${T.conversations} c on c.id = m.conversation_id where c.user_id = :u) as bytes`,
        { u: userId },
      );
      const r = rows[0] as { records: string | number; bytes: string | number };
      return { records: Number(r.records), bytes: Number(r.bytes) };
    },
    async *lines() {
      const settings = (await db(T.settings).where({ user_id: userId }).first('use_other_notes', 'notes_disclosed_at')) as Row | undefined;
      if (settings) yield { record: { table: 'settings', row: recordRow(settings) } };
      const conversations = (await db(T.conversations)
        .where({ user_id: userId })
        .orderBy('id')
        .select('id', 'key', 'created_at', 'updated_at')) as Row[];
      for (const c of conversations) {
        yield { record: { table: 'conversations', row: recordRow(c) } };
        const messages = rowsById<Row & { id: unknown }>(() =>
          db(T.messages).where({ conversation_id: c.id }).select('id', 'conversation_id', 'role', 'content', 'references', 'created_at'),
        );
        // Message ids are bigint, which pg answers as text.
        for await (const m of messages) yield { record: { table: 'messages', row: recordRow({ ...m, id: Number(m.id) }) } };
      }
    },
  };
}
