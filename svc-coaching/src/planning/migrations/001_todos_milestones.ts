import type { Migration } from '@cc/service-kit';

/**
 * Todos and milestones. A todo may be linked to a milestone of the same user: the foreign key
 * is (user_id, milestone_id), so a link to another user's milestone cannot exist, and deleting
 * a milestone sets only milestone_id to null (its todos stay, unlinked).
 */
export const todosAndMilestones: Migration = {
  name: '001_todos_milestones',
  async up(knex, schema) {
    // A fresh builder per statement: a reused one would run its earlier statements again.
    const s = () => knex.schema.withSchema(schema);
    await s().createTable('milestones', (t) => {
      t.increments('id');
      t.integer('user_id').notNullable();
      t.text('title').notNullable();
      t.date('target_date').notNullable();
      t.text('description').notNullable().defaultTo('');
      t.text('milestone_type').notNullable().defaultTo('');
      t.boolean('completed').notNullable().defaultTo(false);
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.unique(['user_id', 'id']);
      t.index(['user_id', 'target_date']);
    });
    await s().createTable('todos', (t) => {
      t.increments('id');
      t.integer('user_id').notNullable();
      t.text('title').notNullable();
      t.date('due_date');
      t.text('description').notNullable().defaultTo('');
      t.specificType('tags', 'text[]').notNullable().defaultTo('{}');
      t.boolean('completed').notNullable().defaultTo(false);
      t.integer('milestone_id');
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['user_id', 'due_date']);
      t.index(['user_id', 'milestone_id']);
    });
    // knex cannot write SET NULL (column), which keeps user_id when the milestone goes.
    await knex.raw(
      `alter table ??.todos add constraint todos_milestone_fk foreign key (user_id, milestone_id)
       references ??.milestones (user_id, id) on delete set null (milestone_id)`,
      [schema, schema],
    );
  },
  async down(knex, schema) {
    await knex.schema.withSchema(schema).dropTable('todos');
    await knex.schema.withSchema(schema).dropTable('milestones');
  },
};
