import type { Migration } from '@cc/service-kit';

/**
 * People (with their profile sections as one jsonb object), meetings, who attended them, and
 * the saved web research of each person. Attendee links carry the user id in both foreign
 * keys, so a meeting can only ever list its own user's people; deleting a person removes
 * their links (the meetings stay) and their saved research.
 */
export const peopleAndMeetings: Migration = {
  name: '001_people_meetings',
  async up(knex, schema) {
    const s = () => knex.schema.withSchema(schema);
    await s().createTable('people', (t) => {
      t.increments('id');
      t.integer('user_id').notNullable();
      t.text('full_name').notNullable();
      t.integer('position').notNullable().defaultTo(0);
      t.jsonb('profile').notNullable().defaultTo('{}');
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.unique(['user_id', 'id']);
      // GET /people reads (user_id, position) with the name included: the profiles are never touched.
      t.index(['user_id', 'position', 'id', 'full_name']);
    });
    await s().createTable('meetings', (t) => {
      t.increments('id');
      t.integer('user_id').notNullable();
      t.text('title').notNullable();
      // The user's wall-clock time, as typed (no zone): shown back exactly as written.
      t.specificType('meeting_date', 'timestamp(0) without time zone');
      t.text('location').notNullable().defaultTo('');
      for (const section of ['goals', 'agenda', 'anticipating', 'notes', 'followups', 'reflection']) {
        t.text(section).notNullable().defaultTo('');
      }
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.unique(['user_id', 'id']);
    });
    await s().createTable('meeting_attendees', (t) => {
      t.integer('user_id').notNullable();
      t.integer('meeting_id').notNullable();
      t.integer('person_id').notNullable();
      t.primary(['meeting_id', 'person_id']);
      t.foreign(['user_id', 'meeting_id']).references(['user_id', 'id']).inTable(`${schema}.meetings`).onDelete('CASCADE');
      t.foreign(['user_id', 'person_id']).references(['user_id', 'id']).inTable(`${schema}.people`).onDelete('CASCADE');
      // A person's meetings.
      t.index(['user_id', 'person_id']);
    });
    await s().createTable('person_research', (t) => {
      t.integer('user_id').notNullable();
      t.integer('person_id').notNullable().primary();
      /** The name, role and company the research was made for: a change of any makes it stale. */
      t.text('subject').notNullable();
      t.text('answer').notNullable();
      t.jsonb('citations').notNullable().defaultTo('[]');
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.foreign(['user_id', 'person_id']).references(['user_id', 'id']).inTable(`${schema}.people`).onDelete('CASCADE');
    });
  },
  async down(knex, schema) {
    for (const table of ['person_research', 'meeting_attendees', 'meetings', 'people'])
      await knex.schema.withSchema(schema).dropTable(table);
  },
};
