import { afterEach, expect, test } from '@jest/globals';
import { api } from '@cc/client';
import { installContractApi } from './contractApi';

let uninstall: (() => void) | undefined;
afterEach(() => uninstall?.());

const person = { id: 4, full_name: 'Sam Lee' };

test('a call is answered by its fake route with the params the contract parsed; a wrong answer is a violation', async () => {
  const fake = installContractApi({
    'GET /people/{id}': ({ params }) => ({ success: true, person: { ...person, id: Number(params.id) } as never }),
  });
  uninstall = fake.uninstall;
  await expect(api.call('GET /people/{id}', { params: { id: 4 } })).rejects.toMatchObject({ status: 500 });
  expect(fake.violations[0]).toMatch(/GET \/people\/\{id\}: the test's answer does not match the contract/);
  expect(() => fake.assertNoViolations()).toThrow(/does not match/);
});

test('a request the contract refuses is a 422 as the service would answer, and a violation', async () => {
  const fake = installContractApi({
    'PATCH /people/reorder': ({ body }) => ({ success: true, ignored: (body as { order: number[] }).order.slice(2) }),
  });
  uninstall = fake.uninstall;
  await expect(api.call('PATCH /people/reorder', { body: { order: 'all of them' as never } })).rejects.toMatchObject({ status: 422 });
  expect(fake.violations).toHaveLength(1);
  await expect(api.call('PATCH /people/reorder', { body: { order: [3, 1, 9] } })).resolves.toEqual({ success: true, ignored: [9] });
});

test('calls without a fake route answer 404, as before', async () => {
  const fake = installContractApi({});
  uninstall = fake.uninstall;
  await expect(api.call('GET /planning/todos')).rejects.toMatchObject({ status: 404 });
  fake.assertNoViolations();
});
