import { afterEach, beforeEach, jest } from '@jest/globals';
import { Autosave } from './autosave';
import type { AutosaveOptions } from './options';

/** The autosave unit tests' document and fake server (fake timers, a clean localStorage per test). */

export const KEY = 'cc:draft:test';

interface Call {
  content: string;
  base: number | undefined;
  keepalive: boolean;
}

/** A document and a fake server: every save is held until the test answers it. */
export function setup(options: Partial<AutosaveOptions<number>> = {}) {
  let text = '';
  const calls: Call[] = [];
  /** The save id each call carried (kept apart so `calls` stays comparable). */
  const ids: string[] = [];
  const answers: Array<{ resolve: (v: number | undefined) => void; reject: (e: unknown) => void }> = [];
  const autosave = new Autosave<number>({
    storageKey: KEY,
    getContent: () => text,
    getLength: () => text.length,
    save: (content, base, { keepalive, saveId }) => {
      calls.push({ content, base, keepalive });
      ids.push(saveId);
      return new Promise<number | undefined>((resolve, reject) => answers.push({ resolve, reject }));
    },
    ...options,
  });
  return {
    autosave,
    calls,
    ids,
    type(next: string) {
      text = next;
      autosave.changed();
    },
    set text(v: string) {
      text = v;
    },
    async answer(value?: number) {
      answers.shift()!.resolve(value);
      await flushPromises();
    },
    async fail(error: unknown) {
      answers.shift()!.reject(error);
      await flushPromises();
    },
  };
}

export async function flushPromises() {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

export function withAutosaveTestClock() {
  beforeEach(() => {
    localStorage.clear();
    jest.useFakeTimers();
  });

  afterEach(() => {
    jest.useRealTimers();
  });
}
