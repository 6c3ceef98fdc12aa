/** @jest-environment jsdom */
import { describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { Modal } from './Modal';

function Harness({ onClose = () => undefined }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const close = () => {
    onClose();
    setOpen(false);
  };
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal open={open} onClose={close} title="Edit folder" initialFocusRef={nameRef} footer={<button type="button">Save</button>}>
        <label>
          Name <input ref={nameRef} />
        </label>
      </Modal>
    </>
  );
}

/**
 * A browser drops the focus to the page when the focused element is disabled (the focus fixup
 * rule); jsdom keeps it on the disabled element. Do what the browser does.
 */
function emulateFocusFixup(): () => void {
  const observer = new MutationObserver(() => {
    const active = document.activeElement;
    if (!(active instanceof HTMLElement) || !active.matches(':disabled')) return;
    // jsdom's blur() ignores a disabled element: move the focus to a node and drop that node.
    const page = document.createElement('span');
    page.tabIndex = -1;
    document.body.append(page);
    page.focus();
    page.remove();
  });
  observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['disabled'] });
  return () => observer.disconnect();
}

/** A dialog whose Save fails after a while: the button is disabled (or replaced) meanwhile. */
function FailingSave({ replace = false, onClose = () => undefined }: { replace?: boolean; onClose?: () => void }) {
  const [open, setOpen] = useState(true);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const save = async () => {
    setBusy(true);
    setFailed(false);
    await new Promise((resolve) => setTimeout(resolve, 20));
    setBusy(false);
    setFailed(true);
  };
  const footer =
    busy && replace ? (
      <span>Saving…</span>
    ) : (
      <button type="button" disabled={busy} onClick={() => void save()}>
        Save
      </button>
    );
  return (
    <Modal
      open={open}
      onClose={() => {
        onClose();
        setOpen(false);
      }}
      title="Edit folder"
      footer={footer}
    >
      <label>
        Name <input />
      </label>
      {failed && <p role="alert">Could not save.</p>}
    </Modal>
  );
}

describe('Modal', () => {
  it('is a named dialog that takes the focus and gives it back', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Edit folder' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes on the close button and on a backdrop click, not on a click inside', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    render(<Harness onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    fireEvent.mouseDown(screen.getByRole('dialog'));
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.mouseDown(screen.getByTestId('cc-modal-backdrop'));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('keeps Tab inside the dialog', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const save = screen.getByRole('button', { name: 'Save' });
    act(() => save.focus());
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(save);
  });

  for (const replace of [false, true])
    it(`keeps the focus inside after a failed save (the focused button ${replace ? 'replaced' : 'disabled, then enabled again'})`, async () => {
      const stop = emulateFocusFixup();
      try {
        const user = userEvent.setup();
        const onClose = jest.fn();
        render(<FailingSave replace={replace} onClose={onClose} />);
        const dialog = screen.getByRole('dialog', { name: 'Edit folder' });
        await user.click(screen.getByRole('button', { name: 'Save' }));
        await screen.findByRole('alert');
        await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
        // Tab stays inside, forwards and backwards.
        for (let i = 0; i < 4; i += 1) {
          await user.tab();
          expect(dialog.contains(document.activeElement)).toBe(true);
        }
        await user.tab({ shift: true });
        expect(dialog.contains(document.activeElement)).toBe(true);
        // Escape still closes.
        await user.keyboard('{Escape}');
        expect(onClose).toHaveBeenCalledTimes(1);
        expect(screen.queryByRole('dialog')).toBeNull();
      } finally {
        stop();
      }
    });

  it('answers Escape and Tab even when the focus was lost to the page', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    render(<FailingSave onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Edit folder' });
    act(() => (document.activeElement as HTMLElement).blur());
    expect(document.activeElement).toBe(document.body);
    await user.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
    act(() => (document.activeElement as HTMLElement).blur());
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
