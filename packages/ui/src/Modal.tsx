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
}

const FOCUSABLE =
  'a[href], button:not([disabled]), textarea:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement | null): HTMLElement[] {
  return root ? Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)) : [];
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
}: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

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
    if (event.shiftKey && (active === first || active === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
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
