import { afterEach, beforeEach, expect, jest } from '@jest/globals';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { checkContract, dialogNamed, explorerRoot, forbidNativeDialogs, Harness } from './explorerHarness';

export interface DialogTest {
  /** This test's user-event user. */
  user: UserEvent;
  /**
   * The explorer with its folders loaded, and drag and drop too: the pointer entering it loads
   * that code and swaps the lists, which user-event's quick pointer sequence would otherwise race.
   */
  renderExplorer: (folder: string) => Promise<void>;
  /** Types `text` in place of a field's value (nothing: leaves it empty). */
  retype: (field: HTMLElement, text: string) => Promise<void>;
  /** The alert named `title` says `message`; OK dismisses it. */
  dismissAlert: (title: string, message: string) => Promise<void>;
  /** Opens a row's ⋯ menu and picks an item; answers the menu button (where the focus comes back). */
  pick: (menu: string, item: string) => Promise<HTMLElement>;
}

/**
 * A test file about the explorer's in-app dialogs: a user per test, the browser's own dialogs
 * forbidden, and the contract checked after each test.
 */
export function setUpDialogTests(): DialogTest {
  let noNativeDialogs: () => void;
  const t = {} as DialogTest;
  beforeEach(() => {
    noNativeDialogs = forbidNativeDialogs();
    t.user = userEvent.setup();
  });
  afterEach(() => {
    noNativeDialogs();
    cleanup();
    checkContract();
    jest.restoreAllMocks();
  });
  t.renderExplorer = async (folder) => {
    render(<Harness />);
    await screen.findByText(folder);
    await t.user.hover(explorerRoot());
    await waitFor(() => expect(explorerRoot().getAttribute('data-dnd')).toBe('ready'));
  };
  t.retype = async (field, text) => {
    await t.user.clear(field);
    if (text) await t.user.type(field, text);
  };
  t.dismissAlert = async (title, message) => {
    const alert = await dialogNamed(title);
    expect(within(alert).getByRole('alert').textContent).toBe(message);
    await t.user.click(within(alert).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: title })).toBeNull());
  };
  t.pick = async (menu, item) => {
    const button = screen.getByRole('button', { name: menu });
    await t.user.click(button);
    await t.user.click(screen.getByRole('menuitem', { name: item }));
    return button;
  };
  return t;
}
