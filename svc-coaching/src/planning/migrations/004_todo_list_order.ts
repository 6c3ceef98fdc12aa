import type { Migration } from '@cc/service-kit';

/**
 * `GET /planning/todos` lists open todos first, then by due date (undated last), then by id, and
 * pages by that key (docs/api.md#paged-lists). Undated sorts as 'infinity' so the key has no null
 * and a page is one row comparison on this index.
 */
export const todoListOrder: Migration = {
  name: '004_todo_list_order',
  async up(knex, schema) {
    await knex.raw(`create index todos_list_order on ??.todos (user_id, completed, coalesce(due_date, 'infinity'::date), id)`, [schema]);
  },
  async down(knex, schema) {
    await knex.raw('drop index if exists ??.todos_list_order', [schema]);
  },
};
