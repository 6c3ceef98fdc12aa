import type { ChatSettings as AccountChatSettings } from '@cc/contracts';
import { tableNames, type Db } from '@cc/service-kit';

const T = tableNames('chat', ['settings'] as const);

/** The account's chat settings: the defaults until the user changes one. */
export async function readChatSettings(db: Db, userId: number): Promise<AccountChatSettings & { notesDisclosed: boolean }> {
  const row = await db(T.settings).where({ user_id: userId }).first('use_other_notes', 'notes_disclosed_at');
  return { use_other_notes: row ? Boolean(row.use_other_notes) : true, notesDisclosed: Boolean(row?.notes_disclosed_at) };
}

export async function writeChatSettings(db: Db, userId: number, settings: AccountChatSettings): Promise<AccountChatSettings> {
  await db(T.settings)
    .insert({ user_id: userId, use_other_notes: settings.use_other_notes, updated_at: db.fn.now() })
    .onConflict('user_id')
    .merge(['use_other_notes', 'updated_at']);
  return { use_other_notes: settings.use_other_notes };
}

/**
 * Marks the one-time notice about notes sent to a model as given; true only for the call that
 * marked it (two answers at once do not both say it).
 */
export async function claimNotesDisclosure(db: Db, userId: number): Promise<boolean> {
  const rows = await db.raw(
    `insert into ${T.settings} (user_id, notes_disclosed_at) values (?, now())
     on conflict (user_id) do update set notes_disclosed_at = now() where ${T.settings}.notes_disclosed_at is null
     returning user_id`,
    [userId],
  );
  return (rows.rows as unknown[]).length > 0;
}
