import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { isSitePath } from '@shared/rules/url';
import type { Popup } from '@shared/types';
import { useActivePopups } from '../data/queries';
import { useNotTyping } from '../lib/typing-idle';
import { safeUrl } from '../../common/safe-url';
import { Dialog } from './Dialog';

const DISMISSED_KEY = 'dr_popups_dismissed';
const HEX_COLOR = /^#[0-9a-f]{3,8}$/i;

function readDismissed(): string[] {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(DISMISSED_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function writeDismissed(ids: string[]): void {
  try {
    sessionStorage.setItem(DISMISSED_KEY, JSON.stringify(ids));
  } catch {
    // Storage can be unavailable (private mode); the popup then only stays closed on this page.
  }
}

function PopupDialog({ popup, onDismiss }: { popup: Popup; onDismiss(): void }) {
  const navigate = useNavigate();
  const target = safeUrl(popup.targetUrl);
  const image = popup.imagePosition !== 'none' ? safeUrl(popup.imageUrl) : null;
  const background = HEX_COLOR.test(popup.backgroundColor) ? popup.backgroundColor : '#ffffff';
  const color = HEX_COLOR.test(popup.textColor) ? popup.textColor : '#000000';
  const style =
    image && popup.imagePosition === 'background'
      ? {
          color,
          backgroundColor: background,
          backgroundImage: `linear-gradient(rgba(0,0,0,.45), rgba(0,0,0,.45)), url("${encodeURI(image)}")`,
        }
      : { color, backgroundColor: background };
  return (
    <Dialog
      title={popup.title}
      onClose={onDismiss}
      className={`popup-panel popup-image-${popup.imagePosition}`}
      closeLabel="Tutup popup"
      keepFieldFocus
    >
      <div className="popup-content" style={style} data-popup-id={popup.id}>
        {image && popup.imagePosition !== 'background' ? (
          <img className="popup-image" src={image} alt="" loading="lazy" />
        ) : null}
        <div className="popup-text">
          <p>{popup.content}</p>
          <button
            type="button"
            className="button button-primary"
            data-autofocus
            onClick={() => {
              onDismiss();
              // A page of the site opens in place; another site in a new tab (spec section 4).
              if (target && isSitePath(target)) navigate(target);
              else if (target) window.open(target, '_blank', 'noopener');
            }}
          >
            {popup.buttonText}
          </button>
        </div>
      </div>
    </Dialog>
  );
}

/**
 * One popup at a time (spec section 4): the first active popup not yet dismissed in this
 * session appears after its triggerAfterSeconds (and once the visitor is not typing); closing
 * it dismisses it for the session.
 */
export function PopupLayer() {
  const { pathname } = useLocation();
  const [href, setHref] = useState('*');
  useEffect(() => setHref(window.location.href), [pathname]);
  const { data: popups } = useActivePopups(pathname, href === '*' ? pathname : href);
  const [dismissed, setDismissed] = useState<string[] | null>(null);
  const [shown, setShown] = useState<Popup | null>(null);

  useEffect(() => setDismissed(readDismissed()), []);

  const next = useMemo(
    () =>
      dismissed === null ? null : ((popups ?? []).find((p) => !dismissed.includes(p.id)) ?? null),
    [popups, dismissed],
  );

  // Due after its triggerAfterSeconds; shown once the visitor is not typing as well, so it never
  // interrupts a search (its suggestions) or a form (docs/contracts.md, "Shopping help").
  const [due, setDue] = useState<Popup | null>(null);
  const notTyping = useNotTyping();
  useEffect(() => {
    if (!next || shown) return;
    const timer = setTimeout(() => setDue(next), Math.max(0, next.triggerAfterSeconds) * 1000);
    return () => clearTimeout(timer);
  }, [next, shown]);
  useEffect(() => {
    if (due && !shown && notTyping && due.id === next?.id) setShown(due);
  }, [due, shown, notTyping, next]);

  if (!shown) return null;
  return (
    <PopupDialog
      popup={shown}
      onDismiss={() => {
        const ids = [...(dismissed ?? []), shown.id];
        writeDismissed(ids);
        setDismissed(ids);
        setShown(null);
        setDue(null);
      }}
    />
  );
}
