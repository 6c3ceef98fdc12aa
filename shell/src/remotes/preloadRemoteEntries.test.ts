/** @jest-environment jsdom */
import { afterEach, describe, expect, it } from '@jest/globals';
import { preloadRemoteEntries, remoteEntriesAt } from './preloadRemoteEntries';

const preloaded = () =>
  [...document.head.querySelectorAll('link[rel="preload"]')].map((l) => [l.getAttribute('as'), l.getAttribute('href')]);
const settle = () => new Promise((r) => setTimeout(r, 0));
/** What the probe answered (jsdom has no Response; only its status is read). */
const answered = (status: number) => Promise.resolve({ ok: status >= 200 && status < 300, status } as Response);

afterEach(() => {
  document.head.innerHTML = '';
});

describe("the address's remote entries, preloaded from the entry chunk", () => {
  it("names the page's remote, and the people remote for the dashboard's About me panel", () => {
    expect(remoteEntriesAt('/dashboard')).toEqual(['/mfe/dashboard/remoteEntry.js', '/mfe/people/remoteEntry.js']);
    expect(remoteEntriesAt('/journal/2026-11-23')).toEqual(['/mfe/dashboard/remoteEntry.js']);
    expect(remoteEntriesAt('/planning/action_plan')).toEqual(['/mfe/planning/remoteEntry.js']);
    expect(remoteEntriesAt('/people')).toEqual(['/mfe/people/remoteEntry.js']);
    for (const shellPage of ['/', '/sign-in', '/sign-up', '/nowhere']) expect(remoteEntriesAt(shellPage)).toEqual([]);
  });

  it('adds a script preload for each once the session probe says someone is signed in', async () => {
    preloadRemoteEntries('/dashboard', answered(200));
    expect(preloaded()).toEqual([]);
    await settle();
    expect(preloaded()).toEqual([
      ['script', '/mfe/dashboard/remoteEntry.js'],
      ['script', '/mfe/people/remoteEntry.js'],
    ]);
  });

  it('preloads nothing for a signed-out visitor, a failed probe, or a shell page', async () => {
    preloadRemoteEntries('/dashboard', answered(401));
    preloadRemoteEntries('/planning', Promise.reject(new Error('offline')));
    preloadRemoteEntries('/sign-in', answered(200));
    preloadRemoteEntries('/coaching', null);
    await settle();
    expect(preloaded()).toEqual([]);
  });
});
