import { afterEach, describe, expect, it } from '@jest/globals';
import { flushPendingSaves, forgetPendingSaves } from '@cc/ui/pending-saves';
import { installFakeApi } from '@cc/ui/testing/fake-api';
import { reorderFiles } from './files';
import { reorderFolders } from './folders';

let uninstall = () => {};
afterEach(() => {
  uninstall();
  forgetPendingSaves();
});

/** A server whose answers to reorders wait for `answer()`. */
function slowServer() {
  let answer = () => {};
  const answered = new Promise<void>((resolve) => (answer = resolve));
  const fake = installFakeApi(async () => {
    await answered;
    return { body: { success: true, ignored: [] } };
  });
  uninstall = fake.uninstall;
  const keepalive = () => fake.fetchMock.mock.calls.map(([, init]) => (init as { keepalive?: boolean }).keepalive === true);
  return { fake, answer, keepalive };
}

describe('a new order outlives the page', () => {
  it('folders and files: sent with keepalive, so a reload right after the drop does not cancel it', async () => {
    const server = slowServer();
    server.answer();
    await reorderFolders(['beta', 'alpha']);
    await reorderFiles('alpha', [3, 1, 2]);
    expect(server.fake.calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['PATCH', '/folders/reorder', { order: ['beta', 'alpha'] }],
      ['PATCH', '/files/reorder', { folder: 'alpha', ids: [3, 1, 2] }],
    ]);
    expect(server.keepalive()).toEqual([true, true]);
  });

  it('an order over the browser’s keepalive cap goes as any other call (a keepalive fetch that large is refused)', async () => {
    const server = slowServer();
    server.answer();
    await reorderFolders(Array.from({ length: 2000 }, (_, i) => `a folder with a long enough name ${i}`));
    expect(server.keepalive()).toEqual([false]);
  });

  it('sign-out waits for an order not answered yet', async () => {
    const server = slowServer();
    const saving = reorderFolders(['beta', 'alpha']);
    let flushed: boolean | undefined;
    const flush = flushPendingSaves().then((ok) => (flushed = ok));
    await new Promise((r) => setTimeout(r, 20));
    expect(flushed).toBeUndefined();
    server.answer();
    await saving;
    await flush;
    expect(flushed).toBe(true);
    // Answered: nothing is pending any more.
    expect(await flushPendingSaves(10)).toBe(true);
  });
});
