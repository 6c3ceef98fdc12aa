import { intKey, iso, keyset, pageOf, type Db, type Page } from '@cc/service-kit';
import type { Knex } from 'knex';
import { isIsoDate, type Todo, type TodoFields, type TodoPatch, type TodoSource } from '@cc/contracts';
import { z } from 'zod';
import { T } from './tables';

type Conn = Db | Knex.Transaction;

interface TodoRow {
  id: number;
  title: string;
  due_date: string | null;
  description: string;
  tags: string[];
  completed: boolean;
  milestone_id: number | null;
  source_key: string | null;
  source_label: string | null;
  source_url: string | null;
  created_at: Date;
  updated_at: Date;
}

/** Dates go in and out as YYYY-MM-DD text (never through a JS Date and its time zone). */
const COLUMNS = [
  'id',
  'title',
  "to_char(due_date, 'YYYY-MM-DD') as due_date",
  'description',
  'tags',
  'completed',
  'milestone_id',
  'source_key',
  'source_label',
  'source_url',
  'created_at',
  'updated_at',
].join(', ');

export const publicTodo = (r: TodoRow): Todo => ({
  id: r.id,
  title: r.title,
  due_date: r.due_date,
  description: r.description,
  tags: r.tags,
  completed: r.completed,
  milestone_id: r.milestone_id,
  source_key: r.source_key,
  source_label: r.source_label,
  source_url: r.source_url,
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});

/** The link names a milestone that is not this user's (the (user_id, milestone_id) foreign key). */
const isMissingMilestone = (err: unknown) => (err as { code?: string } | null)?.code === '23503';

/** A todos cursor: the last todo's sort key (completed, due date or 'infinity' when undated, id). */
export const todoListKey = z.tuple([z.boolean(), z.union([z.literal('infinity'), z.string().refine(isIsoDate)]), intKey]);

/**
 * Open todos first, then by due date (undated last), then by id: all of them, or one page after
 * the cursor's todo, on the todos_list_order index (planning migration 004).
 */
export async function listTodos(db: Conn, userId: number, page?: Page) {
  const k = keyset(page, ['completed', "coalesce(due_date, 'infinity'::date)", 'id']);
  const { rows } = await db.raw(`select ${COLUMNS} from ${T.todos} where user_id = ? and ${k.where} order by ${k.orderBy} limit ?`, [
    userId,
    ...k.bindings,
    k.limit,
  ]);
  const { items, next_cursor } = pageOf(rows as TodoRow[], page, (r) => [r.completed, r.due_date ?? 'infinity', r.id]);
  return { todos: items.map(publicTodo), next_cursor };
}

/**
 * A todo with a source_key the user already has is not made again: the answer is the todo made
 * the first time, marked `duplicate` (the unique index decides, so two racing sends make one).
 */
export async function insertSourcedTodo(
  db: Conn,
  userId: number,
  todo: TodoFields & Partial<TodoSource>,
): Promise<{ todo: Todo; duplicate: boolean } | 'no_milestone'> {
  try {
    const { rows } = await db.raw(
      `insert into ${T.todos} (user_id, title, due_date, description, tags, milestone_id, source_key, source_label, source_url)
       values (?, ?, ?::date, ?, ?::text[], ?, ?, ?, ?)
       on conflict (user_id, source_key) where source_key is not null do nothing
       returning ${COLUMNS}`,
      [
        userId,
        todo.title,
        todo.due_date,
        todo.description,
        todo.tags,
        todo.milestone_id,
        todo.source_key ?? null,
        todo.source_label ?? null,
        todo.source_url ?? null,
      ],
    );
    if (rows[0]) return { todo: publicTodo(rows[0] as TodoRow), duplicate: false };
    const existing = await db.raw(`select ${COLUMNS} from ${T.todos} where user_id = ? and source_key = ?`, [
      userId,
      todo.source_key ?? null,
    ]);
    return { todo: publicTodo(existing.rows[0] as TodoRow), duplicate: true };
  } catch (err) {
    if (isMissingMilestone(err)) return 'no_milestone';
    throw err;
  }
}

/** A todo without a source (the form's other callers: the planning chat, a workback plan). */
export async function insertTodo(db: Conn, userId: number, todo: TodoFields): Promise<Todo | 'no_milestone'> {
  const made = await insertSourcedTodo(db, userId, todo);
  return made === 'no_milestone' ? made : made.todo;
}

/** Changes the fields given; the others keep their values. */
export async function updateTodo(db: Db, userId: number, id: number, patch: TodoPatch): Promise<Todo | 'not_found' | 'no_milestone'> {
  const sets: string[] = [];
  const values: Knex.RawBinding[] = [];
  const set = (sql: string, value: Knex.RawBinding) => {
    sets.push(sql);
    values.push(value);
  };
  if (patch.title !== undefined) set('title = ?', patch.title);
  if (patch.due_date !== undefined) set('due_date = ?::date', patch.due_date);
  if (patch.description !== undefined) set('description = ?', patch.description);
  if (patch.tags !== undefined) set('tags = ?::text[]', patch.tags);
  if (patch.milestone_id !== undefined) set('milestone_id = ?', patch.milestone_id);
  try {
    const { rows } = await db.raw(
      `update ${T.todos} set ${[...sets, 'updated_at = now()'].join(', ')} where user_id = ? and id = ? returning ${COLUMNS}`,
      [...values, userId, id],
    );
    return rows[0] ? publicTodo(rows[0] as TodoRow) : 'not_found';
  } catch (err) {
    if (isMissingMilestone(err)) return 'no_milestone';
    throw err;
  }
}

export async function toggleTodo(db: Db, userId: number, id: number): Promise<Todo | 'not_found'> {
  const { rows } = await db.raw(
    `update ${T.todos} set completed = not completed, updated_at = now() where user_id = ? and id = ? returning ${COLUMNS}`,
    [userId, id],
  );
  return rows[0] ? publicTodo(rows[0] as TodoRow) : 'not_found';
}

/** The open todos due between two days (inclusive), soonest first. */
export async function openTodosDue(db: Conn, userId: number, first: string, last: string, limit: number): Promise<Todo[]> {
  const { rows } = await db.raw(
    `select ${COLUMNS} from ${T.todos}
     where user_id = ? and not completed and due_date between ?::date and ?::date
     order by due_date, id limit ?`,
    [userId, first, last, limit],
  );
  return (rows as TodoRow[]).map(publicTodo);
}
