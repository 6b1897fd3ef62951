import { useEffect, useState } from 'react';

/** How long after the last keystroke a visitor counts as no longer typing. */
export const TYPING_IDLE_MS = 3000;

/** Whether an element takes typed text (a search box, a form field). */
export function isTextField(element: Element | null): boolean {
  if (!element) return false;
  if (element instanceof HTMLElement && element.isContentEditable) return true;
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true;
  if (!(element instanceof HTMLInputElement)) return false;
  return !['button', 'checkbox', 'radio', 'submit', 'reset', 'image', 'range', 'color'].includes(
    element.type,
  );
}

/**
 * True while the visitor is not typing: no text field has the focus and no key was pressed for
 * TYPING_IDLE_MS. Something that would interrupt (a promo popup) waits for it (docs/contracts.md,
 * "Shopping help").
 */
export function useNotTyping(): boolean {
  const [idle, setIdle] = useState(true);
  useEffect(() => {
    let lastKey = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      clearTimeout(timer);
      const wait = lastKey + TYPING_IDLE_MS - Date.now();
      const fieldFocused = isTextField(document.activeElement);
      setIdle(!fieldFocused && wait <= 0);
      if (!fieldFocused && wait > 0) timer = setTimeout(check, wait);
    };
    const onKey = () => {
      lastKey = Date.now();
      check();
    };
    // focusout fires before the next element has the focus: look once it has settled.
    const onFocusOut = () => setTimeout(check, 0);
    check();
    document.addEventListener('keydown', onKey, true);
    document.addEventListener('focusin', check, true);
    document.addEventListener('focusout', onFocusOut, true);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('focusin', check, true);
      document.removeEventListener('focusout', onFocusOut, true);
    };
  }, []);
  return idle;
}
