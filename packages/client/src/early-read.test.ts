import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { earlyRead } from './early-read';
import { ApiError } from './errors';

afterEach(() => {
  jest.useRealTimers();
});

describe('earlyRead: a page read sent before the page renders, taken once by its first load', () => {
  it('gives the answer once, to the load that asks for the same key', async () => {
    const early = earlyRead<string>();
    const again = jest.fn(async () => 'asked again');
    early.start('/people', async () => 'early');
    expect(early.take('/planning', again)).toBeNull();
    // Asked for something else: gone, so a later load of the right key asks the server itself.
    expect(early.take('/people', again)).toBeNull();
    early.start('/people', async () => 'early');
    await expect(early.take('/people', again)).resolves.toBe('early');
    expect(early.take('/people', again)).toBeNull();
    expect(again).not.toHaveBeenCalled();
  });

  it('is not used once older than its age limit (it may predate a change)', () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate'] });
    const early = earlyRead<string>(1_000);
    early.start('k', async () => 'early');
    jest.advanceTimersByTime(1_001);
    expect(early.take('k', async () => 'again')).toBeNull();
  });

  it('asks again the usual way after a 401, and keeps any other error for the page to show', async () => {
    const early = earlyRead<string>();
    early.start('k', async () => Promise.reject(new ApiError(401, ['Sign in'])));
    await expect(early.take('k', async () => 'asked again')).resolves.toBe('asked again');
    early.start('k', async () => Promise.reject(new ApiError(500, ['Server error'])));
    await expect(early.take('k', async () => 'asked again')).rejects.toThrow('Server error');
  });

  it('a read nobody takes never becomes an unhandled rejection', async () => {
    const early = earlyRead<string>();
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    early.start('k', async () => Promise.reject(new ApiError(500, ['x'])));
    await new Promise((r) => setTimeout(r, 10));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
