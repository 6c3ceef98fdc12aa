import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { routesOf } from '@cc/contracts';
import { composeModules, defineModule, defineService } from '@cc/service-kit';
import { freshDatabase, startTestService, type TestDatabase } from '@cc/service-kit/testing';
import { coachingModule } from './coaching/module';
import { planningModule } from './planning/module';
import { coachingService } from './service';

let database: TestDatabase;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => {
  await database?.drop();
});

describe('svc-coaching: planning and coaching as two modules of one service', () => {
  test('every path of the service belongs to exactly one module', () => {
    for (const route of routesOf('coaching')) {
      const owners = [planningModule, coachingModule].filter((m) => m.owns(route.path)).map((m) => m.name);
      expect({ path: route.path, owners: owners.length }).toEqual({ path: route.path, owners: 1 });
    }
    expect(planningModule.owns('/planning/todos')).toBe(true);
    expect(planningModule.owns('/coaching/timeline_items')).toBe(true);
    expect(coachingModule.owns('/coaching/questionnaire_sections')).toBe(true);
  });

  test('a module cannot register a path of the other', async () => {
    const trespasser = defineModule({
      name: 'planning',
      owns: planningModule.owns,
      migrations: [],
      routes: (router) => {
        router.get('/coaching/questionnaire_sections', {}, () => undefined);
      },
    });
    const service = defineService({ name: 'coaching', ...composeModules([trespasser]) });
    await expect(startTestService(service, database.db)).rejects.toThrow(
      /module planning registered GET \/coaching\/questionnaire_sections, a path it does not own/,
    );
  });

  test("the modules' migrations run into the one schema under their module's name", async () => {
    const planning = defineModule({
      name: 'planning',
      owns: planningModule.owns,
      migrations: [
        { name: '001_todos', up: (knex, schema) => knex.schema.withSchema(schema).createTable('todos', (t) => t.increments('id')) },
      ],
      routes: () => undefined,
    });
    const coaching = defineModule({
      name: 'coaching',
      owns: coachingModule.owns,
      migrations: [
        { name: '001_sections', up: (knex, schema) => knex.schema.withSchema(schema).createTable('sections', (t) => t.increments('id')) },
      ],
      routes: () => undefined,
    });
    const running = await startTestService(defineService({ name: 'coaching', ...composeModules([planning, coaching]) }), database.db);
    try {
      const names = (await database.db('coaching.knex_migrations').orderBy('id').select('name')).map((r: { name: string }) => r.name);
      expect(names).toEqual(['planning/001_todos', 'coaching/001_sections']);
    } finally {
      await running.close();
    }
  });

  test('the service as shipped starts: planning and coaching answer every call they own', async () => {
    const other = await freshDatabase();
    const running = await startTestService(coachingService, other.db);
    try {
      expect(running.service.router.notImplemented()).toEqual([]);
    } finally {
      await running.close();
      await other.drop();
    }
  });
});
