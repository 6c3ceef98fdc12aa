import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import './modal.css';

export interface ModalProps {
  open: boolean;
  /** Called on Escape, a backdrop click and the close button. */
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  /** Action buttons under the body. */
  footer?: ReactNode;
  /** What gets the focus when the dialog opens (default: its first focusable element). */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Accessible name of the × button (default 'Close'). */
  closeLabel?: string;
  className?: string;
  /** Close on a backdrop click (default true). */
  closeOnBackdrop?: boolean;
  /** The id of the text that says what the dialog is about (a confirm's or an alert's message). */
  describedBy?: string;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), textarea:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The open dialogs, the topmost last: only it keeps the focus (a dialog may open another).
 * Kept on the page rather than in this module: a remote may bundle its own copy of Modal
 * (through `@cc/ui/dialogs`) beside the shared one, and both must see one stack.
 */
const STACK_KEY = Symbol.for('@cc/ui/open-dialogs');
const host = globalThis as typeof globalThis & { [STACK_KEY]?: HTMLElement[] };
const openDialogs: HTMLElement[] = (host[STACK_KEY] ??= []);

/** One backdrop however many dialogs are open: the ones above the first are see-through. */
function restack(): void {
  openDialogs.forEach((dialog, index) => dialog.parentElement?.classList.toggle('cc-modal-backdrop-stacked', index > 0));
}

/** A focused element that can no longer hold the focus (the browser drops it to the page). */
function unusable(el: Element): boolean {
  return el.matches(':disabled') || el.closest('[hidden], [inert]') !== null;
}

/** What Tab reaches inside `root`: a link or control taken out of the Tab order (tabindex -1, as a listbox's rows) is not one. */
function focusables(root: HTMLElement | null): HTMLElement[] {
  return root ? Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.getAttribute('tabindex') !== '-1') : [];
}

/**
 * An accessible modal dialog: `role="dialog"` + `aria-modal`, named by its title; focus moves
 * into it on open, Tab stays inside, and it returns to where it was on close. Escape, a
 * backdrop click and the × button all call `onClose`.
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  footer,
  initialFocusRef,
  closeLabel = 'Close',
  className,
  closeOnBackdrop = true,
  describedBy,
}: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  // Focus stays inside until the dialog closes, whatever happens in it: the focused button may be
  // disabled (a submit in progress) or unmounted, and the browser then drops the focus to the
  // page. The topmost open dialog takes it back, and Escape and Tab keep working from the page.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    openDialogs.push(dialog);
    restack();
    const isTop = () => openDialogs[openDialogs.length - 1] === dialog;
    const reclaim = () => {
      if (!isTop() || !dialog.isConnected) return;
      const active = document.activeElement;
      if (!active || !dialog.contains(active) || unusable(active)) dialog.focus();
    };
    const onFocusIn = (event: FocusEvent) => {
      if (isTop() && event.target instanceof Node && !dialog.contains(event.target)) reclaim();
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(reclaim, 0);
    };
    const onFocusOut = (event: FocusEvent) => {
      if (!event.relatedTarget) later();
    };
    const onDocumentKeyDown = (event: globalThis.KeyboardEvent) => {
      // Inside the dialog its own onKeyDown answers; this is for a focus that was lost to the page.
      if (!isTop() || event.defaultPrevented || (event.target instanceof Node && dialog.contains(event.target))) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
      } else if (event.key === 'Tab') {
        event.preventDefault();
        const items = focusables(dialog);
        const target = event.shiftKey ? items[items.length - 1] : items[0];
        (target ?? dialog).focus();
      }
    };
    const observer = typeof MutationObserver === 'undefined' ? null : new MutationObserver(later);
    observer?.observe(dialog, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled', 'hidden', 'inert'] });
    document.addEventListener('focusin', onFocusIn);
    dialog.addEventListener('focusout', onFocusOut);
    document.addEventListener('keydown', onDocumentKeyDown);
    return () => {
      clearTimeout(timer);
      observer?.disconnect();
      document.removeEventListener('focusin', onFocusIn);
      dialog.removeEventListener('focusout', onFocusOut);
      document.removeEventListener('keydown', onDocumentKeyDown);
      const at = openDialogs.lastIndexOf(dialog);
      if (at >= 0) openDialogs.splice(at, 1);
      restack();
    };
  }, [open]);

  // After the stack effect above: a dialog opened over another is the top one before it takes
  // the focus, so the one beneath does not take it back.
  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    const target = initialFocusRef?.current ?? focusables(dialog).find((el) => !el.classList.contains('cc-modal-close')) ?? dialog;
    target?.focus();
    return () => {
      if (previous && previous.isConnected) previous.focus();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- focus is placed once per opening
  }, [open]);

  if (!open || typeof document === 'undefined') return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = focusables(dialogRef.current);
    if (items.length === 0) {
      event.preventDefault();
      return;
    }
    const first = items[0]!;
    const last = items[items.length - 1]!;
    const active = document.activeElement;
    const stray = active === dialogRef.current || (active !== null && unusable(active));
    if (event.shiftKey && (active === first || stray)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || stray)) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div
      className="cc-modal-backdrop"
      data-testid="cc-modal-backdrop"
      onMouseDown={(event) => {
        if (closeOnBackdrop && event.target === event.currentTarget) onCloseRef.current();
      }}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={className ? `cc-modal ${className}` : 'cc-modal'}
        onKeyDown={onKeyDown}
      >
        <div className="cc-modal-header">
          <h2 id={titleId} className="cc-modal-title">
            {title}
          </h2>
          <button type="button" className="cc-modal-close" aria-label={closeLabel} onClick={() => onCloseRef.current()}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className="cc-modal-body">{children}</div>
        {footer && <div className="cc-modal-footer">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
