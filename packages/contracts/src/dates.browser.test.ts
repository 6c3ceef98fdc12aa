/** @jest-environment jsdom */
import { afterEach, describe, expect, it } from '@jest/globals';
import { dateLocale } from './dates';

/** navigator.languages answers `list`, counting its reads. */
function browserLanguages(list: string[]) {
  const read = { count: 0, list };
  Object.defineProperty(navigator, 'languages', {
    configurable: true,
    get: () => {
      read.count += 1;
      return read.list;
    },
  });
  return read;
}

describe('dates in a browser', () => {
  afterEach(() => {
    Object.defineProperty(navigator, 'languages', { value: ['en-GB'], configurable: true });
    window.dispatchEvent(new Event('languagechange'));
  });

  it("reads the browser's locale once, and again when the user changes their languages", () => {
    const read = browserLanguages(['en-US']);
    window.dispatchEvent(new Event('languagechange'));
    expect(dateLocale()).toBe('en-US');
    expect(dateLocale()).toBe('en-US');
    expect(read.count).toBe(1);
    read.list = ['de-DE'];
    expect(dateLocale()).toBe('en-US');
    window.dispatchEvent(new Event('languagechange'));
    expect(dateLocale()).toBe('de-DE');
  });
});
