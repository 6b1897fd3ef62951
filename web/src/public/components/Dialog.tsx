import { useEffect, useId, useRef, type ReactNode } from 'react';
import { isTextField } from '../lib/typing-idle';
import { CloseIcon } from './site-icons';

/** Open dialogs, innermost last: only the innermost answers Escape and keeps Tab inside. */
const openDialogs: object[] = [];

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

interface DialogProps {
  title: ReactNode;
  onClose(): void;
  children: ReactNode;
  /** 'sheet' slides from the left (the category drawer); 'center' is a modal card. */
  variant?: 'center' | 'sheet';
  className?: string;
  closeLabel?: string;
  /** Visually hide the heading (it still names the dialog for screen readers). */
  hideTitle?: boolean;
  footer?: ReactNode;
  /**
   * Opened by the page rather than the visitor (a promo popup): a text field that has the focus
   * keeps it. The dialog is still reached with Tab (docs/contracts.md, "Shopping help").
   */
  keepFieldFocus?: boolean;
}

/**
 * A modal dialog: labelled by its heading, focus moves in and is trapped, Escape and the
 * overlay close it, focus returns to where it was, and the page behind does not scroll.
 */
export function Dialog({
  title,
  onClose,
  children,
  variant = 'center',
  className,
  closeLabel = 'Tutup',
  hideTitle = false,
  footer,
  keepFieldFocus = false,
}: DialogProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const keepFieldFocusRef = useRef(keepFieldFocus);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    const first = panel?.querySelector<HTMLElement>('[data-autofocus]') ?? panel;
    if (!(keepFieldFocusRef.current && isTextField(previous))) first?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';

    const self = {};
    openDialogs.push(self);
    const onKeyDown = (event: KeyboardEvent) => {
      if (openDialogs[openDialogs.length - 1] !== self) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab' || !panel) return;
      // Focus left in a field (keepFieldFocus): Tab goes into the dialog.
      if (!panel.contains(document.activeElement)) {
        event.preventDefault();
        (panel.querySelector<HTMLElement>('[data-autofocus]') ?? panel).focus();
        return;
      }
      const items = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (el) => el.offsetParent !== null || el === document.activeElement,
      );
      const firstItem = items[0];
      const lastItem = items[items.length - 1];
      if (!firstItem || !lastItem) {
        event.preventDefault();
        return;
      }
      if (
        event.shiftKey &&
        (document.activeElement === firstItem || document.activeElement === panel)
      ) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && document.activeElement === lastItem) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      openDialogs.splice(openDialogs.indexOf(self), 1);
      document.body.style.overflow = overflow;
      if (previous && document.contains(previous)) previous.focus();
    };
  }, []);

  return (
    <div className={`dialog-root dialog-${variant}`}>
      <div className="dialog-overlay" aria-hidden="true" onClick={onClose} />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`dialog-panel ${className ?? ''}`}
      >
        <div className="dialog-header">
          <h2 id={titleId} className={hideTitle ? 'sr-only' : 'dialog-title'}>
            {title}
          </h2>
          <button type="button" className="icon-button" onClick={onClose} aria-label={closeLabel}>
            <CloseIcon />
          </button>
        </div>
        <div className="dialog-body">{children}</div>
        {footer ? <div className="dialog-footer">{footer}</div> : null}
      </div>
    </div>
  );
}
