import { useEffect, useRef } from 'react';
import { TIMINGS } from '@shared/constants';
import { useUiStore } from '../state/ui-store';
import { CloseIcon } from './site-icons';

/** A swipe of 50 px to the right dismisses the toast (spec section 9). */
const SWIPE_THRESHOLD = 50;

export function ToastRegion() {
  const toast = useUiStore((s) => s.toast);
  const dismiss = useUiStore((s) => s.dismissToast);
  const startX = useRef<number | null>(null);
  const itemRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => dismiss(toast.id), TIMINGS.toastDuration);
    return () => clearTimeout(timer);
  }, [toast, dismiss]);

  return (
    <div className="toast-region" role="status" aria-live="polite">
      {toast ? (
        <div
          key={toast.id}
          ref={itemRef}
          className="toast"
          onPointerDown={(event) => {
            startX.current = event.clientX;
          }}
          onPointerMove={(event) => {
            if (startX.current === null || !itemRef.current) return;
            const dx = Math.max(0, event.clientX - startX.current);
            itemRef.current.style.transform = `translateX(${dx}px)`;
          }}
          onPointerUp={(event) => {
            const dx = startX.current === null ? 0 : event.clientX - startX.current;
            startX.current = null;
            if (dx > SWIPE_THRESHOLD) dismiss(toast.id);
            else if (itemRef.current) itemRef.current.style.transform = '';
          }}
          onPointerCancel={() => {
            startX.current = null;
            if (itemRef.current) itemRef.current.style.transform = '';
          }}
        >
          <span>{toast.message}</span>
          <button
            type="button"
            className="icon-button toast-close"
            aria-label="Tutup notifikasi"
            onClick={() => dismiss(toast.id)}
          >
            <CloseIcon />
          </button>
        </div>
      ) : null}
    </div>
  );
}
