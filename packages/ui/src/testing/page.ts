/**
 * The page a remote's component test starts from: signed in (storage account 7), an empty
 * localStorage, no chat status known yet, and optionally the user's clock stopped at a moment.
 */
import { act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, jest } from '@jest/globals';
import { resetChatStatusCache } from '../chat/api';
import { forgetStorageAccount, setStorageAccount } from '../storage';

interface Installed {
  uninstall(): void;
}

/** Call once at the top of a test file; `fake` reads the test's fake fetch, uninstalled after it. */
export function setUpSignedInPage({ clock, fake }: { clock?: Date; fake?: () => Installed | undefined } = {}) {
  beforeEach(() => {
    if (clock) {
      jest.useFakeTimers({ doNotFake: ['queueMicrotask'] });
      jest.setSystemTime(clock);
    }
    localStorage.clear();
    setStorageAccount('7');
    resetChatStatusCache();
  });
  afterEach(() => {
    fake?.()?.uninstall();
    forgetStorageAccount();
    jest.useRealTimers();
  });
}

/** A user whose pauses pass on jest's fake clock. */
export const timedUser = () => userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });

/** Moves the fake clock on inside act, so what it fires renders. */
export const elapse = (ms: number) => act(async () => jest.advanceTimersByTime(ms));
