/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { installFakeApi } from '../testing/fakeApi';
import { startFirstPeopleRequest, takeFirstPeopleRequest } from './firstRequest';

const SHELL_REQUEST = Symbol.for('cc.shell.firstPageRequest');
const list = [{ id: 4, full_name: 'Ada Lovelace' }];

/** What the shell's entry chunk leaves for the page (shell/src/remotes/firstPageRequest.ts). */
function shellSent(status: number, body: unknown) {
  const text = JSON.stringify(body);
  const response = { ok: status < 300, status, headers: new Headers({ 'content-type': 'application/json' }), text: async () => text };
  (globalThis as Record<symbol, unknown>)[SHELL_REQUEST] = { path: '/people', at: performance.now(), response: Promise.resolve(response) };
}

let fake: ReturnType<typeof installFakeApi>;
beforeEach(() => {
  fake = installFakeApi((req) => (req.path === '/people' ? { body: list } : undefined));
});
afterEach(() => {
  fake.uninstall();
  delete (globalThis as Record<symbol, unknown>)[SHELL_REQUEST];
  takeFirstPeopleRequest(new AbortController().signal);
  window.history.replaceState(null, '', '/');
});

describe('the people page’s first request', () => {
  it('is sent only by a visit that opens /people, and taken once', async () => {
    startFirstPeopleRequest();
    expect(takeFirstPeopleRequest(new AbortController().signal)).toBeNull();
    expect(fake.calls).toHaveLength(0);

    window.history.replaceState(null, '', '/people');
    startFirstPeopleRequest();
    expect(fake.find('GET', '/people')).toHaveLength(1);
    await expect(takeFirstPeopleRequest(new AbortController().signal)).resolves.toEqual(list);
    expect(takeFirstPeopleRequest(new AbortController().signal)).toBeNull();
  });

  it('reads the request the shell sent instead of sending its own', async () => {
    window.history.replaceState(null, '', '/people');
    shellSent(200, list);
    startFirstPeopleRequest();
    await expect(takeFirstPeopleRequest(new AbortController().signal)).resolves.toEqual(list);
    expect(fake.calls).toHaveLength(0);
  });

  it('asks again, the usual way, when the first answer was a 401', async () => {
    window.history.replaceState(null, '', '/people');
    shellSent(401, { success: false, errors: ['Sign in first'] });
    startFirstPeopleRequest();
    await expect(takeFirstPeopleRequest(new AbortController().signal)).resolves.toEqual(list);
    expect(fake.find('GET', '/people')).toHaveLength(1);
  });

  it('keeps any other error for the list to show', async () => {
    window.history.replaceState(null, '', '/people');
    shellSent(500, { success: false, errors: ['Database down'] });
    startFirstPeopleRequest();
    await expect(takeFirstPeopleRequest(new AbortController().signal)).rejects.toMatchObject({ status: 500 });
    expect(fake.calls).toHaveLength(0);
  });
});
